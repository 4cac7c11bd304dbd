/**
 * Document data as CEL sees it. YAML integers are CEL `int` (bigint), not `double`: `self.tokenGeneration == 3`
 * and `self.maxAge + 1` behave as in Kubernetes. Numbers with a fraction (and integers beyond int64) are `double`,
 * and so is an integer in a field the platform's schema types as a number, as Kubernetes reads it
 * (k8s.io/apiserver pkg/cel/common/values.go). Mappings become `Map`s (any key, `__proto__` included), sequences
 * arrays. Shared nodes (YAML aliases) are converted once.
 */
import type { CelInput } from './cel.js';
import { API_GROUP, apiGroupOf } from '../engine/scope.js';
import type { PathSegment, ResourceKind } from '../engine/types.js';
import type { PathStep } from './path.js';
import { platformNumberFields } from './schema-types.js';

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

/** Integers at the end of the path become doubles. */
function toDoubles(node: CelInput, steps: readonly PathStep[], at: number): CelInput {
  const step = steps[at];
  if (step === undefined) return typeof node === 'bigint' ? Number(node) : node;
  if (node instanceof Map) {
    const keys = step.kind === 'key' ? [step.key] : step.kind === 'wildcard' ? [...node.keys()] : [];
    for (const key of keys) {
      const value = node.get(key);
      if (value !== undefined) node.set(key, toDoubles(value, steps, at + 1));
    }
  } else if (Array.isArray(node) && step.kind === 'wildcard') {
    node.forEach((item, i) => {
      node[i] = toDoubles(item, steps, at + 1);
    });
  }
  return node;
}

/** A document of a platform kind as CEL sees it, its number fields doubles. */
export function toKindCelData(data: Readonly<Record<string, unknown>>, kind: ResourceKind | undefined): CelInput {
  const converted = toCelData(data);
  if (kind !== undefined) for (const steps of platformNumberFields(kind)) toDoubles(converted, steps, 0);
  return converted;
}

/** An admission request's object as CEL sees it: read with its kind's schema when it is one of the platform's kinds. */
export function objectCelData(data: Readonly<Record<string, unknown>> | null): CelInput {
  if (data === null) return null;
  const { apiVersion, kind } = data;
  const platform = typeof apiVersion === 'string' && apiGroupOf(apiVersion) === API_GROUP;
  return toKindCelData(data, platform && (kind === 'User' || kind === 'Config') ? kind : undefined);
}
