/**
 * cel-go's strings extension (ext/strings.go) at the versions Kubernetes uses: version 0 (charAt, indexOf,
 * lastIndexOf, lowerAscii, upperAscii, replace, split, substring, trim, join) and version 2 (version 1's `format` and
 * `strings.quote`, and `join` on list(string) values). Indexes count code points, as Go's runes.
 */
import { goTrimSpace } from '../../../formats/go-text.js';
import { fn, global, member } from '../decls.js';
import { INT, listOf, STRING } from '../types.js';
import { CelError, type CelValue, type Result } from '../values.js';
import { formatString, type PrinterVersion } from './ext-format.js';
import type { Library } from './library.js';

const runes = (s: string): string[] => Array.from(s);

function charAt(s: string, i: bigint): Result {
  const r = runes(s);
  if (i < 0n || i > BigInt(r.length)) return new CelError(`index out of range: ${i}`);
  return r[Number(i)] ?? '';
}

function indexOf(s: string, sub: string, offset: bigint): Result {
  if (offset < 0n) return new CelError(`index out of range: ${offset}`);
  const r = runes(s);
  const off = Number(offset);
  if (sub === '') return off > r.length ? BigInt(r.length) : offset;
  const sr = runes(sub);
  if (off >= r.length) return -1n;
  for (let i = off; i < r.length - (sr.length - 1); i++) if (sr.every((c, j) => r[i + j] === c)) return BigInt(i);
  return -1n;
}

function lastIndexOf(s: string, sub: string, offset: bigint | undefined): Result {
  const r = runes(s);
  if (offset === undefined) {
    if (sub === '') return BigInt(r.length);
    if (new TextEncoder().encode(s).length < new TextEncoder().encode(sub).length) return -1n;
    offset = BigInt(r.length - 1);
  }
  if (offset < 0n) return new CelError(`index out of range: ${offset}`);
  let off = Number(offset);
  if (sub === '') return off > r.length ? BigInt(r.length) : offset;
  const sr = runes(sub);
  if (off >= r.length) return -1n;
  if (off > r.length - sr.length) off = r.length - sr.length;
  for (let i = off; i >= 0; i--) if (sr.every((c, j) => r[i + j] === c)) return BigInt(i);
  return -1n;
}

function mapAscii(s: string, f: (c: string) => string): string {
  return s.replace(/[A-Za-z]/g, f);
}

/** Go's strings.Replace: an empty `old` inserts `replacement` before every rune and at the end. */
export function goReplace(s: string, old: string, replacement: string, n: number): string {
  if (n === 0 || old === replacement) return s;
  if (old === '') {
    const r = runes(s);
    let out = '';
    let done = 0;
    for (let i = 0; i <= r.length; i++) {
      if (n < 0 || done < n) {
        out += replacement;
        done++;
      }
      if (i < r.length) out += r[i];
    }
    return out;
  }
  if (n < 0) return s.split(old).join(replacement);
  let out = '';
  let rest = s;
  for (let done = 0; done < n; done++) {
    const at = rest.indexOf(old);
    if (at < 0) break;
    out += rest.slice(0, at) + replacement;
    rest = rest.slice(at + old.length);
  }
  return out + rest;
}

/** Go's strings.SplitN: n < 0 all parts, n == 0 none, an empty separator splits into runes. */
export function goSplit(s: string, sep: string, n: number): string[] {
  if (n === 0) return [];
  if (sep === '') {
    const r = runes(s);
    if (n < 0 || n >= r.length) return r;
    return [...r.slice(0, n - 1), r.slice(n - 1).join('')];
  }
  const parts = s.split(sep);
  if (n < 0 || parts.length <= n) return parts;
  return [...parts.slice(0, n - 1), parts.slice(n - 1).join(sep)];
}

