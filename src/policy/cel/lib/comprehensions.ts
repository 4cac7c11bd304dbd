/**
 * The function behind transformMap and transformMapEntry (cel-go ext/comprehensions.go, `cel.@mapInsert`): insert a
 * key and value, or the entries of a map, into the accumulated map; an existing key is an error.
 */
import { fn, global } from '../decls.js';
import { mapOf } from '../types.js';
import { CelError, mapGet, type CelValue, type MapKey, type Result } from '../values.js';
import { formatValue } from '../format-value.js';
import { K_PARAM, V_PARAM } from './params.js';
import type { Library } from './library.js';

function insert(map: ReadonlyMap<MapKey, CelValue>, entries: Iterable<[CelValue, CelValue]>): Result {
  const out = new Map(map);
  for (const [key, value] of entries) {
    if (mapGet(out, key) !== undefined) return new CelError(`insert failed: key ${formatValue(key)} already exists`);
    out.set(key as MapKey, value);
  }
  return out;
}

const KV = mapOf(K_PARAM, V_PARAM);

export const comprehensionsLibrary: Library = {
  name: 'two-variable comprehensions',
  macros: ['twoVarComprehensions'],
  functions: [
    fn(
      'cel.@mapInsert',
      global('@mapInsert_map_key_value', [KV, K_PARAM, V_PARAM], KV, ([m, k, v]) => insert(m as ReadonlyMap<MapKey, CelValue>, [[k as CelValue, v as CelValue]])),
      global('@mapInsert_map_map', [KV, KV], KV, ([m, other]) => insert(m as ReadonlyMap<MapKey, CelValue>, other as ReadonlyMap<CelValue & MapKey, CelValue>)),
    ),
  ],
};
