/**
 * Two keys of one mapping that are one JSON key, and merges that set a key twice, in every mapping with free keys:
 * a User's extraClaims and annotations and the raw config's customHttpHeaders (issue 30, item 5). yaml.v2 tells keys
 * apart by value and Go type, so `1` and `"1"`, or `1.0` and `1`, are two keys (Go keeps one value of the JSON key),
 * while `017` and `15` are one (its strict decoder refuses the second).
 */
import type { OracleCase } from './cases.js';

const USER = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\n';
const RAW_HEAD = 'apiVersion: management.platform/v1\nkind: Config\nmetadata:\n  name: platform\nspec:\n  raw: |\n';

/** Pairs of keys as written, first and second. */
const PAIRS: readonly (readonly [string, string])[] = [
  ['1', '"1"'],
  ['"1"', '1'],
  ['1.0', '1'],
  ['1', '1.0'],
  ['1.5', '"1.5"'],
  ['true', '"true"'],
  ['1e3', '1000'],
  ['0x1F', '31'],
  ['017', '15'],
  ['1.0', '1.00'],
  ['.5', '0.5'],
];

interface Place {
  name: string;
  /** The mapping's text with its entries, each a line `KEY: VALUE` at the mapping's indentation. */
  wrap: (entries: string[]) => string;
  /** 1-based line of the mapping's first entry in the linted file. */
  firstLine: number;
  at: (string | number)[];
  target: 'user' | 'raw';
}

const PLACES: readonly Place[] = [
  { name: 'claims', wrap: (e) => `${USER}spec:\n  username: jane\n  extraClaims:\n${e.map((l) => `    ${l}\n`).join('')}`, firstLine: 8, at: ['spec', 'extraClaims'], target: 'user' },
  { name: 'annotations', wrap: (e) => `${USER}  annotations:\n${e.map((l) => `    ${l}\n`).join('')}spec:\n  username: jane\n`, firstLine: 6, at: ['metadata', 'annotations'], target: 'user' },
  { name: 'headers', wrap: (e) => `auth:\n  customHttpHeaders:\n${e.map((l) => `    ${l}\n`).join('')}`, firstLine: 3, at: ['auth', 'customHttpHeaders'], target: 'raw' },
];

function placed(place: Place, id: string, entries: string[], entryLine: number, extra: Partial<OracleCase>): OracleCase {
  const text = place.wrap(entries);
  if (place.target === 'user') return { id, yaml: text, target: 'user', line: place.firstLine + entryLine, ...extra };
  const yaml = RAW_HEAD + text.replace(/^(?=.)/gm, '    ');
  return { id, yaml, target: 'raw', raw: text, line: 6 + place.firstLine + entryLine, ...extra };
}

export function keyCases(): OracleCase[] {
  const cases: OracleCase[] = [];
  for (const place of PLACES) {
    PAIRS.forEach(([first, second], i) => {
      cases.push(placed(place, `keys/${place.name}-pair${i}`, [`${first}: a`, `${second}: b`], 1, { at: place.at, keysWritten: 2 }));
    });
    cases.push(placed(place, `keys/${place.name}-merge-repeats`, ['<<: [{X-A: one}, {X-A: two}]'], 0, { strictRefuses: true }));
    cases.push(placed(place, `keys/${place.name}-merge-distinct`, ['<<: [{X-A: one}, {X-B: two}]', 'X-C: three'], 0, { at: place.at, means: { 'X-A': 'one', 'X-B': 'two', 'X-C': 'three' } }));
  }
  return cases;
}
