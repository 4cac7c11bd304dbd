/**
 * CEL's standard operators (cel-go common/stdlib/standard.go): logic, equality, arithmetic with cel-go's overflow
 * errors (common/types/overflow.go), ordering, `in`, indexing and size. `_&&_`, `_||_`, `_?_:_`, `_==_`, `_[_]` are
 * evaluated by the interpreter itself (as cel-go's planner specialises them); they are declared here for the checker.
 */
import { INT64_MIN } from '../../../formats/go-int.js';
import { fn, global, member, type Overload } from '../decls.js';
import { BOOL, BYTES, DOUBLE, DURATION, INT, listOf, mapOf, param, STRING, TIMESTAMP, UINT, type CelType } from '../types.js';
import {
  celEquals,
  CelDuration,
  CelError,
  CelTimestamp,
  CelUint,
  checkedInt,
  checkedUint,
  codePointLength,
  compareBytes,
  compareNumeric,
  compareStrings,
  mapGet,
  noSuchOverload,
  numeric,
  type CelValue,
  type Result,
} from '../values.js';
import { addDuration, subtractTimestamps } from './std-time.js';
import type { Library } from './library.js';

const A = param('A');
const B = param('B');

const int = (v: CelValue): bigint => v as bigint;
const uint = (v: CelValue): bigint => (v as CelUint).value;
const dbl = (v: CelValue): number => v as number;

function arithmetic(name: string, i: (a: bigint, b: bigint) => Result, u: (a: bigint, b: bigint) => Result, d?: (a: number, b: number) => number): Overload[] {
  const out = [
    global(`${name}_int64`, [INT, INT], INT, ([a, b]) => i(int(a as CelValue), int(b as CelValue))),
    global(`${name}_uint64`, [UINT, UINT], UINT, ([a, b]) => u(uint(a as CelValue), uint(b as CelValue))),
  ];
  if (d) out.push(global(`${name}_double`, [DOUBLE, DOUBLE], DOUBLE, ([a, b]) => d(dbl(a as CelValue), dbl(b as CelValue))));
  return out;
}

function ordering(id: string, test: (c: number) => boolean, crossType: boolean): Overload[] {
  const compare =
    (cmp: (a: CelValue, b: CelValue) => number | CelError) =>
    ([a, b]: readonly CelValue[]): Result => {
      const c = cmp(a as CelValue, b as CelValue);
      return c instanceof CelError ? c : test(c);
    };
  const numericCompare = (a: CelValue, b: CelValue): number | CelError => {
    const c = compareNumeric(numeric(a) as never, numeric(b) as never);
    return c === undefined ? new CelError('NaN values cannot be ordered') : c;
  };
  const same: [string, CelType, (a: CelValue, b: CelValue) => number | CelError][] = [
    ['bool', BOOL, (a, b) => (a === b ? 0 : a ? 1 : -1)],
    ['int64', INT, numericCompare],
    ['uint64', UINT, numericCompare],
    ['double', DOUBLE, numericCompare],
    ['string', STRING, (a, b) => compareStrings(a as string, b as string)],
    ['bytes', BYTES, (a, b) => compareBytes(a as Uint8Array, b as Uint8Array)],
    ['timestamp', TIMESTAMP, (a, b) => cmpBig((a as CelTimestamp).nanos, (b as CelTimestamp).nanos)],
    ['duration', DURATION, (a, b) => cmpBig((a as CelDuration).nanos, (b as CelDuration).nanos)],
  ];
  const out = same.map(([suffix, type, cmp]) => global(`${id}_${suffix}`, [type, type], BOOL, compare(cmp)));
  if (crossType) {
    const nums: [string, CelType][] = [['int64', INT], ['uint64', UINT], ['double', DOUBLE]];
    for (const [sa, ta] of nums) for (const [sb, tb] of nums) if (sa !== sb) out.push(global(`${id}_${sa}_${sb}`, [ta, tb], BOOL, compare(numericCompare)));
  }
  return out;
}

