import { isAlias, isMap, isPair, isScalar, isSeq, type Document, type Node } from 'yaml';
import type { DataPath } from '../engine/types.js';

export interface Located {
  /** The key node of the deepest path step that was found, if that step is a mapping entry. */
  key?: Node;
  /** The value node of the deepest path step that was found. */
  value?: Node | null;
  /** True when every step of the path was found. */
  complete: boolean;
}

function keyMatches(key: unknown, segment: string | number): boolean {
  if (isScalar(key)) return String(key.value) === String(segment);
  return false;
}

/** Finds the YAML nodes of a data path; stops at the deepest step that exists. */
export function locate(doc: Document, root: Node | null | undefined, path: DataPath): Located {
  let value: Node | null | undefined = root;
  let key: Node | undefined;
  for (const segment of path) {
    if (isAlias(value)) value = value.resolve(doc) as Node | undefined;
    if (isMap(value)) {
      const pair = value.items.find((item) => isPair(item) && keyMatches(item.key, segment));
      if (!pair) return { key, value, complete: false };
      key = pair.key as Node;
      value = pair.value as Node | null;
    } else if (isSeq(value) && typeof segment === 'number' && segment < value.items.length) {
      key = undefined;
      value = value.items[segment] as Node | null;
    } else {
      return { key, value, complete: false };
    }
  }
  return { key, value, complete: true };
}
