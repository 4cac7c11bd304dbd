/**
 * Optional values (cel-go cel/library.go, optionalLib at its latest version, as cel.OptionalTypes() gives it):
 * optional.of, optional.ofNonZeroValue, optional.none, value, hasValue, or, orValue, `?.` and `[?`, indexing an
 * optional, first, last, optional.unwrap and unwrapOpt; the macros optMap and optFlatMap.
 */
import { fn, global, member } from '../decls.js';
import { BOOL, DYN, INT, listOf, mapOf, optionalOf, STRING } from '../types.js';
import { CelDuration, CelError, CelOptional, CelTimestamp, CelUint, type CelValue, type Result } from '../values.js';
import { K_PARAM, V_PARAM } from './params.js';
import type { Library } from './library.js';

function isZero(value: CelValue): boolean {
  if (value === null || value === false || value === 0n || value === 0 || value === '') return true;
  if (value instanceof CelUint) return value.value === 0n;
  if (value instanceof Uint8Array || Array.isArray(value)) return value.length === 0;
  if (value instanceof Map) return value.size === 0;
  if (value instanceof CelDuration || value instanceof CelTimestamp) return value.nanos === 0n;
  return false;
}

const opt = (v: CelValue | undefined): CelOptional => v as CelOptional;
const OPT_V = optionalOf(V_PARAM);
const unused = (): Result => new CelError('no such overload');

export const optionalLibrary: Library = {
  name: 'optional types',
  macros: ['optMap', 'optFlatMap'],
  functions: [
    fn('optional.of', global('optional_of', [V_PARAM], OPT_V, ([v]) => new CelOptional(v as CelValue))),
    fn('optional.ofNonZeroValue', global('optional_ofNonZeroValue', [V_PARAM], OPT_V, ([v]) => (isZero(v as CelValue) ? CelOptional.NONE : new CelOptional(v as CelValue)))),
    fn('optional.none', global('optional_none', [], OPT_V, () => CelOptional.NONE)),
    fn('value', member('optional_value', [OPT_V], V_PARAM, ([o]) => opt(o).value ?? new CelError('optional.none() dereference'))),
    fn('hasValue', member('optional_hasValue', [OPT_V], BOOL, ([o]) => opt(o).hasValue)),
    fn('or', member('optional_or_optional', [OPT_V, OPT_V], OPT_V, ([a, b]) => (opt(a).hasValue ? opt(a) : opt(b)))),
    fn('orValue', member('optional_orValue_value', [OPT_V, V_PARAM], V_PARAM, ([a, b]) => opt(a).value ?? (b as CelValue))),
    fn('_?._', global('select_optional_field', [DYN, STRING], OPT_V, unused)),
    fn(
      '_[?_]',
      global('list_optindex_optional_int', [listOf(V_PARAM), INT], OPT_V, unused),
      global('optional_list_optindex_optional_int', [optionalOf(listOf(V_PARAM)), INT], OPT_V, unused),
      global('map_optindex_optional_value', [mapOf(K_PARAM, V_PARAM), K_PARAM], OPT_V, unused),
      global('optional_map_optindex_optional_value', [optionalOf(mapOf(K_PARAM, V_PARAM)), K_PARAM], OPT_V, unused),
    ),
    fn(
      '_[_]',
      global('optional_list_index_int', [optionalOf(listOf(V_PARAM)), INT], OPT_V, unused),
      global('optional_map_index_value', [optionalOf(mapOf(K_PARAM, V_PARAM)), K_PARAM], OPT_V, unused),
    ),
    fn('last', member('list_last', [listOf(V_PARAM)], OPT_V, ([l]) => {
      const list = l as CelValue[];
      return list.length ? new CelOptional(list[list.length - 1] as CelValue) : CelOptional.NONE;
    })),
    fn('first', member('list_first', [listOf(V_PARAM)], OPT_V, ([l]) => {
      const list = l as CelValue[];
      return list.length ? new CelOptional(list[0] as CelValue) : CelOptional.NONE;
    })),
    fn('optional.unwrap', global('optional_unwrap', [listOf(OPT_V)], listOf(V_PARAM), ([l]) => unwrap(l as CelValue[]))),
    fn('unwrapOpt', member('optional_unwrapOpt', [listOf(OPT_V)], listOf(V_PARAM), ([l]) => unwrap(l as CelValue[]))),
  ],
};

function unwrap(list: readonly CelValue[]): Result {
  const out: CelValue[] = [];
  for (const item of list) {
    if (!(item instanceof CelOptional)) return new CelError(`value ${String(item)} is not optional`);
    if (item.value !== undefined) out.push(item.value);
  }
  return out;
}
