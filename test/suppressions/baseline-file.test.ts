import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBaseline, serializeBaseline } from '../../src/suppressions/baseline.js';
import { ConfigError } from '../../src/settings-file/load.js';
import { runCli } from '../helpers/cli.js';
import { tempTree } from '../helpers/files.js';

const ENTRY = { file: 'users/jane.yaml', object: 'User/jane', rule: 'schema/type', path: '/spec/tokenGeneration' };
const GOOD = serializeBaseline([ENTRY]);

/** The one line a baseline that cannot be used gives. */
function refusal(text: string): string {
  try {
    parseBaseline('/repo/.platlint-baseline.json', text);
  } catch (error) {
    if (error instanceof ConfigError) return error.lines.join('\n');
    throw error;
  }
  return 'read';
}

describe('a baseline file that is not one platlint can use', () => {
  it('is one line at the place of its first JSON error', () => {
    expect(refusal('{\n  "version": 1,\n  "entries": [\n    {"file": "a", }\n  ]\n}\n')).toBe('/repo/.platlint-baseline.json:4:19: invalid JSON: expected a property name in double quotes');
    expect(refusal('{\n  "version": 1\n  "entries": []\n}\n')).toBe("/repo/.platlint-baseline.json:3:3: invalid JSON: expected ','");
    expect(refusal('{"version": 1, "entries": [tru]}')).toBe('/repo/.platlint-baseline.json:1:28: invalid JSON: unexpected character');
    expect(refusal('{"version": 1, "entries": []} []')).toBe('/repo/.platlint-baseline.json:1:31: invalid JSON: unexpected text after the end');
    expect(refusal('{"version": 1, // a comment\n"entries": []}')).toBe('/repo/.platlint-baseline.json:1:16: invalid JSON: comments are not allowed');
    expect(refusal('{"version": 1, "entries": ["a\u0001"]}')).toBe('/repo/.platlint-baseline.json:1:28: invalid JSON: control character in a string');
  });

  it('says where a file cut short ends', () => {
    expect(refusal(GOOD.slice(0, GOOD.indexOf('"object"')))).toBe('/repo/.platlint-baseline.json:4:31: invalid JSON: unexpected end of the file');
    expect(refusal('')).toBe('/repo/.platlint-baseline.json:1:1: invalid JSON: unexpected end of the file');
  });

  it('names the merge conflict a merge left in it, at its first marker', () => {
    const ours = serializeBaseline([ENTRY, { ...ENTRY, file: 'users/bob.yaml', object: 'User/bob' }]).split('\n');
    const conflicted = [...ours.slice(0, 3), '<<<<<<< HEAD', ours[3], '=======', ours[4], '>>>>>>> topic', ...ours.slice(5)].join('\n');
    expect(refusal(conflicted)).toBe(
      '/repo/.platlint-baseline.json:4:1: merge conflict markers: resolve the conflict (keep the entries of both sides), or delete the file and run platlint baseline again',
    );
  });

  it('refuses a version other than the one it writes, at the version, saying which it reads', () => {
    expect(refusal(GOOD.replace('"version": 1', '"version": 2'))).toBe(
      '/repo/.platlint-baseline.json:2:14: the baseline is version 2, and this platlint reads version 1 only (upgrade platlint, or delete the file and run platlint baseline again)',
    );
    expect(refusal(GOOD.replace('"version": 1', '"version": "1"'))).toBe(
      '/repo/.platlint-baseline.json:2:14: the baseline is version "1", and this platlint reads version 1 only (upgrade platlint, or delete the file and run platlint baseline again)',
    );
    expect(refusal(GOOD.replace('  "version": 1,\n', ''))).toBe(
      '/repo/.platlint-baseline.json:1:1: the baseline has no "version", and this platlint reads version 1 only (upgrade platlint, or delete the file and run platlint baseline again)',
    );
    // Another version need not keep its entries in a list: the version is what is said.
    expect(refusal('{"version": 3, "problems": {}}')).toBe(
      '/repo/.platlint-baseline.json:1:13: the baseline is version 3, and this platlint reads version 1 only (upgrade platlint, or delete the file and run platlint baseline again)',
    );
    expect(refusal('{"problems": {}}')).toBe('/repo/.platlint-baseline.json: not a platlint baseline: no "entries" list (delete the file and run platlint baseline again)');
  });

  it('reads a file that starts with a UTF-8 byte-order mark as the same baseline', () => {
    const read = parseBaseline('/repo/.platlint-baseline.json', `\ufeff${GOOD}`);
    expect([read.entries, read.lines, read.text]).toEqual([[ENTRY], [4], GOOD]);
  });
});

describe('the baseline file through the CLI', () => {
  const USER = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  tokenGeneration: "3"\n';

  it('gives one line and exit 2 for broken JSON, never a parser dump', () => {
    const dir = tempTree('platlint-baseline-file-', { 'users/jane.yaml': USER, '.platlint-baseline.json': GOOD.replace('"version": 1,', '"version": 1') });
    const run = runCli(['users'], { cwd: dir });
    expect([run.status, run.stdout, run.stderr]).toEqual([2, '', `platlint: ${join(dir, '.platlint-baseline.json')}:3:3: invalid JSON: expected ','\n`]);
  });

  it('does not write over a conflicted baseline, whose entries of other files it could not keep', () => {
    const conflicted = ['<<<<<<< HEAD', GOOD, '=======', GOOD, '>>>>>>> topic', ''].join('\n');
    const dir = tempTree('platlint-baseline-file-', { 'users/jane.yaml': USER, '.platlint-baseline.json': conflicted });
    const run = runCli(['baseline', 'users'], { cwd: dir });
    expect([run.status, run.stderr]).toEqual([
      2,
      `platlint: ${join(dir, '.platlint-baseline.json')}:1:1: merge conflict markers: resolve the conflict (keep the entries of both sides), or delete the file and run platlint baseline again\n`,
    ]);
    expect(readFileSync(join(dir, '.platlint-baseline.json'), 'utf8')).toBe(conflicted);
  });

  it('applies a baseline saved with a byte-order mark, and refuses version 2 in one line', () => {
    const dir = tempTree('platlint-baseline-file-', { 'users/jane.yaml': USER });
    writeFileSync(join(dir, '.platlint-baseline.json'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(GOOD)]));
    const applied = runCli(['users'], { cwd: dir });
    expect([applied.status, applied.stderr]).toEqual([0, '']);
    expect(applied.stdout).toContain('1 suppressed by the baseline.');
    writeFileSync(join(dir, '.platlint-baseline.json'), GOOD.replace('"version": 1', '"version": 2'));
    const refused = runCli(['users'], { cwd: dir });
    expect([refused.status, refused.stdout, refused.stderr]).toEqual([
      2,
      '',
      `platlint: ${join(dir, '.platlint-baseline.json')}:2:14: the baseline is version 2, and this platlint reads version 1 only (upgrade platlint, or delete the file and run platlint baseline again)\n`,
    ]);
  });
});
