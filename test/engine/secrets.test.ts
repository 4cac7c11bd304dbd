/**
 * Secrets are found by the decoder, which visits every node anyway (GoDecodeOptions.secretKeys), instead of by a
 * second walk of every document with a diagnostic. The decoder must find at least what the walk finds: every value
 * to scrub from messages and every range to mask in code frames, on every fixture and on hand-made corner cases.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { yamlFilesUnder } from '../helpers/files.js';
import type { NodeSpace } from '../../src/engine/node-space.js';
import { collectSecrets, SECRET_KEY_MATCHER, SECRET_LINE, secretLines } from '../../src/engine/secrets.js';
import { goDecode } from '../../src/yaml/go-decode.js';
import { parseYaml } from '../../src/yaml/parse.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures');

/** The file's documents as spaces, walked (no candidates) and as the decoder found them (candidates when it decoded). */
function spacesOf(text: string): { walked: NodeSpace[]; decoded: NodeSpace[]; decodedCount: number } {
  const walked: NodeSpace[] = [];
  const decoded: NodeSpace[] = [];
  let decodedCount = 0;
  for (const doc of parseYaml(text).documents) {
    const space: NodeSpace = { doc, root: doc.contents, text };
    walked.push(space);
    let secrets;
    try {
      if (doc.errors.length === 0) {
        const result = goDecode(doc, text, { secretKeys: SECRET_KEY_MATCHER });
        if (!result.fatal) secrets = result.secrets;
      }
    } catch {
      // An unresolved alias: the engine walks such a document.
    }
    if (secrets) decodedCount++;
    decoded.push(secrets ? { ...space, secrets } : space);
  }
  return { walked, decoded, decodedCount };
}

function expectDecoderFindsWhatTheWalkFinds(text: string): number {
  const { walked, decoded, decodedCount } = spacesOf(text);
  const byWalk = collectSecrets(walked);
  const byDecoder = collectSecrets(decoded);
  for (const value of byWalk.values) expect(byDecoder.values, `value ${JSON.stringify(value)}`).toContain(value);
  const ranges = new Set(byDecoder.ranges.map((r) => r.join('-')));
  for (const range of byWalk.ranges) expect(ranges, `range ${range.join('-')}`).toContain(range.join('-'));
  return decodedCount;
}

describe('secrets found while decoding', () => {
  it('finds every secret value and range the tree walk finds, in every fixture', () => {
    let decoded = 0;
    for (const file of yamlFilesUnder(FIXTURES)) decoded += expectDecoderFindsWhatTheWalkFinds(readFileSync(file, 'utf8'));
    // Most fixture documents decode: the comparison is not vacuous.
    expect(decoded).toBeGreaterThan(200);
  });

  it('finds secrets in nested lists, flow mappings, aliases, merges, quoted and block values and URLs', () => {
    const text = [
      'apiVersion: management.platform/v1',
      'kind: Config',
      'metadata: {name: c}',
      'base: &base {password: "s3cr\\x65t-merged"}',
      'status:',
      '  <<: *base',
      '  list:',
      '    - {token: tok-in-flow-1234}',
      '    - - caData: |',
      '          LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t',
      '  alias: &pw hunter2-anchor',
      '  again: {clientSecret: *pw}',
      '  db: postgres://admin:pa55w0rd@db.example.com/app',
      '  urls: ["https://u:inlist-secret@example.com"]',
      '  numeric: {password: 12345678}',
      '  nested: {password: [one-secret, {two: two-secret}]}',
      '',
    ].join('\n');
    // The premise: this document is decoded, so the decoder's candidates are what is compared, not the walk again.
    expect(expectDecoderFindsWhatTheWalkFinds(text)).toBe(1);
    const { decoded } = spacesOf(text);
    const values = collectSecrets(decoded).values;
    for (const secret of ['s3cret-merged', 'tok-in-flow-1234', 'LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t\n', 'hunter2-anchor', 'pa55w0rd', 'inlist-secret', '12345678', 'one-secret', 'two-secret']) {
      expect(values, secret).toContain(secret);
    }
  });

  it('does not take the keys and booleans of a settings section under a secret key for credentials', () => {
    const text = 'apiVersion: management.platform/v1\nkind: Config\nmetadata: {name: c}\nstatus:\n  auth:\n    password: {disabled: true, hint: s3cret-hint}\n  audit: {enabled: true}\n';
    const spaces = spacesOf(text);
    expect(spaces.decodedCount).toBe(1);
    const values = collectSecrets(spaces.decoded).values;
    expect(values).toContain('s3cret-hint');
    expect(values).not.toContain('true');
    expect(values).not.toContain('disabled');
    expect(values).not.toContain('hint');
  });

  it("takes the password login's own settings, status.auth.password, for no credential, in block and flow style", () => {
    const text = 'apiVersion: management.platform/v1\nkind: Config\nmetadata: {name: c}\nstatus:\n  auth:\n    password:\n      disabled: false\n---\nstatus:\n  auth:\n    password: {disabled: false}\n';
    const spaces = spacesOf(text);
    expect(spaces.decodedCount).toBe(2);
    for (const found of [collectSecrets(spaces.decoded, text), collectSecrets(spaces.walked, text)]) {
      expect(found.values).toEqual(new Set());
      expect(found.ranges).toEqual([]);
    }
  });
});

/** What the lines of secrets are taken to be: the plain global regex, tried at every offset. */
function everyOffset(text: string): [number, string[]][] {
  return [...text.matchAll(SECRET_LINE)].map((m) => [m.index, [...m]]);
}

describe('secret lines found at the key names', () => {
  it('finds exactly what the regex tried at every offset finds, on every fixture', () => {
    const files = yamlFilesUnder(FIXTURES);
    let found = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const expected = everyOffset(text);
      expect([...secretLines(text)].map((m) => [m.index, [...m]]), file).toEqual(expected);
      found += expected.length;
    }
    // The premise: the fixtures hold secret lines to find.
    expect(found).toBeGreaterThan(50);
  });

  it.each([
    ['a: {"password": hunter2}\n', 3],
    ["- 'token': abc\n", 1],
    ['x:\n  password: one password: two\n', 4],
    ['k: v\rtoken: after-a-lone-cr\n', 4],
    ['"caData": "LS0t"', 0],
    ['passwordtoken: x\n', -1],
    ['?clientSecret: q\n[token: r]\n', 0],
  ])('finds the secret line of %j where the regex does (%i)', (text, index) => {
    const expected = everyOffset(text);
    expect(expected[0]?.[0] ?? -1).toBe(index);
    expect([...secretLines(text)].map((m) => [m.index, [...m]])).toEqual(expected);
  });

  it('finds exactly what the regex tried at every offset finds, on text made of keys, quotes and separators', () => {
    const piece = fc.constantFrom('password', 'token', 'clientSecret', 'caData', 'pass', ':', ': ', ' ', '\t', '\n', '\r', '\u2028', '"', "'", '-', '{', ',', '[', '?', 'x', 'v4lue', '#', '|');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        expect([...secretLines(text)].map((m) => [m.index, [...m]])).toEqual(everyOffset(text));
      }),
      { numRuns: 3000 },
    );
  });
});
