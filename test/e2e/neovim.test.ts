/**
 * The language server in Neovim, started by the configuration users copy from docs/editors.md. In `npm run test:e2e`,
 * not `npm test`: Neovim is not an npm package. `.ci/run` installs it where it is missing; a machine without it fails
 * here, it does not skip.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { docBlock } from '../docs/doc-blocks.js';
import { repoRoot } from '../integrations/built-cli.js';
import { BROKEN_USER as USER, workspace } from '../lsp/client.js';
import { executable, MANIFESTS, NOT_INSTALLED, pathWithoutPlatlint, projectWithPlatlint } from '../lsp/editor-project.js';

type Diagnostic = [string, number, number, number];

interface Seen {
  error: string | null;
  filetype: string;
  messages: string;
  clients: number;
  cmd?: string[];
  opened: Diagnostic[];
  typed: string;
  broken: Diagnostic[];
  undone: Diagnostic[];
  fixAllTitles: string[];
  fixed: string[];
  cursorAfterFix: [number, number];
  afterFix: Diagnostic[];
  hover: string;
  completionLine: string;
  completion: [string, string][];
  signatureHelp: (string | null)[];
  references: [number, number, number][];
  renamed: string[];
  refused: string | null;
  sameClient: boolean;
  policyProblems: Diagnostic[];
  policyActions: string[];
  policyFixed: string;
  symbols: [string, number, number, string][];
}


/** Neovim from Debian (0.7 on bookworm); `.ci/run` installs it when missing. Missing here is a failure, not a skip. */
function neovimVersion(): string {
  const version = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
  if (version.error) throw new Error('nvim is not installed: apt-get install neovim (.ci/run does it when missing)');
  return version.stdout.split('\n')[0] ?? '';
}

/** The Neovim 0.7 configuration users copy from docs/editors.md, as a file for `luafile`. */
function editorConfig(dir: string): string {
  const file = join(dir, 'init.lua');
  writeFileSync(file, docBlock('docs/editors.md', 'Neovim 0.7 to 0.9', 'vim.lsp.start_client'));
  return file;
}

/** Headless Neovim in `root` with the docs' configuration, driven by e2e.lua; what it saw, and what it wrote on stderr. */
function runNeovim(root: string, env: Record<string, string> = {}): { seen: Seen; stderr: string } {
  const outFile = join(root, 'seen.json');
  const script = join(repoRoot, 'test/e2e/neovim/e2e.lua');
  const run = spawnSync('nvim', ['--headless', '--clean', '-n', '-c', `luafile ${editorConfig(root)}`, '-c', `luafile ${script}`], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, PATH: pathWithoutPlatlint, PLATLINT_ROOT: root, PLATLINT_OUT: outFile, ...env },
  });
  expect(run.error).toBeUndefined();
  return { seen: JSON.parse(readFileSync(outFile, 'utf8')) as Seen, stderr: run.stderr };
}

