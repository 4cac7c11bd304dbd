/**
 * Type conversions and the standard string functions (cel-go common/stdlib/standard.go and the ConvertToType
 * methods of common/types): int(), uint(), double(), string(), bytes(), bool(), dyn(), type(), with cel-go's errors
 * (Go's strconv messages for unparsable strings, "integer overflow" for out-of-range numbers); contains, startsWith,
 * endsWith and matches (RE2, as Go's regexp).
 */
import { strictUtf8Text } from '../../../formats/base64.js';
import { INT64_MAX, INT64_MIN, UINT64_MAX } from '../../../formats/go-int.js';
import { goQuote } from '../../../formats/go-quote.js';
import { fn, global, member } from '../decls.js';
import { formatGoFloat } from '../format-value.js';
import { A_PARAM } from './params.js';
import { BOOL, BYTES, DOUBLE, DURATION, DYN, INT, STRING, TIMESTAMP, UINT } from '../types.js';
import { CelDuration, CelError, CelTimestamp, CelTypeValue, CelUint, checkedInt, typeOfValue, type CelValue, type Result } from '../values.js';
import { compileRegex } from './regex-cache.js';
import type { Library } from './library.js';
import { formatDuration, formatTimestamp, timestampSeconds } from './std-time.js';

function parseGoInt(text: string, fnName: string, unsigned: boolean): bigint | CelError {
  const syntax = new CelError(`strconv.${fnName}: parsing ${goQuote(text)}: invalid syntax`);
  if (!(unsigned ? /^\+?[0-9]+$/ : /^[+-]?[0-9]+$/).test(text)) return syntax;
  const value = BigInt(text);
  const inRange = unsigned ? value <= UINT64_MAX : value >= INT64_MIN && value <= INT64_MAX;
  return inRange ? value : new CelError(`strconv.${fnName}: parsing ${goQuote(text)}: value out of range`);
}

/** Go's strconv.ParseFloat(s, 64): decimal and hexadecimal floats, inf, infinity and nan in any case. */
function parseGoFloat(text: string): number | CelError {
  const t = text.replace(/^[+-]/, '');
  if (/^(inf|infinity)$/i.test(t)) return text.startsWith('-') ? -Infinity : Infinity;
  if (/^nan$/i.test(t)) return NaN;
  const decimal = /^[+-]?(?:[0-9](?:_?[0-9])*(?:\.(?:[0-9](?:_?[0-9])*)?)?|\.[0-9](?:_?[0-9])*)(?:[eE][+-]?[0-9](?:_?[0-9])*)?$/;
  if (decimal.test(text) && !text.includes('_')) {
    const value = Number(text);
    if (!Number.isFinite(value)) return new CelError(`strconv.ParseFloat: parsing ${goQuote(text)}: value out of range`);
    return value;
  }
  return new CelError(`strconv.ParseFloat: parsing ${goQuote(text)}: invalid syntax`);
}

function doubleToInt(value: number): Result {
  if (!Number.isFinite(value) || value <= -(2 ** 63) || value >= 2 ** 63) return new CelError('integer overflow');
  return BigInt(Math.trunc(value));
}

function doubleToUint(value: number): Result {
  if (!Number.isFinite(value) || value < 0 || value >= 2 ** 64) return new CelError('unsigned integer overflow');
  return new CelUint(BigInt(Math.trunc(value)));
}

function bytesToString(bytes: Uint8Array): Result {
  return strictUtf8Text(bytes) ?? new CelError('invalid UTF-8 in bytes, cannot convert to string');
}

function parseGoBool(text: string): Result {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(text)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(text)) return false;
  return new CelError(`strconv.ParseBool: parsing ${goQuote(text)}: invalid syntax`);
}

function matches(text: string, pattern: string): Result {
  const re = compileRegex(pattern);
  return re instanceof CelError ? re : re.matcher(text).find();
}