function substring(s: string, start: bigint, end?: bigint): Result {
  const r = runes(s);
  const l = BigInt(r.length);
  if (end !== undefined && start > end) return new CelError(`invalid substring range. start: ${start}, end: ${end}`);
  if (start < 0n || start > l) return new CelError(`index out of range: ${start}`);
  if (end !== undefined && (end < 0n || end > l)) return new CelError(`index out of range: ${end}`);
  return r.slice(Number(start), end === undefined ? undefined : Number(end)).join('');
}

/** strings.quote: a double-quoted CEL string literal (invalid UTF-8 is replaced, as ext/strings.go sanitize). */
export function quote(s: string): string {
  const escapes: Readonly<Record<string, string>> = { '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v', '\\': '\\\\', '"': '\\"' };
  const escaped = [...s].map((c) => escapes[c] ?? c).join('');
  return `"${escaped.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')}"`;
}

function join(list: readonly CelValue[], sep: string): Result {
  for (const item of list) if (typeof item !== 'string') return new CelError(`join: invalid input: ${String(item)}`);
  return list.join(sep);
}

const s = (v: CelValue | undefined): string => v as string;
const i = (v: CelValue | undefined): bigint => v as bigint;

export function stringsLibrary(version: number, printer: PrinterVersion = { spacedTimesSign: false }): Library {
  const functions = [
    fn('charAt', member('string_char_at_int', [STRING, INT], STRING, ([a, b]) => charAt(s(a), i(b)))),
    fn(
      'indexOf',
      member('string_index_of_string', [STRING, STRING], INT, ([a, b]) => indexOf(s(a), s(b), 0n)),
      member('string_index_of_string_int', [STRING, STRING, INT], INT, ([a, b, c]) => indexOf(s(a), s(b), i(c))),
    ),
    fn(
      'lastIndexOf',
      member('string_last_index_of_string', [STRING, STRING], INT, ([a, b]) => lastIndexOf(s(a), s(b), undefined)),
      member('string_last_index_of_string_int', [STRING, STRING, INT], INT, ([a, b, c]) => lastIndexOf(s(a), s(b), i(c))),
    ),
    fn('lowerAscii', member('string_lower_ascii', [STRING], STRING, ([a]) => mapAscii(s(a), (c) => c.toLowerCase()))),
    fn(
      'replace',
      member('string_replace_string_string', [STRING, STRING, STRING], STRING, ([a, b, c]) => goReplace(s(a), s(b), s(c), -1)),
      member('string_replace_string_string_int', [STRING, STRING, STRING, INT], STRING, ([a, b, c, d]) => goReplace(s(a), s(b), s(c), Number(i(d)))),
    ),
    fn(
      'split',
      member('string_split_string', [STRING, STRING], listOf(STRING), ([a, b]) => goSplit(s(a), s(b), -1)),
      member('string_split_string_int', [STRING, STRING, INT], listOf(STRING), ([a, b, c]) => goSplit(s(a), s(b), Number(i(c)))),
    ),
    fn(
      'substring',
      member('string_substring_int', [STRING, INT], STRING, ([a, b]) => substring(s(a), i(b))),
      member('string_substring_int_int', [STRING, INT, INT], STRING, ([a, b, c]) => substring(s(a), i(b), i(c))),
    ),
    fn('trim', member('string_trim', [STRING], STRING, ([a]) => goTrimSpace(s(a)))),
    fn('upperAscii', member('string_upper_ascii', [STRING], STRING, ([a]) => mapAscii(s(a), (c) => c.toUpperCase()))),
    fn(
      'join',
      member('list_join', [listOf(STRING)], STRING, ([a]) => join(a as CelValue[], '')),
      member('list_join_string', [listOf(STRING), STRING], STRING, ([a, b]) => join(a as CelValue[], s(b))),
    ),
  ];
  if (version >= 1) {
    functions.push(fn('format', member('string_format', [STRING, listOf({ kind: 'dyn' })], STRING, ([a, b]) => formatString(s(a), b as CelValue[], printer))));
    functions.push(fn('strings.quote', global('strings_quote', [STRING], STRING, ([a]) => quote(s(a)))));
  }
  return { name: `strings version ${version}`, functions };
}
