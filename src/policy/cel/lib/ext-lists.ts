/**
 * cel-go's lists extension (ext/lists.go) at version 3, Kubernetes' from 1.34: slice, flatten, sort, sortBy (a
 * macro over @sortByAssociatedKeys), lists.range, reverse, distinct.
 */
import { compareValues, isComparable } from '../compare.js';
import { fn, global, member, unguarded } from '../decls.js';
import { BOOL, BYTES, DOUBLE, DURATION, DYN, INT, listOf, STRING, TIMESTAMP, UINT, type CelType } from '../types.js';
import { celEquals, CelError, noSuchOverload, typeOfValue, type CelValue, type Result } from '../values.js';
import { formatType } from '../types.js';
import { T_PARAM } from './params.js';
import type { Library } from './library.js';

/** The element types `sort` takes (ext/lists.go comparableTypes). */
export const COMPARABLE_TYPES: readonly CelType[] = [INT, UINT, DOUBLE, BOOL, DURATION, TIMESTAMP, STRING, BYTES];

function slice(list: readonly CelValue[], start: bigint, end: bigint): Result {
  if (start < 0n || end < 0n) return new CelError(`cannot slice(${start}, ${end}), negative indexes not supported`);
  if (start > end) return new CelError(`cannot slice(${start}, ${end}), start index must be less than or equal to end index`);
  if (BigInt(list.length) < end) return new CelError(`cannot slice(${start}, ${end}), list is length ${list.length}`);
  return list.slice(Number(start), Number(end));
}

function flatten(list: readonly CelValue[], depth: bigint): CelValue[] | CelError {
  if (depth < 0n) return new CelError('level must be non-negative');
  const out: CelValue[] = [];
  for (const item of list) {
    if (!Array.isArray(item) || depth === 0n) {
      out.push(item);
      continue;
    }
    const inner = flatten(item, depth - 1n);
    if (inner instanceof CelError) return inner;
    out.push(...inner);
  }
  return out;
}

function sortByKeys(list: readonly CelValue[], keys: readonly CelValue[]): Result {
  if (list.length !== keys.length) {
    return new CelError(`@sortByAssociatedKeys() expected a list of the same size as the associated keys list, but got ${list.length} and ${keys.length} elements respectively`);
  }
  if (list.length === 0) return list;
  const first = keys[0] as CelValue;
  if (!isComparable(first)) return new CelError('list elements must be comparable');
  const firstType = formatType(typeOfValue(first));
  let error: CelError | undefined;
  const indices = list.map((_, i) => i);
  indices.sort((i, j) => {
    const a = keys[i] as CelValue;
    const b = keys[j] as CelValue;
    if (formatType(typeOfValue(a)) !== firstType || formatType(typeOfValue(b)) !== firstType) {
      error ??= new CelError('list elements must have the same type');
      return 0;
    }
    const c = compareValues(a, b);
    return typeof c === 'number' ? c : 0;
  });
  return error ?? indices.map((i) => list[i] as CelValue);
}

function distinct(list: readonly CelValue[]): CelValue[] {
  const out: CelValue[] = [];
  for (const item of list) if (!out.some((other) => celEquals(item, other))) out.push(item);
  return out;
}

const l = (v: CelValue | undefined): readonly CelValue[] => v as readonly CelValue[];

export function listsLibrary(version: number): Library {
  const functions = [fn('slice', member('list_slice', [listOf(T_PARAM), INT, INT], listOf(T_PARAM), ([a, b, c]) => slice(l(a), b as bigint, c as bigint)))];
  if (version >= 1) {
    functions.push(
      // Unguarded, as ext/lists.go declares it, so that a list that is already flat can be flattened.
      fn(
        'flatten',
        ...unguarded(
          member('list_flatten', [listOf(listOf(T_PARAM))], listOf(T_PARAM), ([a]) => (Array.isArray(a) ? flatten(l(a), 1n) : noSuchOverload())),
          member('list_flatten_int', [listOf(DYN), INT], listOf(DYN), ([a, b]) => (Array.isArray(a) && typeof b === 'bigint' ? flatten(l(a), b) : noSuchOverload())),
        ),
      ),
    );
  }
  if (version >= 2) {
    functions.push(
      fn('sort', ...COMPARABLE_TYPES.map((t) => member(`list_${formatType(t)}_sort`, [listOf(t)], listOf(t), ([a]) => sortByKeys(l(a), l(a))))),
      fn('@sortByAssociatedKeys', ...COMPARABLE_TYPES.map((t) => member(`list_${formatType(t)}_sortByAssociatedKeys`, [listOf(T_PARAM), listOf(t)], listOf(T_PARAM), ([a, b]) => sortByKeys(l(a), l(b))))),
      fn('lists.range', global('lists_range', [INT], listOf(INT), ([n]) => Array.from({ length: Math.max(0, Number(n as bigint)) }, (_, i) => BigInt(i)))),
      fn('reverse', member('list_reverse', [listOf(T_PARAM)], listOf(T_PARAM), ([a]) => [...l(a)].reverse())),
      fn('distinct', member('list_distinct', [listOf(T_PARAM)], listOf(T_PARAM), ([a]) => distinct(l(a)))),
    );
  }
  return { name: `lists version ${version}`, functions, ...(version >= 2 ? { macros: ['sortBy' as const] } : {}) };
}

export const setsLibrary: Library = {
  name: 'sets',
  functions: [
    fn('sets.contains', global('list_sets_contains_list', [listOf(T_PARAM), listOf(T_PARAM)], BOOL, ([a, b]) => l(b).every((x) => l(a).some((y) => celEquals(x, y))))),
    fn('sets.equivalent', global('list_sets_equivalent_list', [listOf(T_PARAM), listOf(T_PARAM)], BOOL, ([a, b]) => l(b).every((x) => l(a).some((y) => celEquals(x, y))) && l(a).every((x) => l(b).some((y) => celEquals(x, y))))),
    fn('sets.intersects', global('list_sets_intersects_list', [listOf(T_PARAM), listOf(T_PARAM)], BOOL, ([a, b]) => l(a).some((x) => l(b).some((y) => celEquals(x, y))))),
  ],
};
