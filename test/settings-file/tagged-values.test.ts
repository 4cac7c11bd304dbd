import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readYaml } from '../../src/engine/read-yaml.js';
import { ConfigError, loadConfigFile } from '../../src/settings-file/load.js';
import { runCli } from '../helpers/cli.js';
import { tempTree } from '../helpers/files.js';

const FILE = '/p/.platlint.yaml';
const USER = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: Jane.Doe\nspec:\n  username: jane\n';

/** The mistakes of a settings file, whether loading throws them (the whole file) or lists them. */
function mistakes(text: string): readonly string[] {
  try {
    return loadConfigFile(FILE, text).problems;
  } catch (error) {
    if (error instanceof ConfigError) return error.lines;
    throw error;
  }
}

describe('values of YAML 1.1 types in .platlint.yaml', () => {
  it('are read as null, each listed with its place: the reader hands out plain data only', () => {
    const [document] = readYaml('a: !!binary aGVsbG8=\nb: [1, !!timestamp 2020-01-01]\nc: !!set {x}\nd: !!omap [{x: 1}]\ne: !!str 1\n', { plain: true }).documents;
    expect(document?.data).toEqual({ a: null, b: [1, null], c: null, d: null, e: '1' });
    expect(document?.typed).toEqual([
      { tag: '!!binary', path: ['a'], key: false, range: [12, 20] },
      { tag: '!!timestamp', path: ['b', 1], key: false, range: [40, 50] },
      { tag: '!!set', path: ['c'], key: false, range: [61, 64] },
      { tag: '!!omap', path: ['d'], key: false, range: [75, 83] },
    ]);
  });

  it('are each one mistake at their line, saying what the key takes', () => {
    expect(mistakes('rules: !!binary aGVsbG8=\n')).toEqual([`${FILE}:1:17: rules: !!binary is not allowed here; write a mapping`]);
    expect(mistakes('rules: !!omap [{meta/name: off}]\n')).toEqual([`${FILE}:1:15: rules: !!omap is not allowed here; write a mapping`]);
    expect(mistakes('ignore: !!set {a, b}\n')).toEqual([`${FILE}:1:15: ignore: !!set is not allowed here; write a list`]);
    expect(mistakes('rules:\n  meta/name: !!timestamp 2020-01-01\n')).toEqual([
      `${FILE}:2:26: rules.meta/name: !!timestamp is not allowed here; write one of off, info, warn, warning, error, on, 0, 1, 2 or a list`,
    ]);
    expect(mistakes('exceptions:\n  - rules: [meta/name]\n    reason: !!timestamp 2020-01-01\noverrides:\n  - files: [x]\n    rules: !!set {a}\n')).toEqual([
      `${FILE}:3:25: exceptions.0.reason: !!timestamp is not allowed here; write a string`,
      `${FILE}:6:18: overrides.0.rules: !!set is not allowed here; write a mapping`,
    ]);
  });

  it('are a mistake on a key too, and at the top the whole file is one', () => {
    // Written as a plain key, this is meta/name: off, which the tag would have applied unseen.
    expect(mistakes('rules: {!!binary bWV0YS9uYW1l: off}\n')).toEqual([`${FILE}:1:18: rules: !!binary is not allowed on a key; write the key without a tag`]);
    expect(mistakes('!!set {rules}\n')).toEqual([`${FILE}:1:7: (top level): !!set is not allowed here; write a mapping`]);
  });

  it('leave the rest of the file in force, and the tags of YAML 1.2 alone', () => {
    const file = loadConfigFile(FILE, 'rules:\n  meta/name: !!binary b2Zm\n  schema/type: !!str warn\nignore: [!!str a]\n');
    expect(file.rules).toEqual({ 'schema/type': 'warn' });
    expect(file.ignore).toEqual(['a']);
  });

  it('make the run exit 2 with one line each, before any file is linted', () => {
    const dir = tempTree('platlint-tagged-', { '.platlint.yaml': 'rules: !!binary aGVsbG8=\nignore: [!!timestamp 2020-01-01]\n', 'u.yaml': USER });
    const run = runCli(['u.yaml'], { cwd: dir });
    const file = join(dir, '.platlint.yaml');
    expect(run.stderr).toBe(`platlint: ${file}:1:17: rules: !!binary is not allowed here; write a mapping\nplatlint: ${file}:2:22: ignore.0: !!timestamp is not allowed here; write a string\n`);
    expect(run.stdout).toBe('');
    expect(run.status).toBe(2);
  });
});