describe('platlint lsp in a real editor, started by the configuration of docs/editors.md', () => {
  let project: string;

  beforeAll(() => {
    expect(neovimVersion()).toMatch(/^NVIM v0\.\d+/);
    project = projectWithPlatlint();
  }, 120_000);

  it('a project with platlint as its devDependency: diagnostics, a typed mistake, undo, fix-all, hover, completion, signature help, references and rename', () => {
    expect(executable(join(project, 'node_modules/.bin/platlint'))).toBe(true);
    const { seen, stderr } = runNeovim(project);
    expect(seen.error ?? null).toBeNull();
    expect(seen.filetype).toBe('yaml');
    expect(seen.cmd).toEqual([join(project, 'node_modules/.bin/platlint'), 'lsp', '--stdio']);
    // [rule id, 0-based line, column, severity (1 error, 2 warning)]
    expect(seen.opened).toEqual([['schema/unknown-field', 6, 2, 1], ['schema/type', 7, 19, 2]]);
    expect(seen.typed).toBe('  ]emial: jane@example.com');
    // The mistake is shown where it was typed; the document's last good diagnostics are kept meanwhile.
    expect(seen.broken.filter((d) => d[0] === 'yaml/syntax').map((d) => d[1])).toEqual(expect.arrayContaining([6]));
    expect(seen.broken.filter((d) => d[0] === 'yaml/syntax').length).toBeLessThanOrEqual(3);
    expect(seen.broken.filter((d) => d[0] !== 'yaml/syntax')).toEqual(seen.opened);
    expect(seen.undone).toEqual(seen.opened);
    expect(seen.fixAllTitles).toEqual(['Fix all auto-fixable platlint problems (1)']);
    expect(seen.fixed.join('\n')).toBe(USER.replace('emial', 'email').replace(/\n$/, ''));
    expect(seen.cursorAfterFix).toEqual([8, 5]);
    expect(seen.afterFix).toEqual([['schema/type', 7, 19, 2]]);
    expect(seen.hover).toBe('**username**: string\n\n`spec.username`\n\nUsername used to log in.');
    expect(seen.completionLine).toBe('  dis');
    expect(seen.completion).toEqual([['displayName', 'string'], ['disabled', 'boolean']]);
    expect(seen.sameClient).toBe(true);
    expect(seen.signatureHelp).toEqual(['```yaml', 'matches(string, string) -> bool', '```', 'string']);
    // [0-based line, start and end column]: the name, and its two uses (not the one in the message's string literal).
    expect(seen.references).toEqual([[9, 12, 18], [12, 62, 68], [13, 48, 54]]);
    expect(seen.renamed.slice(9, 14)).toEqual([
      '    - name: company',
      "      expression: \"'acme.example'\"",
      '  validations:',
      "    - expression: \"object.spec.email.endsWith('@' + variables.company)\"",
      "      messageExpression: \"'not at ' + variables.company + ' (variables.domain)'\"",
    ]);
    expect(seen.refused).toBe('"in" is not a valid variable name: a CEL identifier, not a reserved word');
    expect(seen.clients).toBe(1);
    // Neovim records a blank line among its messages; no words.
    expect(seen.messages.trim()).toBe('');
    expect(stderr).toBe('');
  }, 90_000);

  it("a policy file: its problem, the quick fix of its did-you-mean applied, the workspace's rules as symbols", () => {
    // A folder with its own .platlint.yaml, in the project (whose node_modules/.bin/platlint Neovim starts).
    const policy = 'apiVersion: platlint/v1\nkind: Policy\nmetadata:\n  name: acme\nspec:\n  rules:\n    - id: acme/email\n      description: Emails are ours\n      severity: error\n      match: {kinds: [User]}\n      expression: "object.spec.emial.endsWith(\'@acme.example\')"\n      message: m\n';
    mkdirSync(join(project, 'policy-workspace/policies'), { recursive: true });
    writeFileSync(join(project, 'policy-workspace/.platlint.yaml'), 'policies: [policies/]\n');
    writeFileSync(join(project, 'policy-workspace/policies/acme.yaml'), policy);
    const { seen, stderr } = runNeovim(project, { PLATLINT_CASE: 'policies' });
    expect(seen.error ?? null).toBeNull();
    // [rule id, 0-based line, column, severity]: at `.emial`.
    expect(seen.policyProblems).toEqual([['policy/invalid', 10, 30, 1]]);
    expect(seen.policyActions).toEqual(['Replace "emial" with "email"']);
    expect(seen.policyFixed).toBe('      expression: "object.spec.email.endsWith(\'@acme.example\')"');
    // Neovim's quickfix items: [file, 1-based line and column, text].
    expect(seen.symbols).toEqual([['policy-workspace/policies/acme.yaml', 7, 11, '[Function] acme/email']]);
    expect(seen.messages.trim()).toBe('');
    expect(stderr).toBe('');
  }, 90_000);

  it('the Neovim 0.10 configuration of docs/editors.md is Lua that compiles (this Neovim cannot run it)', () => {
    const file = join(workspace({}), 'init-0.10.lua');
    writeFileSync(file, docBlock('docs/editors.md', 'Neovim 0.10 and later', 'vim.lsp.start('));
    const run = spawnSync('nvim', ['--headless', '--clean', '-n', '-c', `lua assert(loadfile(${JSON.stringify(file)}))`, '-c', 'qa!'], { encoding: 'utf8', timeout: 30_000 });
    expect([run.status, run.stderr]).toEqual([0, '']);
  }, 30_000);

  it('a project without platlint (none on PATH either): one line, once, no server and no Lua error', () => {
    const { seen, stderr } = runNeovim(workspace(MANIFESTS), { PLATLINT_CASE: 'missing' });
    expect(seen.error ?? null).toBeNull();
    expect(seen.filetype).toBe('yaml');
    expect(seen.clients).toBe(0);
    expect(seen.messages).toBe(NOT_INSTALLED);
    expect(stderr).toBe(NOT_INSTALLED);
  }, 60_000);
});
