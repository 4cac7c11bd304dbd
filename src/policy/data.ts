/**
 * Document data as CEL sees it. YAML integers are CEL `int` (bigint), not `double`: `self.tokenGeneration == 3`
 * and `self.maxAge + 1` behave as in Kubernetes. Numbers with a fraction (and integers beyond int64) are `double`.
 * Mappings become `Map`s (any key, `__proto__` included), sequences arrays. Shared nodes (YAML aliases) are
 * converted once.
 */
import type { CelInput } from './cel.js';
import type { PathSegment } from '../engine/types.js';

const INT64_LIMIT = 2 ** 63;
export const MAX_DATA_DEPTH = 1000;

export class DataTooDeep extends Error {}

export function toCelData(value: unknown, seen = new Map<object, CelInput>(), depth = 0): CelInput {
  switch (typeof value) {
    case 'number':
      return Number.isInteger(value) && Math.abs(value) < INT64_LIMIT ? BigInt(value) : value;
    case 'string':
    case 'boolean':
    case 'bigint':
      return value;
    case 'undefined':
      return null;
    case 'object':
      break;
    default:
      return String(value);
  }
  if (value === null) return null;
  if (value instanceof Uint8Array) return value;
  if (value instanceof Date) return value.toISOString();
  const known = seen.get(value);
  if (known !== undefined) return known;
  if (depth >= MAX_DATA_DEPTH) throw new DataTooDeep(`the document is nested more than ${MAX_DATA_DEPTH} levels deep`);
  if (Array.isArray(value)) {
    const out: CelInput[] = [];
    seen.set(value, out);
    for (const item of value) out.push(toCelData(item, seen, depth + 1));
    return out;
  }
  const out = new Map<string, CelInput>();
  seen.set(value, out);
  const source = value instanceof Map ? [...value.entries()] : Object.entries(value);
  for (const [key, item] of source) out.set(String(key), toCelData(item, seen, depth + 1));
  return out;
}

/** The converted node at a data path (which exists in the plain data it was converted from). */
export function celAt(root: CelInput, path: readonly PathSegment[]): CelInput {
  let node: unknown = root;
  for (const segment of path) {
    if (node instanceof Map) node = node.get(String(segment));
    else if (Array.isArray(node) && typeof segment === 'number') node = node[segment];
    else return null;
  }
  return (node ?? null) as CelInput;
}
