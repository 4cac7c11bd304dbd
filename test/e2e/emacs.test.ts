/**
 * The language server in Emacs with eglot, started by the configuration users copy from docs/editors.md. In `npm run test:e2e`,
 * not `npm test`: Emacs with eglot is not an npm package. `.ci/run` installs it where it is missing; a machine without it fails
 * here, it does not skip.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { docBlock } from '../docs/doc-blocks.js';
import { repoRoot } from '../integrations/built-cli.js';
import { workspace } from '../lsp/client.js';
import { MANIFESTS, NOT_INSTALLED, pathWithoutPlatlint, projectWithPlatlint } from '../lsp/editor-project.js';

interface Seen {
  error?: string;
  mode: string;
  messages: string;
  servers: number;
  command?: string[];
  /** [0-based line, column, flymake type, text] */
  diagnostics?: [number, number, string, string][];
  sameServer?: boolean;
}

/** Emacs 28 and eglot from Debian (emacs-nox, elpa-eglot); `.ci/run` installs them when missing. */
function emacsVersion(): string {
  const version = spawnSync('emacs', ['--version'], { encoding: 'utf8' });
  if (version.error) throw new Error('emacs is not installed: apt-get install emacs-nox elpa-eglot (.ci/run does it when missing)');
  return version.stdout.split('\n')[0] ?? '';
}

/** Emacs in batch mode in `root`, with the init file users copy from docs/editors.md, driven by emacs/e2e.el. */
function runEmacs(root: string, env: Record<string, string> = {}): { seen: Seen; status: number | null; stderr: string } {
  const config = join(root, 'init.el');
  writeFileSync(config, docBlock('docs/editors.md', 'Emacs (eglot)', 'eglot-server-programs'));
  const outFile = join(root, 'seen.json');
  const run = spawnSync('emacs', ['-Q', '--batch', '-l', join(repoRoot, 'test/e2e/emacs/e2e.el')], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, PATH: pathWithoutPlatlint, PLATLINT_ROOT: root, PLATLINT_OUT: outFile, PLATLINT_CONFIG: config, ...env },
  });
  expect(run.error).toBeUndefined();
  return { seen: JSON.parse(readFileSync(outFile, 'utf8')) as Seen, status: run.status, stderr: run.stderr };
}

describe('platlint lsp in Emacs with eglot, started by the init file of docs/editors.md', () => {
  let project: string;

  beforeAll(() => {
    expect(emacsVersion()).toMatch(/^GNU Emacs \d+/);
    project = projectWithPlatlint();
  }, 120_000);

  it('a project with platlint as its devDependency: the diagnostics in flymake, one server for the project', () => {
    const { seen, status, stderr } = runEmacs(project);
    expect(seen.error).toBeUndefined();
    expect(seen.mode).toBe('yaml-mode');
    expect(seen.command).toEqual([join(project, 'node_modules/.bin/platlint'), 'lsp', '--stdio']);
    expect(seen.diagnostics).toEqual([
      [6, 2, 'eglot-error', 'platlint [schema/unknown-field]: Unknown field "emial" in spec; did you mean "email"?'],
      [7, 19, 'eglot-warning', 'platlint [schema/type]: spec.tokenGeneration must be an integer, not string; remove the quotes to write a number.'],
    ]);
    expect(seen.sameServer).toBe(true);
    expect(seen.servers).toBe(1);
    // Without a version-controlled root, eglot names the project after the file's folder.
    const connected = "[eglot] Connected! Server `platlint' now managing `(yaml-mode yaml-ts-mode)' buffers in project `users'.\n";
    expect(seen.messages).toBe(connected);
    expect([status, stderr]).toEqual([0, connected]);
  }, 60_000);

  it('a project without platlint (none on PATH either): one line, once, no server and no error', () => {
    const { seen, status, stderr } = runEmacs(workspace(MANIFESTS), { PLATLINT_CASE: 'missing' });
    expect(seen.error).toBeUndefined();
    expect(seen.mode).toBe('yaml-mode');
    expect(seen.servers).toBe(0);
    expect(seen.messages).toBe(`${NOT_INSTALLED}\n`);
    expect([status, stderr]).toEqual([0, `${NOT_INSTALLED}\n`]);
  }, 60_000);
});
