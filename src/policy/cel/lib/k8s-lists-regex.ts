/**
 * Kubernetes' lists library (k8s.io/apiserver pkg/cel/library/lists.go: isSorted, sum, min, max, indexOf,
 * lastIndexOf; version 1, from Kubernetes 1.37, adds includes) and regex library (regex.go: find, findAll).
 */
import { compareValues } from '../compare.js';
import { fn, global, member } from '../decls.js';
import { BOOL, DURATION, DYN, INT, listOf, STRING, UINT, DOUBLE, formatType, type CelType } from '../types.js';
import { celEquals, CelDuration, CelError, CelUint, checkedDuration, checkedInt, checkedUint, isError, type CelValue, type Result } from '../values.js';
import { COMPARABLE_TYPES } from './ext-lists.js';
import { A_PARAM } from './params.js';
import { compileRegex } from './regex-cache.js';
import type { Library } from './library.js';

const SUMMABLE: readonly [CelType, CelValue][] = [
  [INT, 0n],
  [UINT, new CelUint(0n)],
  [DOUBLE, 0],
  [DURATION, new CelDuration(0n)],
];

function add(a: CelValue, b: CelValue): Result {
  if (typeof a === 'bigint' && typeof b === 'bigint') return checkedInt(a + b);
  if (a instanceof CelUint && b instanceof CelUint) return checkedUint(a.value + b.value);
  if (typeof a === 'number' && typeof b === 'number') return a + b;
  if (a instanceof CelDuration && b instanceof CelDuration) return checkedDuration(a.nanos + b.nanos);
  return new CelError('no such overload');
}

function sum(list: readonly CelValue[], zero: CelValue): Result {
  let acc: Result = zero;
  for (const item of list) {
    acc = add(acc, item);
    if (isError(acc)) return acc;
  }
  return acc;
}

function isSorted(list: readonly CelValue[]): Result {
  for (let i = 1; i < list.length; i++) {
    const c = compareValues(list[i - 1] as CelValue, list[i] as CelValue);
    if (c instanceof CelError) return c;
    if (c === 1) return false;
  }
  return true;
}

function extreme(list: readonly CelValue[], name: 'min' | 'max'): Result {
  let result: CelValue | undefined;
  for (const item of list) {
    if (result === undefined) {
      result = item;
      continue;
    }
    const c = compareValues(result, item);
    if (c instanceof CelError) return c;
    if (c === (name === 'min' ? 1 : -1)) result = item;
  }
  return result ?? new CelError(`${name} called on empty list`);
}

function indexOf(list: readonly CelValue[], item: CelValue, last: boolean): bigint {
  if (last) {
    for (let i = list.length - 1; i >= 0; i--) if (celEquals(list[i] as CelValue, item)) return BigInt(i);
  } else {
    for (let i = 0; i < list.length; i++) if (celEquals(list[i] as CelValue, item)) return BigInt(i);
  }
  return -1n;
}

const l = (v: CelValue | undefined): readonly CelValue[] => v as readonly CelValue[];

export function kubernetesListsLibrary(version: number): Library {
  const functions = [
    fn('isSorted', ...COMPARABLE_TYPES.map((t) => member(`list_${formatType(t)}_is_sorted_bool`, [listOf(t)], BOOL, ([a]) => isSorted(l(a))))),
    fn('sum', ...SUMMABLE.map(([t, zero]) => member(`list_${formatType(t)}_sum_${formatType(t)}`, [listOf(t)], t, ([a]) => sum(l(a), zero)))),
    fn('max', ...COMPARABLE_TYPES.map((t) => member(`list_${formatType(t)}_max_${formatType(t)}`, [listOf(t)], t, ([a]) => extreme(l(a), 'max')))),
    fn('min', ...COMPARABLE_TYPES.map((t) => member(`list_${formatType(t)}_min_${formatType(t)}`, [listOf(t)], t, ([a]) => extreme(l(a), 'min')))),
    fn('indexOf', member('list_a_index_of_int', [listOf(A_PARAM), A_PARAM], INT, ([a, b]) => indexOf(l(a), b as CelValue, false))),
    fn('lastIndexOf', member('list_a_last_index_of_int', [listOf(A_PARAM), A_PARAM], INT, ([a, b]) => indexOf(l(a), b as CelValue, true))),
  ];
  if (version >= 1) {
    functions.push(
      fn('includes', member('list_includes_dyn_dyn', [DYN, DYN], BOOL, ([a, b]) => (Array.isArray(a) ? l(a).some((x) => celEquals(x, b as CelValue)) : celEquals(a as CelValue, b as CelValue)))),
    );
  }
  return { name: `kubernetes.lists version ${version}`, functions };
}

function find(s: string, pattern: string, n: bigint): Result {
  const re = compileRegex(pattern);
  if (re instanceof CelError) return new CelError(`Illegal regex: ${re.message}`);
  const out: string[] = [];
  const matcher = re.matcher(s);
  while ((n < 0n || BigInt(out.length) < n) && matcher.find()) out.push(matcher.group() ?? '');
  return out;
}

export const regexLibrary: Library = {
  name: 'kubernetes.regex',
  functions: [
    fn('find', member('string_find_string', [STRING, STRING], STRING, ([a, b]) => {
      const found = find(a as string, b as string, 1n);
      return isError(found) ? found : ((found as string[])[0] ?? '');
    })),
    fn(
      'findAll',
      member('string_find_all_string', [STRING, STRING], listOf(STRING), ([a, b]) => find(a as string, b as string, -1n)),
      member('string_find_all_string_int', [STRING, STRING, INT], listOf(STRING), ([a, b, c]) => find(a as string, b as string, c as bigint)),
    ),
  ],
};

/** Kubernetes' JSON Patch library (library/jsonpatch.go), in the environment of mutating policies' patches. */
export const jsonPatchLibrary: Library = {
  name: 'kubernetes.jsonpatch',
  functions: [fn('jsonpatch.escapeKey', global('string_jsonpatch_escapeKey_string', [STRING], STRING, ([s]) => (s as string).replace(/[~/]/g, (c) => (c === '~' ? '~0' : '~1'))))],
};
