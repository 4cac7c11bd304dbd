/**
 * The one list of documentation code blocks that test/docs/blocks.test.ts does not run, each with why: those another
 * test runs (`coveredBy`, a test file that must exist and name the page) and those nothing can run here. A block is
 * named by its page, the heading it is under and a piece of its text; an entry that names no block fails the test, so
 * the list cannot outlive what it excuses.
 */
export interface UntestedBlock {
  file: string;
  heading: string;
  /** A piece of the block's text that tells it apart from the other blocks under the same heading. */
  contains: string;
  why: string;
  /** The test file that runs the block instead (it reads it from the page, or checks what the `why` says). */
  coveredBy?: string;
}

export const UNTESTED_BLOCKS: readonly UntestedBlock[] = [
  {
    file: 'README.md',
    heading: 'Quick start',
    contains: 'npm install && npx platlint fixtures/examples/',
    why: 'needs a clone of the repository and a full npm install: test/e2e/install-routes.test.ts runs it in a file:// clone',
    coveredBy: 'test/e2e/install-routes.test.ts',
  },
  {
    file: 'README.md',
    heading: 'Quick start',
    contains: 'npm test',
    why: 'runs the whole test suite, this test included',
  },
  {
    file: 'README.md',
    heading: 'Install',
    contains: 'npm pack',
    why: 'clones from GitHub (no network here): test/e2e/install-routes.test.ts runs it against a file:// clone',
    coveredBy: 'test/e2e/install-routes.test.ts',
  },
  {
    file: 'README.md',
    heading: 'Install',
    contains: 'git+https://github.com/platlint/platlint.git',
    why: 'installs from GitHub (no network here): test/e2e/install-routes.test.ts runs it against a file:// clone',
    coveredBy: 'test/e2e/install-routes.test.ts',
  },
  {
    file: 'README.md',
    heading: 'Install',
    contains: 'npm install --save-dev ./vendor/platlint-0.1.0.tgz',
    why: 'needs the tarball the block before it packs in a clone: test/integrations/package.test.ts runs it with the tarball it packs, test/e2e/install-routes.test.ts after the block that packs it, then runs npm ci in a clone of the project',
    coveredBy: 'test/integrations/package.test.ts',
  },
  {
    file: 'README.md',
    heading: 'pre-commit',
    contains: 'pre-commit autoupdate',
    why: 'fetches the hook repository from GitHub: test/e2e/pre-commit.test.ts runs it against a file:// clone',
    coveredBy: 'test/e2e/pre-commit.test.ts',
  },
  {
    file: 'docs/integrations.md',
    heading: 'pre-commit',
    contains: 'pre-commit autoupdate',
    why: "fetches the hook repository from GitHub: the same command as README.md's, which test/e2e/pre-commit.test.ts runs against a file:// clone",
  },
  {
    file: 'docs/performance.md',
    heading: 'Reproducing the figures',
    contains: 'npm run bench',
    why: 'a benchmark: half an hour on two cores, and meaningless on a shared machine; test/bench/ covers its harness',
  },
  {
    file: 'docs/performance.md',
    heading: 'Package size',
    contains: 'npm pack --dry-run',
    why: 'packs the platlint checkout, not the reader\'s project: test/integrations/package.test.ts packs it and checks its limits',
  },
  {
    file: 'docs/configuration.md',
    heading: 'Templated YAML',
    contains: 'helm template',
    why: 'needs helm and a chart',
  },
  {
    file: 'docs/contributing.md',
    heading: 'Set up',
    contains: 'npm ci',
    why: 'installs and rebuilds the platlint checkout itself, not a project of the reader: the test checks that each npm script it names exists',
    coveredBy: 'test/docs/contributing.test.ts',
  },
  {
    file: 'docs/contributing.md',
    heading: '2. The rule: `rules/user/display-name-spaces/index.ts`',
    contains: 'export default rule;',
    why: 'a rule of the walk-through: the test writes it into a copy of the checkout, compiles, lints and runs it',
    coveredBy: 'test/docs/contributing.test.ts',
  },
  {
    file: 'docs/contributing.md',
    heading: '3. The doc page: `rules/user/display-name-spaces/README.md`',
    contains: '# user/display-name-spaces',
    why: "the walk-through rule's doc page: the test writes it into the copy and lints its examples",
    coveredBy: 'test/docs/contributing.test.ts',
  },
  {
    file: 'docs/contributing.md',
    heading: '4. The fixtures: `fixtures/user/display-name-spaces/`',
    contains: '# expect: user/display-name-spaces',
    why: "expects a rule that exists only in the walk-through: the test lints it with the rule registered in the copy",
    coveredBy: 'test/docs/contributing.test.ts',
  },
  {
    file: 'docs/contributing.md',
    heading: '5. Register it: `rules/user/index.ts`',
    contains: 'displayNameSpacesRule,',
    why: 'an edit of the registry: the test applies it to the copy and loads the rule through it',
    coveredBy: 'test/docs/contributing.test.ts',
  },
  {
    file: 'docs/contributing.md',
    heading: '6. Run the checks',
    contains: 'npx vitest run test/rules/registry.test.ts',
    why: 'runs the test suite of the checkout after the walk-through: the test runs the same checks (compile, ESLint, fixtures, doc examples) on its copy and checks the paths and scripts named',
    coveredBy: 'test/docs/contributing.test.ts',
  },
  {
    file: 'docs/editors.md',
    heading: 'Neovim 0.10 and later',
    contains: 'vim.lsp.start(',
    why: 'Debian has Neovim 0.7: the test only loads this block as Lua (it compiles), it cannot run it',
    coveredBy: 'test/e2e/neovim.test.ts',
  },
  {
    file: 'docs/editors.md',
    heading: 'Neovim 0.7 to 0.9',
    contains: 'vim.lsp.start_client',
    why: 'a Neovim configuration: the test loads it into Neovim 0.7 with platlint as a devDependency, and without platlint',
    coveredBy: 'test/e2e/neovim.test.ts',
  },
  {
    file: 'docs/editors.md',
    heading: 'VS Code',
    contains: '"activationEvents"',
    why: "a VS Code extension's package.json (VS Code is not installed here): the test checks its entry point and activation",
    coveredBy: 'test/lsp/editor-snippets.test.ts',
  },
  {
    file: 'docs/editors.md',
    heading: 'VS Code',
    contains: "require('vscode-languageclient/node')",
    why: "a VS Code extension (VS Code is not installed here): the test activates it against stand-ins for VS Code's modules",
    coveredBy: 'test/lsp/editor-snippets.test.ts',
  },
  {
    file: 'docs/editors.md',
    heading: 'VS Code',
    contains: '"editor.codeActionsOnSave"',
    why: 'VS Code settings (VS Code is not installed here): the test checks the code action kind and settings it names',
    coveredBy: 'test/lsp/editor-snippets.test.ts',
  },
  {
    file: 'docs/editors.md',
    heading: 'Helix',
    contains: '[language-server.platlint]',
    why: 'a Helix configuration (Helix is not installed here): the test runs its command as Helix would, in a project and without platlint',
    coveredBy: 'test/lsp/editor-snippets.test.ts',
  },
  {
    file: 'docs/editors.md',
    heading: 'Emacs (eglot)',
    contains: 'eglot-server-programs',
    why: 'an Emacs init file: the test loads it into Emacs 28 with eglot, with platlint as a devDependency and without',
    coveredBy: 'test/e2e/emacs.test.ts',
  },
  {
    file: 'docs/editors.md',
    heading: 'JSON Schemas for yaml-language-server',
    contains: '"yaml.schemas"',
    why: 'VS Code settings (VS Code is not installed here): the test gives them to the real yaml-language-server, with the schema files and modeline of the page',
    coveredBy: 'test/schema/yaml-language-server.test.ts',
  },
  {
    file: 'docs/editors.md',
    heading: 'JSON Schemas for yaml-language-server',
    contains: "require('lspconfig').yamlls",
    why: "needs nvim-lspconfig and a Neovim that runs it (not installed here); the same settings in VS Code's form are run by test/schema/yaml-language-server.test.ts",
  },
  {
    file: 'docs/adopting.md',
    heading: 'Baseline',
    contains: '"entries": [',
    why: 'the layout of a baseline file: test/cli/baseline.test.ts writes one and checks its entries, one a line',
    coveredBy: 'test/cli/baseline.test.ts',
  },
  {
    file: 'docs/adopting.md',
    heading: 'Exceptions',
    contains: 'exceptions:',
    why: 'an excerpt of .platlint.yaml: test/cli/exceptions.test.ts loads it as written and has print-config list it',
    coveredBy: 'test/cli/exceptions.test.ts',
  },
  {
    file: 'docs/configuration-sources.md',
    heading: 'Where your configuration lives',
    contains: "- files: [values.yaml]",
    why: 'a file of fixtures/embedded, or a command run there: test/cli/embedded-docs.test.ts compares each file and each output of this page with fixtures/embedded',
    coveredBy: 'test/cli/embedded-docs.test.ts',
  },
  {
    file: 'docs/configuration-sources.md',
    heading: 'A Config manifest',
    contains: "kind: Config",
    why: 'a file of fixtures/embedded, or a command run there: test/cli/embedded-docs.test.ts compares each file and each output of this page with fixtures/embedded',
    coveredBy: 'test/cli/embedded-docs.test.ts',
  },
  {
    file: 'docs/configuration-sources.md',
    heading: 'A Config manifest',
    contains: "$ platlint config.yaml",
    why: 'a file of fixtures/embedded, or a command run there: test/cli/embedded-docs.test.ts compares each file and each output of this page with fixtures/embedded',
    coveredBy: 'test/cli/embedded-docs.test.ts',
  },
  {
    file: 'docs/configuration-sources.md',
    heading: 'The YAML text in spec.raw',
    contains: "kind: Config",
    why: 'a file of fixtures/embedded, or a command run there: test/cli/embedded-docs.test.ts compares each file and each output of this page with fixtures/embedded',
    coveredBy: 'test/cli/embedded-docs.test.ts',
  },
  {
    file: 'docs/configuration-sources.md',
    heading: 'The YAML text in spec.raw',
    contains: "$ platlint config-raw.yaml",
    why: 'a file of fixtures/embedded, or a command run there: test/cli/embedded-docs.test.ts compares each file and each output of this page with fixtures/embedded',
    coveredBy: 'test/cli/embedded-docs.test.ts',
  },
  {
    file: 'docs/configuration-sources.md',
    heading: "A values file's block",
    contains: "replicaCount:",
    why: 'a file of fixtures/embedded, or a command run there: test/cli/embedded-docs.test.ts compares each file and each output of this page with fixtures/embedded',
    coveredBy: 'test/cli/embedded-docs.test.ts',
  },
  {
    file: 'docs/configuration-sources.md',
    heading: "A values file's block",
    contains: "$ platlint values.yaml",
    why: 'a file of fixtures/embedded, or a command run there: test/cli/embedded-docs.test.ts compares each file and each output of this page with fixtures/embedded',
    coveredBy: 'test/cli/embedded-docs.test.ts',
  },
  {
    file: 'docs/configuration-sources.md',
    heading: "A Secret's key",
    contains: "stringData:",
    why: 'a file of fixtures/embedded, or a command run there: test/cli/embedded-docs.test.ts compares each file and each output of this page with fixtures/embedded',
    coveredBy: 'test/cli/embedded-docs.test.ts',
  },
  {
    file: 'docs/configuration-sources.md',
    heading: "A Secret's key",
    contains: "$ platlint config-secret.yaml",
    why: 'a file of fixtures/embedded, or a command run there: test/cli/embedded-docs.test.ts compares each file and each output of this page with fixtures/embedded',
    coveredBy: 'test/cli/embedded-docs.test.ts',
  },
  {
    file: 'docs/configuration-sources.md',
    heading: "A Secret's key",
    contains: "\ndata:\n",
    why: 'a file of fixtures/embedded, or a command run there: test/cli/embedded-docs.test.ts compares each file and each output of this page with fixtures/embedded',
    coveredBy: 'test/cli/embedded-docs.test.ts',
  },
  {
    file: 'docs/configuration-sources.md',
    heading: "A Secret's key",
    contains: "$ platlint sealed-secret.yaml",
    why: 'a file of fixtures/embedded, or a command run there: test/cli/embedded-docs.test.ts compares each file and each output of this page with fixtures/embedded',
    coveredBy: 'test/cli/embedded-docs.test.ts',
  },
  {
    file: 'docs/configuration-sources.md',
    heading: 'The embedded entry',
    contains: "deploy/platform/values*.yaml",
    why: 'a file of fixtures/embedded, or a command run there: test/cli/embedded-docs.test.ts compares each file and each output of this page with fixtures/embedded',
    coveredBy: 'test/cli/embedded-docs.test.ts',
  },
  {
    file: 'docs/configuration-sources.md',
    heading: 'Finding them',
    contains: "$ platlint --no-config --verbose",
    why: 'a file of fixtures/embedded, or a command run there: test/cli/embedded-docs.test.ts compares each file and each output of this page with fixtures/embedded',
    coveredBy: 'test/cli/embedded-docs.test.ts',
  },
];
