import { describe, expect, it } from 'vitest';
import { DECIMAL_LOOKING, goDecode } from '../../src/yaml/go-decode.js';
import { formatFloat32, resolvePlain } from '../../src/yaml/go-scalar.js';
import { parseYaml } from '../../src/yaml/parse.js';
import { lint, spans } from '../helpers/lint.js';
import { config, configWithAuth, user } from '../helpers/manifests.js';

const USER = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  username: jane\n';

describe('numbers print exactly', () => {
  it('in a rule message about an integer past 2^53, the digits as written, not a rounded JS number', () => {
    const diagnostics = lint(`${USER}  tokenGeneration: -9223372036854775808\n`);
    expect(diagnostics.map((d) => [d.ruleId, d.message.includes('-9223372036854775808'), d.message.includes('-9223372036854776000')])).toEqual([['user/token-generation', true, false]]);
  });

  it('in the int64 range check, with the range itself', () => {
    const [diagnostic] = lint(`${USER}  tokenGeneration: 9223372036854775808\n`);
    expect(diagnostic?.message).toBe('spec.tokenGeneration must be an integer from -9223372036854775808 to 9223372036854775807, not 9223372036854775808.');
    expect(lint(`${USER}  tokenGeneration: 9223372036854775807\n`)).toEqual([]);
  });

  it('in every message about a number, as the file writes it: the value found there, not the float it was read as', () => {
    // 99999999999999999999999 is past uint64: yaml.v2 reads it as a float, printed 99999999999999991611392.
    const [big] = lint(`${USER}  tokenGeneration: 99999999999999999999999\n`);
    expect(spans(big ? [big] : [])).toEqual([['schema/type', 7, 20, 7, 43]]);
    expect(big?.message).toBe('spec.tokenGeneration must be an integer from -9223372036854775808 to 9223372036854775807, not 99999999999999999999999.');
    expect(lint(`${USER}  tokenGeneration: 1.5e30\n`)[0]?.message).toBe('spec.tokenGeneration must be an integer from -9223372036854775808 to 9223372036854775807, not 1.5e30.');
    expect(lint(`${USER}  tokenGeneration: 0x8000000000000000\n`)[0]?.message).toBe('spec.tokenGeneration must be an integer from -9223372036854775808 to 9223372036854775807, not 0x8000000000000000.');
    const rules = (text: string, id: string): string[] => lint(text).filter((d) => d.ruleId === id).map((d) => d.message);
    expect(rules(`${USER}  tokenGeneration: -0x10\n`, 'user/token-generation')).toEqual(['spec.tokenGeneration is -0x10: a token generation counts up from 0 and cannot be negative.']);
    expect(rules(user('  username: jane\n').replace('  name: jane\n', '  name: jane\n  deletionGracePeriodSeconds: -1e3\n  deletionTimestamp: "2024-01-01T00:00:00Z"\n'), 'meta/deletion-grace')).toEqual([
      'metadata.deletionGracePeriodSeconds is -1e3: a grace period cannot be negative.',
    ]);
    expect(rules(config('  audit:\n    maxBackups: -0o3\n'), 'audit/retention')).toEqual(['status.audit.maxBackups is -0o3, but it is a number of rotated log files to keep and cannot be negative.']);
    expect(rules(configWithAuth('    accessKeyMaxTTLSeconds: 0x15180\n    loginAccessKeyTTLSeconds: 2_592_000\n'), 'auth/access-key-ttl')).toEqual([
      'status.auth.loginAccessKeyTTLSeconds is 2_592_000 seconds (30 days), longer than status.auth.accessKeyMaxTTLSeconds, 0x15180 seconds (1 day).',
    ]);
  });

  it('in the value a `<<` merge sets over a key written before it, from the merged text', () => {
    const text = `${USER}  extraClaims:\n    big: 1\n    <<: {big: 9007199254740993, "small": 7}\n    small: 2\n`;
    const merged = lint(text).filter((d) => d.ruleId === 'yaml/ambiguous-scalar');
    expect(spans(merged)).toEqual([['yaml/ambiguous-scalar', 8, 5, 8, 8]]);
    expect(merged[0]?.message).toBe('The platform replaces big here with 9007199254740993, the value of the later `<<` merge.');
  });

  it('keeps uint64 and int64 values exact when resolving', () => {
    expect(resolvePlain('18446744073709551615')).toMatchObject({ type: 'int', exact: '18446744073709551615', go: 'uint64' });
    expect(resolvePlain('-0x8000000000000000')).toMatchObject({ type: 'int', exact: '-9223372036854775808', go: 'int' });
    expect(resolvePlain('18446744073709551616')).toEqual({ type: 'float', value: 18446744073709551616 });
  });

  it('formats floats as Go writes a 32-bit float for keys and raw string fields', () => {
    expect([1.1, 1e19, 1000000.5, 3.14159265358979, 1e6, 123456, 1e-5, 0.0001, -0, Number.NaN, -Infinity].map(formatFloat32)).toEqual(
      ['1.1', '1e+19', '1.0000005e+06', '3.1415927', '1e+06', '123456', '1e-05', '0.0001', '-0', 'NaN', '-Inf'],
    );
  });
});

