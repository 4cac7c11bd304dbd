import type { DataPath } from '../yaml/data-path.js';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether two values of decoded data (JSON's kinds of values) are equal all the way down, as Node's
 * `util.isDeepStrictEqual` judges them: numbers by `Object.is`, records by their own keys whatever their order, and
 * only values of the same prototype equal.
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  return keys.every((key) => Object.hasOwn(right, key) && deepEqual(left[key], right[key]));
}

/** Explicit null means the same as leaving a field out to the platform's Go decoder. */
export function isSet(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/** The strings of a list, in order; anything else in it, or a value that is not a list, gives none. */
export function stringItems(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** A list with at least one item: absent, null and [] all say "none". */
export function isNonEmptyList(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.length > 0;
}

/** Absent, null or "": a field given no value, which the platform treats as unset (a required name or id missing). */
export function isBlank(value: unknown): value is undefined | null | '' {
  return value === undefined || value === null || value === '';
}

/** Own keys of a plain record in source order, safe for `__proto__` and friends. */
export function entriesOf(record: Record<string, unknown>): [string, unknown][] {
  return Object.keys(record).map((key) => [key, record[key]]);
}

/** A data path as messages show it: `status.auth.connectors[0].oidc` */
export function displayPath(path: DataPath): string {
  let out = '';
  for (const segment of path) out += typeof segment === 'number' ? `[${segment}]` : out ? `.${segment}` : segment;
  return out || '(document)';
}

/** The value at a data path, or undefined when any step is missing. */
export function getIn(data: unknown, path: DataPath): unknown {
  let node: unknown = data;
  for (const segment of path) {
    if (typeof segment === 'number') {
      if (!Array.isArray(node)) return undefined;
      node = node[segment];
    } else {
      if (!isRecord(node) || !Object.prototype.hasOwnProperty.call(node, segment)) return undefined;
      node = node[segment];
    }
  }
  return node;
}

/** A mapping at a path, or undefined (wrong types are the schema rules' business, not every rule's). */
export function recordAt(data: unknown, path: DataPath): Record<string, unknown> | undefined {
  const value = getIn(data, path);
  return isRecord(value) ? value : undefined;
}

/** A list at a path, with each item's own path. */
export function listAt(data: unknown, path: DataPath): { value: unknown; path: DataPath }[] {
  const value = getIn(data, path);
  return Array.isArray(value) ? value.map((item, i) => ({ value: item, path: [...path, i] })) : [];
}

/** The mapping items of the list at a path, each with its position and path (other items are the schema pass's business). */
export function mappingItems(data: unknown, path: DataPath): { value: Record<string, unknown>; path: DataPath; index: number }[] {
  const list = getIn(data, path);
  if (!Array.isArray(list)) return [];
  const out: { value: Record<string, unknown>; path: DataPath; index: number }[] = [];
  list.forEach((value: unknown, index) => {
    if (isRecord(value)) out.push({ value, path: [...path, index], index });
  });
  return out;
}

/**
 * The items that repeat the string in field `key` of an earlier item, as the server would find two of one name: the
 * field's path in each repeat, its value, and its path in the first item that has it.
 */
export function repeatedField(items: readonly { value: Record<string, unknown>; path: DataPath }[], key: string): { path: DataPath; value: string; first: DataPath }[] {
  const firstAt = new Map<string, DataPath>();
  const out: { path: DataPath; value: string; first: DataPath }[] = [];
  for (const item of items) {
    const value = item.value[key];
    if (typeof value !== 'string') continue;
    const path = [...item.path, key];
    const first = firstAt.get(value);
    if (first) out.push({ path, value, first });
    else firstAt.set(value, path);
  }
  return out;
}

export function stringAt(data: unknown, path: DataPath): string | undefined {
  const value = getIn(data, path);
  return typeof value === 'string' ? value : undefined;
}

/** An optional string field's value, undefined when it is not a string or is empty: "" means unset to the platform. */
export function optionalStringAt(data: unknown, path: DataPath): string | undefined {
  const value = stringAt(data, path);
  return value === '' ? undefined : value;
}
