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
import { collectSecrets, collectTextSecrets, keyHoldsSecret, SECRET_KEY_MATCHER, secretKeysInText } from '../../src/engine/secrets.js';
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
    // Masked as a key wherever a message quotes it or a JSON Pointer names it; the login's field names are no secret.
    expect(collectSecrets(spaces.decoded).pieces).toEqual(new Set(['hint']));
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

describe('secrets read by key from the text', () => {
  it('takes the whole value, quoted or bare, for a secret, and its longer words for pieces a parser may quote alone', () => {
    const found = collectTextSecrets('password: "not base64, at all" # c\ntoken: Wh0leT0ken\n');
    expect(found.values).toEqual(new Set(['"not base64, at all" # c', 'not base64, at all', 'Wh0leT0ken']));
    expect(found.pieces).toEqual(new Set(['base64']));
    expect(found.ranges).toEqual([[10, 34], [42, 52]]);
  });
});

/** A key and the rest of its line, as a regex: tried at every offset, where a key that keyHoldsSecret takes ends a try. */
const KEY_LINE = /(^|[\s{,[?-])(["']?)([A-Za-z0-9_]+)\2[ \t]*:(?=[ \t]|$)[ \t]*([^\n]*)/my;

/** What the secret keys of a text are taken to be: the key's offset, and the rest of its line. */
function everyOffset(text: string): [number, number, number][] {
  const found: [number, number, number][] = [];
  for (let at = 0; at < text.length; ) {
    KEY_LINE.lastIndex = at;
    const match = KEY_LINE.exec(text);
    if (match && keyHoldsSecret(match[3] ?? '')) {
      const end = at + match[0].length;
      found.push([at + (match[1] ?? '').length + (match[2] ?? '').length, end - (match[4] ?? '').length, end]);
      at = end;
    } else {
      at++;
    }
  }
  return found;
}

const scanned = (text: string): [number, number, number][] => [...secretKeysInText(text)].map(({ key, value }) => [key, ...value]);

describe('secret keys found in the text', () => {
  it('finds exactly what the regex tried at every offset finds, on every fixture', () => {
    const files = yamlFilesUnder(FIXTURES);
    let found = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const expected = everyOffset(text);
      expect(scanned(text), file).toEqual(expected);
      found += expected.length;
    }
    // The premise: the fixtures hold secret keys to find.
    expect(found).toBeGreaterThan(50);
  });

  it.each([
    ['a: {"password": hunter2}\n', [[5, 16, 24]]],
    ["- 'token': abc\n", [[3, 11, 14]]],
    ['x:\n  password: one password: two\n', [[5, 15, 32]]],
    ['k: v\rtoken: after-a-lone-cr\n', [[5, 12, 27]]],
    ['"caData": "LS0t"', [[1, 10, 16]]],
    ['passwordtoken: x\n', []],
    ['?clientSecret: q\n[token: r]\n', [[1, 15, 16], [18, 25, 27]]],
    ['Password: a\npasword: b\nCLIENTSECRET: c\ntokn: d\n', [[0, 10, 11], [12, 21, 22], [23, 37, 38], [39, 45, 46]]],
    ['passwordRef: a\nx.password: b\n"token\': c\n', []],
  ])('finds the secret keys of %j where the regex does', (text, expected) => {
    expect(everyOffset(text)).toEqual(expected);
    expect(scanned(text)).toEqual(expected);
  });

  it('finds exactly what the regex tried at every offset finds, on text made of keys, quotes and separators', () => {
    const piece = fc.constantFrom('password', 'Password', 'pasword', 'token', 'tokn', 'clientSecret', 'caData', 'pass', 'x_', ':', ': ', ' ', '\t', '\n', '\r', '\u2028', '\u00a0', '"', "'", '-', '{', ',', '[', '?', '.', 'x', 'v4lue', '#', '|');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        expect(scanned(text)).toEqual(everyOffset(text));
      }),
      { numRuns: 3000 },
    );
  });
});

describe("connection strings' passwords, masked where security/plaintext-secret finds them", () => {
  const masked = (text: string): string[] => collectTextSecrets(text).ranges.map(([start, end]) => text.slice(start, end));

  it.each([
    ['postgres://app:hunter2@db/app', ['hunter2']],
    ['# was a://u:p@b://v:q@c', ['p@b://v:q']],
    ['x-y.z://:p2@h, host=db password=Pa1r dbname=p', ['p2', 'Pa1r']],
    ['mysql://u:a/b@tcp(h:3306)/d # a "/" in it', ['a/b']],
    ['postgres://u:pw4SE@CRET@db/x', ['pw4SE@CRET']],
    ['postgres://u@db/x?password=Qu3ry&sslmode=require', ['Qu3ry']],
    ["host=db password='a b' user=u", ["'a b'"]],
    ['postgres://u:${DB_PASSWORD}@db/x password=$PW', []],
    ['https://host:8080/path, https://u@h, mailto:a@b', []],
  ])('in the text %j', (text, expected) => {
    expect(masked(text)).toEqual(expected);
  });

  it('in a parsed value: exactly the password, else (escapes, folded lines) the whole scalar', () => {
    const text = 'a: "host=db password=Pa1rS3cret dbname=p"\nb: platform:Dsn5S3cret@tcp(db:3306)/audit\nc: "mysql://u:Esc\\x41pe@tcp(h)/d"\n';
    const spaces = spacesOf(text).decoded;
    expect(collectSecrets(spaces).ranges.map(([start, end]) => text.slice(start, end))).toEqual(['Pa1rS3cret', 'Dsn5S3cret', '"mysql://u:Esc\\x41pe@tcp(h)/d"']);
    expect(collectSecrets(spaces).values).toEqual(new Set(['Pa1rS3cret', 'Dsn5S3cret', 'EscApe']));
  });
});

describe('lines below a secret key the parser could not place', () => {
  const masked = (text: string): string[] => collectTextSecrets(text).ranges.map(([start, end]) => text.slice(start, end));

  it.each([
    ['a tab-indented line of a block scalar', '    clientSecret: |\n\tTab1S3cret\n    next: x\n', ['\tTab1S3cret']],
    ['a tab-indented line after an empty value', '    clientSecret:\n\tTab2S3cret\n', ['\tTab2S3cret']],
    ['spaces, then a tab', '    clientSecret: |\n   \t  Tab3S3cret\n', ['\t  Tab3S3cret']],
    ["a value at the key's own indentation", '    clientSecret:\n    S4meS3cret\n    next: x\n', ['S4meS3cret']],
    ['a value less deep than the key', '    clientSecret:\n  Und3rS3cret\n- item\n', ['Und3rS3cret']],
    ["a block scalar's line less deep than its first", '    clientSecret: |\n        first\n      Und3rS3cret\n    next: x\n', ['first', 'Und3rS3cret']],
    ['none: the next key, list item, comment or document', '    token:\n    next: x\n  - item\n# c\n---\n', []],
  ])('%s', (_name, text, expected) => {
    expect(masked(text)).toEqual(expected);
  });
});