export const conversionsLibrary: Library = {
  name: 'conversions and strings',
  functions: [
    fn('type', global('type', [A_PARAM], { kind: 'type', param: A_PARAM }, ([v]) => new CelTypeValue(typeOfValue(v as CelValue)))),
    fn('dyn', global('to_dyn', [A_PARAM], DYN, ([v]) => v as CelValue)),
    fn(
      'int',
      global('int64_to_int64', [INT], INT, ([v]) => v as CelValue),
      global('double_to_int64', [DOUBLE], INT, ([v]) => doubleToInt(v as number)),
      global('duration_to_int64', [DURATION], INT, ([v]) => (v as CelDuration).nanos),
      global('string_to_int64', [STRING], INT, ([v]) => parseGoInt(v as string, 'ParseInt', false)),
      global('timestamp_to_int64', [TIMESTAMP], INT, ([v]) => timestampSeconds(v as CelTimestamp)),
      global('uint64_to_int64', [UINT], INT, ([v]) => checkedInt((v as CelUint).value)),
    ),
    fn(
      'uint',
      global('uint64_to_uint64', [UINT], UINT, ([v]) => v as CelValue),
      global('double_to_uint64', [DOUBLE], UINT, ([v]) => doubleToUint(v as number)),
      global('int64_to_uint64', [INT], UINT, ([v]) => ((v as bigint) < 0n ? new CelError('unsigned integer overflow') : new CelUint(v as bigint))),
      global('string_to_uint64', [STRING], UINT, ([v]) => {
        const parsed = parseGoInt(v as string, 'ParseUint', true);
        return parsed instanceof CelError ? parsed : new CelUint(parsed);
      }),
    ),
    fn(
      'double',
      global('double_to_double', [DOUBLE], DOUBLE, ([v]) => v as CelValue),
      global('int64_to_double', [INT], DOUBLE, ([v]) => Number(v as bigint)),
      global('string_to_double', [STRING], DOUBLE, ([v]) => parseGoFloat(v as string)),
      global('uint64_to_double', [UINT], DOUBLE, ([v]) => Number((v as CelUint).value)),
    ),
    fn(
      'string',
      global('string_to_string', [STRING], STRING, ([v]) => v as CelValue),
      global('bool_to_string', [BOOL], STRING, ([v]) => String(v)),
      global('bytes_to_string', [BYTES], STRING, ([v]) => bytesToString(v as Uint8Array)),
      global('double_to_string', [DOUBLE], STRING, ([v]) => formatGoFloat(v as number)),
      global('duration_to_string', [DURATION], STRING, ([v]) => formatDuration(v as CelDuration)),
      global('int64_to_string', [INT], STRING, ([v]) => String(v)),
      global('timestamp_to_string', [TIMESTAMP], STRING, ([v]) => formatTimestamp(v as CelTimestamp)),
      global('uint64_to_string', [UINT], STRING, ([v]) => String((v as CelUint).value)),
    ),
    fn(
      'bytes',
      global('bytes_to_bytes', [BYTES], BYTES, ([v]) => v as CelValue),
      global('string_to_bytes', [STRING], BYTES, ([v]) => new TextEncoder().encode(v as string)),
    ),
    fn(
      'bool',
      global('bool_to_bool', [BOOL], BOOL, ([v]) => v as CelValue),
      global('string_to_bool', [STRING], BOOL, ([v]) => parseGoBool(v as string)),
    ),
    fn('contains', member('contains_string', [STRING, STRING], BOOL, ([a, b]) => (a as string).includes(b as string))),
    fn('endsWith', member('ends_with_string', [STRING, STRING], BOOL, ([a, b]) => (a as string).endsWith(b as string))),
    fn('startsWith', member('starts_with_string', [STRING, STRING], BOOL, ([a, b]) => (a as string).startsWith(b as string))),
    fn(
      'matches',
      global('matches', [STRING, STRING], BOOL, ([a, b]) => matches(a as string, b as string)),
      member('matches_string', [STRING, STRING], BOOL, ([a, b]) => matches(a as string, b as string)),
    ),
  ],
};
