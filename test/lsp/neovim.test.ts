import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureBuiltCli, repoRoot } from '../integrations/built-cli.js';
import { BROKEN_USER as USER, workspace } from './client.js';

interface Seen {
  error: string | null;
  opened: [string, number, number, number][];
  typed: string;
  broken: [string, number, number, number][];
  undone: [string, number, number, number][];
  fixAllTitles: string[];
  fixed: string[];
  cursorAfterFix: [number, number];
  afterFix: [string, number, number, number][];
  hover: string;
  completionLine: string;
  completion: [string, string][];
}

/** Neovim from Debian (0.7 on bookworm); `.ci/run` installs it when missing. Missing here is a failure, not a skip. */
function neovimVersion(): string {
  const version = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
  if (version.error) throw new Error('nvim is not installed: apt-get install neovim (.ci/run does it when missing)');
  return version.stdout.split('\n')[0] ?? '';
}

describe('platlint lsp in a real editor', () => {
  it('headless Neovim: diagnostics, a typed mistake, undo, fix-all as minimal edits, hover, completion', () => {
    expect(neovimVersion()).toMatch(/^NVIM v0\.\d+/);
    const bin = ensureBuiltCli();
    const root = workspace({ '.platlint.yaml': 'rules:\n  schema/type: warn\n', 'users/jane.yaml': USER });
    const outFile = join(root, 'seen.json');
    const run = spawnSync('nvim', ['--headless', '--clean', '-n', '-c', `luafile ${join(repoRoot, 'test/lsp/neovim/e2e.lua')}`], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, PLATLINT_ROOT: root, PLATLINT_BIN: bin, PLATLINT_NODE: process.execPath, PLATLINT_OUT: outFile },
    });
    expect(run.error).toBeUndefined();
    const seen = JSON.parse(readFileSync(outFile, 'utf8')) as Seen;
    expect(seen.error ?? null).toBeNull();
    // [rule id, 0-based line, column, severity (1 error, 2 warning)]
    expect(seen.opened).toEqual([['schema/unknown-field', 6, 2, 1], ['schema/type', 7, 19, 2]]);
    expect(seen.typed).toBe('  ]emial: jane@example.com');
    // The mistake is shown where it was typed; the document's last good diagnostics are kept meanwhile.
    expect(seen.broken.filter((d) => d[0] === 'yaml/syntax').map((d) => d[1])).toEqual(expect.arrayContaining([6]));
    expect(seen.broken.filter((d) => d[0] === 'yaml/syntax').length).toBeLessThanOrEqual(3);
    expect(seen.broken.filter((d) => d[0] !== 'yaml/syntax')).toEqual(seen.opened);
    expect(seen.undone).toEqual(seen.opened);
    expect(seen.fixAllTitles).toEqual(['Fix all auto-fixable platlint problems']);
    expect(seen.fixed.join('\n')).toBe(USER.replace('emial', 'email').replace(/\n$/, ''));
    expect(seen.cursorAfterFix).toEqual([8, 5]);
    expect(seen.afterFix).toEqual([['schema/type', 7, 19, 2]]);
    expect(seen.hover).toBe('**username**: string\n\n`spec.username`\n\nUsername used to log in.');
    expect(seen.completionLine).toBe('  dis');
    expect(seen.completion).toEqual([['displayName', 'string'], ['disabled', 'boolean']]);
  }, 90_000);
});