describe('decimal-looking digits (yaml.v2 reads them as octal)', () => {
  it.each([
    ['017', true],
    ['-0_1_7', true],
    ['0', false],
    ['0_', false],
    ['10', false],
    ['08x', false],
  ])('%s: %s', (text, expected) => expect(DECIMAL_LOOKING.test(text)).toBe(expected));

  it('reads a million zeros once', () => {
    expect(DECIMAL_LOOKING.test(`${'0'.repeat(1_000_000)}x`)).toBe(false);
    expect(DECIMAL_LOOKING.test('0'.repeat(1_000_000))).toBe(true);
  });
});

describe('directives and alias bombs', () => {
  it('reports each directive the platform cannot read at its line, and lints the document', () => {
    const diagnostics = lint(`%YAML 1.2\n%TAG !e! tag:example.com,2000:\n---\n${USER}  displayName: on\n`);
    expect(spans(diagnostics)).toEqual([
      ['yaml/syntax', 1, 1, 1, 10],
      ['yaml/syntax', 2, 1, 2, 31],
      ['schema/type', 10, 16, 10, 18],
    ]);
    expect(diagnostics[0]?.message).toBe('The platform cannot read the directive %YAML 1.2: found incompatible YAML document: the platform reads YAML 1.1 only, not 1.2.');
  });

  it('refuses a tag handle declared for an earlier document', () => {
    const diagnostics = lint(`%TAG !e! tag:example.com,2000:\n--- !e!x\na: 1\n...\n---\n${USER}  displayName: !e!name Jane\n`);
    expect(diagnostics.filter((d) => d.message.includes('undefined tag handle')).map((d) => [d.line, d.column])).toEqual([[12, 16]]);
  });

  it('counts an alias bomb without expanding it, and lints nothing of it', () => {
    const levels = ['  l0: &l0 ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]'];
    for (let i = 1; i < 30; i++) levels.push(`  l${i}: &l${i} [${Array(10).fill(`*l${i - 1}`).join(', ')}]`);
    const diagnostics = lint(`${USER}  extraClaims:\n${levels.map((l) => `  ${l}`).join('\n')}\n`);
    expect(diagnostics.map((d) => [d.ruleId, d.line])).toEqual([['yaml/syntax', 1]]);
    expect(diagnostics[0]?.message).toMatch(/^YAML syntax error: document contains excessive aliasing: aliases expand it to [\d,]+ values, which the platform refuses\.$/);
  });
});

describe('only the platform\'s objects', () => {
  it('reads keys and values of other tools\' YAML without a word: `on:` is a workflow key, not a boolean', () => {
    const workflow = 'name: ci\non:\n  push:\n    branches: [main]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    timeout-minutes: 010\n';
    expect(lint(workflow)).toEqual([]);
    expect(lint(`${workflow}---\n${USER}  extraClaims:\n    on: x\n`).map((d) => [d.ruleId, d.line, d.message])).toEqual([
      ['yaml/ambiguous-scalar', 17, 'The key on is read by the platform as "true".'],
    ]);
  });
});

describe('whether the data holds a null', () => {
  const sawNull = (text: string): boolean => {
    const doc = parseYaml(text).documents[0];
    if (!doc) throw new Error('no document');
    return goDecode(doc, text).sawNull;
  };

  it('says so for every way YAML writes one, so that the schema pass can skip its walks only when there is none', () => {
    expect(sawNull(USER)).toBe(false);
    expect(sawNull('a: {b: [1, "x", true]}\n')).toBe(false);
    for (const text of ['a:\n', 'a: ~\n', 'a: null\n', 'a: [1, ~]\n', 'a: {b: {c: }}\n', 'x: &n ~\na: *n\n', 'base: &b {k: null}\na: {<<: *b}\n']) {
      expect(sawNull(text), text).toBe(true);
    }
  });

  it('still finds an empty value deep in a document, and none in a document without null', () => {
    expect(spans(lint(`${USER}  groups:\n    -\n  email:\n`)).filter(([id]) => id === 'schema/empty-value')).toEqual([['schema/empty-value', 9, 3, 9, 8]]);
    expect(lint(`${USER}  email: jane@example.com\n`)).toEqual([]);
  });
});

describe('the escape YAML 1.1 does not know (`\\/`)', () => {
  const escapeFindings = (text: string): string[] => {
    const doc = parseYaml(text).documents[0];
    if (!doc) throw new Error('no document');
    return goDecode(doc, text).findings.map((f) => `${f.rule.meta.id} ${f.messageId} ${text.slice(f.range[0], f.range[1])} at ${f.range[0]}`);
  };

  it('is found in the double-quoted scalar that holds it, once per scalar, and in no other', () => {
    const values = Array.from({ length: 2000 }, (_, i) => `  k${i}: "v${i}"`);
    values[1500] = '  k1500: "a\\/b \\/c"';
    values[1700] = '  k1700: "a\\\\/b"';
    values[1800] = "  k1800: 'a\\/b'";
    values[1900] = '  k1900: a\\/b';
    const text = `m:\n${values.join('\n')}\n`;
    const at = text.indexOf('\\/');
    expect(escapeFindings(text)).toEqual([`yaml/syntax syntax \\/ at ${at}`]);
  });

  it('is found in a double-quoted key, and not in a scalar after a double-quoted one', () => {
    expect(escapeFindings('"a\\/b": 1\n')).toEqual(['yaml/syntax syntax \\/ at 2']);
    expect(escapeFindings('a: "x"\nb: \'\\/\'\n')).toEqual([]);
  });
});
