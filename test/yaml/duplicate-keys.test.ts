/**
 * findStructureErrors finds repeated scalar keys itself (src/yaml/parse.ts), comparing each key with those before it
 * in a small mapping and through a set in a large one. It must find exactly the keys the yaml package's own
 * `uniqueKeys` check finds, in mappings of every size, however the keys are written (YAML 1.1 reads `yes` and `true`
 * as the same key, `1` and `"1"` as different ones).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { parseYaml, PLATFORM_YAML_OPTIONS } from '../../src/yaml/parse.js';
import { lint } from '../helpers/lint.js';

/** Start offsets of the keys reported as repeated, by the package's check. */
function byPackage(text: string): number[] {
  const docs = parseAllDocuments(text, { ...PLATFORM_YAML_OPTIONS, uniqueKeys: true });
  return (Array.isArray(docs) ? docs : [docs]).flatMap((doc) => doc.errors.filter((e) => e.code === 'DUPLICATE_KEY').map((e) => e.pos[0]));
}

/** The same, by findStructureErrors. */
function byPlatlint(text: string): number[] {
  return parseYaml(text).documents.flatMap((doc) => doc.errors.filter((e) => e.code === 'DUPLICATE_KEY').map((e) => e.pos[0]));
}

// No float beside an int of the same value: yaml.v2 tells `1.0` and `1` apart by Go type, the package does not (below).
const KEYS = ['a', 'b', 'name', '1', '"1"', "'a'", 'true', 'yes', 'Off', 'false', '~', 'null', '0x1', '01', '"a"', '2.5', '2.50'];

describe('duplicate keys', () => {
  it.each([
    ['a: 1\nb: 2\na: 3\n', [10]],
    ['{yes: 1, true: 2}', [9]],
    ['1: a\n"1": b\n', []],
    [Array.from({ length: 20 }, (_, i) => `k${i}: ${i}`).join('\n') + '\nk3: again\n', [Array.from({ length: 20 }, (_, i) => `k${i}: ${i}`).join('\n').length + 1]],
  ])('in %j', (text, expected) => {
    expect(byPlatlint(text)).toEqual(expected);
    expect(byPackage(text)).toEqual(expected);
  });

  it('are told apart by Go type as yaml.v2 does: 1.0 and 1 are two keys (one JSON key, which the decoder warns about)', () => {
    expect(byPlatlint('1.0: a\n1: b\n')).toEqual([]);
    expect(byPackage('1.0: a\n1: b\n')).toEqual([7]);
    // As the Go oracle answers: lines 2, 3 and 5 are keys already set (`1.00` and `1e0` of `1.0`, `1` of `01`).
    expect(byPlatlint('1.0: a\n1.00: b\n1e0: c\n01: d\n1: e\n')).toEqual([7, 15, 28]);
  });

  it('are those the package finds, in block and flow mappings of 1 to 30 keys', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...KEYS), { minLength: 1, maxLength: 30 }), fc.boolean(), (keys, flow) => {
        const text = flow ? `{${keys.map((k, i) => `${k}: ${i}`).join(', ')}}\n` : keys.map((k, i) => `${k}: ${i}\n`).join('');
        expect(byPlatlint(text)).toEqual(byPackage(text));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('keys after a syntax error', () => {
  const USER = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  username: jane\n';

  it('are not compared: the parser recovered them, and the platform stops at the error', () => {
    const text = `${USER}  displayName: Jane\n\tdescription: Platform team\n  groups:\n    - admins\n  groups:\n    - auditors\n`;
    expect(lint(text).map((d) => [d.line, d.column, d.ruleId]).filter(([, , id]) => id !== 'yaml/syntax')).toEqual([]);
    expect(lint(text)[0]).toMatchObject({ line: 8, column: 1, ruleId: 'yaml/syntax', message: "YAML syntax error: a TAB in a line's indentation." });
    const flow = `${USER}  groups: [admins\n  displayName: Jane\n  displayName: Doe\n`;
    expect(lint(flow).map((d) => d.ruleId)).toEqual(['yaml/syntax', 'yaml/syntax']);
  });

  it('before it, still are', () => {
    const text = `${USER}  groups:\n    - admins\n  groups:\n    - auditors\n  displayName: Jane\n\tdescription: Platform team\n`;
    expect(lint(text).map((d) => [d.line, d.column, d.ruleId])).toEqual([[9, 3, 'yaml/duplicate-key'], [12, 1, 'yaml/syntax']]);
  });

  it('where the yaml package reads the TAB without an error, the keys are its reading and are compared', () => {
    const text = `${USER}  displayName: Jane\n\t# note\n  groups:\n    - admins\n  groups:\n    - auditors\n`;
    expect(lint(text).map((d) => [d.line, d.column, d.ruleId])).toEqual([[8, 1, 'yaml/syntax'], [11, 3, 'yaml/duplicate-key']]);
  });

  it('no list becomes a key in the recovery', () => {
    const text = `${USER}  groups:\n    - admins\n\t- auditors\n    - ops\n`;
    expect(lint(text).map((d) => d.ruleId)).not.toContain('yaml/collection-key');
    expect(lint(text).map((d) => [d.line, d.column, d.ruleId])[0]).toEqual([9, 1, 'yaml/syntax']);
  });
});