function cmpBig(a: bigint, b: bigint): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** The standard operators; `crossTypeNumericComparisons` adds `1 < 1.5` and its kin (cel.CrossTypeNumericComparisons). */
export function standardOperators(crossTypeNumericComparisons: boolean): Library {
  return {
    name: 'standard operators',
    functions: [
      fn('_?_:_', global('conditional', [BOOL, A, A], A, () => noSuchOverload())),
      fn('_&&_', global('logical_and', [BOOL, BOOL], BOOL, () => noSuchOverload())),
      fn('_||_', global('logical_or', [BOOL, BOOL], BOOL, () => noSuchOverload())),
      fn('!_', global('logical_not', [BOOL], BOOL, ([a]) => !a)),
      fn('@not_strictly_false', global('not_strictly_false', [BOOL], BOOL, ([a]) => a !== false)),
      fn('_==_', global('equals', [A, A], BOOL, ([a, b]) => celEquals(a as CelValue, b as CelValue))),
      fn('_!=_', global('not_equals', [A, A], BOOL, ([a, b]) => !celEquals(a as CelValue, b as CelValue))),
      fn(
        '_+_',
        global('add_bytes', [BYTES, BYTES], BYTES, ([a, b]) => concatBytes(a as Uint8Array, b as Uint8Array)),
        global('add_double', [DOUBLE, DOUBLE], DOUBLE, ([a, b]) => dbl(a as CelValue) + dbl(b as CelValue)),
        global('add_duration_duration', [DURATION, DURATION], DURATION, ([a, b]) => addDuration(a as CelDuration, (b as CelDuration).nanos)),
        global('add_duration_timestamp', [DURATION, TIMESTAMP], TIMESTAMP, ([a, b]) => addDuration(b as CelTimestamp, (a as CelDuration).nanos)),
        global('add_timestamp_duration', [TIMESTAMP, DURATION], TIMESTAMP, ([a, b]) => addDuration(a as CelTimestamp, (b as CelDuration).nanos)),
        global('add_int64', [INT, INT], INT, ([a, b]) => checkedInt(int(a as CelValue) + int(b as CelValue))),
        global('add_list', [listOf(A), listOf(A)], listOf(A), ([a, b]) => [...(a as CelValue[]), ...(b as CelValue[])]),
        global('add_string', [STRING, STRING], STRING, ([a, b]) => (a as string) + (b as string)),
        global('add_uint64', [UINT, UINT], UINT, ([a, b]) => checkedUint(uint(a as CelValue) + uint(b as CelValue))),
      ),
      fn(
        '_-_',
        global('subtract_double', [DOUBLE, DOUBLE], DOUBLE, ([a, b]) => dbl(a as CelValue) - dbl(b as CelValue)),
        global('subtract_duration_duration', [DURATION, DURATION], DURATION, ([a, b]) => addDuration(a as CelDuration, -(b as CelDuration).nanos)),
        global('subtract_int64', [INT, INT], INT, ([a, b]) => checkedInt(int(a as CelValue) - int(b as CelValue))),
        global('subtract_timestamp_duration', [TIMESTAMP, DURATION], TIMESTAMP, ([a, b]) => addDuration(a as CelTimestamp, -(b as CelDuration).nanos)),
        global('subtract_timestamp_timestamp', [TIMESTAMP, TIMESTAMP], DURATION, ([a, b]) => subtractTimestamps(a as CelTimestamp, b as CelTimestamp)),
        global('subtract_uint64', [UINT, UINT], UINT, ([a, b]) => checkedUint(uint(a as CelValue) - uint(b as CelValue))),
      ),
      fn(
        '_*_',
        ...arithmetic('multiply', (a, b) => checkedInt(a * b), (a, b) => checkedUint(a * b), (a, b) => a * b),
      ),
      fn(
        '_/_',
        ...arithmetic(
          'divide',
          (a, b) => (b === 0n ? new CelError('division by zero') : a === INT64_MIN && b === -1n ? new CelError('integer overflow') : a / b),
          (a, b) => (b === 0n ? new CelError('division by zero') : new CelUint(a / b)),
          (a, b) => a / b,
        ),
      ),
      fn(
        '_%_',
        ...arithmetic(
          'modulo',
          (a, b) => (b === 0n ? new CelError('modulus by zero') : a === INT64_MIN && b === -1n ? new CelError('integer overflow') : a % b),
          (a, b) => (b === 0n ? new CelError('modulus by zero') : new CelUint(a % b)),
        ),
      ),
      fn(
        '-_',
        global('negate_double', [DOUBLE], DOUBLE, ([a]) => -dbl(a as CelValue)),
        global('negate_int64', [INT], INT, ([a]) => checkedInt(-int(a as CelValue))),
      ),
      fn('_<_', ...ordering('less', (c) => c < 0, crossTypeNumericComparisons)),
      fn('_<=_', ...ordering('less_equals', (c) => c <= 0, crossTypeNumericComparisons)),
      fn('_>_', ...ordering('greater', (c) => c > 0, crossTypeNumericComparisons)),
      fn('_>=_', ...ordering('greater_equals', (c) => c >= 0, crossTypeNumericComparisons)),
      fn(
        '_[_]',
        global('index_list', [listOf(A), INT], A, () => noSuchOverload()),
        global('index_map', [mapOf(A, B), A], B, () => noSuchOverload()),
      ),
      fn(
        '@in',
        global('in_list', [A, listOf(A)], BOOL, ([a, b]) => (b as CelValue[]).some((item) => celEquals(a as CelValue, item))),
        global('in_map', [A, mapOf(A, B)], BOOL, ([a, b]) => mapGet(b as ReadonlyMap<never, CelValue>, a as CelValue) !== undefined),
      ),
      fn(
        'size',
        global('size_bytes', [BYTES], INT, ([a]) => BigInt((a as Uint8Array).length)),
        member('bytes_size', [BYTES], INT, ([a]) => BigInt((a as Uint8Array).length)),
        global('size_list', [listOf(A)], INT, ([a]) => BigInt((a as CelValue[]).length)),
        member('list_size', [listOf(A)], INT, ([a]) => BigInt((a as CelValue[]).length)),
        global('size_map', [mapOf(A, B)], INT, ([a]) => BigInt((a as Map<unknown, unknown>).size)),
        member('map_size', [mapOf(A, B)], INT, ([a]) => BigInt((a as Map<unknown, unknown>).size)),
        global('size_string', [STRING], INT, ([a]) => BigInt(codePointLength(a as string))),
        member('string_size', [STRING], INT, ([a]) => BigInt(codePointLength(a as string))),
      ),
    ],
  };
}
