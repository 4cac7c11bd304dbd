/**
 * The one list of documentation code blocks that test/docs/blocks.test.ts does not run, each with why. A block is
 * named by its page, the heading it is under and a piece of its text; an entry that names no block fails the test, so
 * the list cannot outlive what it excuses.
 */
export interface UntestedBlock {
  file: string;
  heading: string;
  /** A piece of the block's text that tells it apart from the other blocks under the same heading. */
  contains: string;
  why: string;
}

export const UNTESTED_BLOCKS: readonly UntestedBlock[] = [
  {
    file: 'README.md',
    heading: 'Quick start',
    contains: 'npm install && npx platlint fixtures/examples/',
    why: 'needs a clone of the repository and a full npm install: test/e2e/install-routes.test.ts runs it in a file:// clone',
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
  },
  {
    file: 'README.md',
    heading: 'Install',
    contains: 'git+https://github.com/platlint/platlint.git',
    why: 'installs from GitHub (no network here): test/e2e/install-routes.test.ts runs it against a file:// clone',
  },
  {
    file: 'README.md',
    heading: 'Install',
    contains: 'npm install --save-dev ../platlint/platlint-0.1.0.tgz',
    why: 'needs the tarball the block before it packs in a clone: test/integrations/package.test.ts runs it with the tarball it packs',
  },
  {
    file: 'README.md',
    heading: 'pre-commit',
    contains: 'pre-commit autoupdate',
    why: 'fetches the hook repository from GitHub: test/e2e/pre-commit.test.ts runs it against a file:// clone',
  },
  {
    file: 'docs/integrations.md',
    heading: 'pre-commit',
    contains: 'pre-commit autoupdate',
    why: 'fetches the hook repository from GitHub: test/e2e/pre-commit.test.ts runs it against a file:// clone',
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
];
