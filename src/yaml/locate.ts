import { isAlias, isMap, isPair, isScalar, isSeq, Scalar, visit, type Document, type Node } from 'yaml';
import { goScalarOfNode } from './go-node.js';
import { jsonKeyOf } from './go-scalar.js';
import type { DataPath } from './data-path.js';

export interface Located {
  /** The key node of the deepest path step that was found, if that step is a mapping entry. */
  key?: Node;
  /** The value node of the deepest path step that was found. */
  value?: Node | null;
  /** True when every step of the path was found. */
  complete: boolean;
  /** The node the last step was taken in (an alias as written, not resolved); the root for the empty path. */
  parent?: Node | null;
}

/** Keys compare as the platform reads them: `yes:` is the key "true", `1.0:` is "1", `0o17:` is "15". */
function keyMatches(key: unknown, segment: string | number): boolean {
  if (!isScalar(key)) return false;
  // A quoted key, or a plain word, is the string it reads as; only plain keys that start like a number, a boolean
  // or a null can become another string.
  if (typeof key.value === 'string' && !key.tag && (key.type !== Scalar.PLAIN || !/^[-+.0-9yYnNtTfFoO~]/.test(key.value))) return key.value === String(segment);
  const read = goScalarOfNode(key);
  const json = read ? jsonKeyOf(read) : undefined;
  return json !== undefined && 'key' in json ? json.key === String(segment) : String(key.value) === String(segment);
}

/** Finds the YAML nodes of a data path; stops at the deepest step that exists. */
export function locate(doc: Document, root: Node | null | undefined, path: DataPath): Located {
  let value: Node | null | undefined = root;
  let key: Node | undefined;
  let parent: Node | null | undefined = root;
  for (const segment of path) {
    parent = value;
    if (isAlias(value)) value = value.resolve(doc) as Node | undefined;
    if (isMap(value)) {
      const pair = value.items.find((item) => isPair(item) && keyMatches(item.key, segment));
      if (!pair) return { key, value, complete: false };
      key = pair.key as Node;
      value = pair.value as Node | null;
    } else if (isSeq(value) && typeof segment === 'number' && segment < value.items.length) {
      const item: unknown = value.items[segment];
      // An `!!omap` or `!!pairs` entry is a pair, not a node: its key is where it starts.
      key = undefined;
      value = isPair(item) ? (item.key as Node | null) : (item as Node | null);
    } else {
      return { key, value, complete: false };
    }
  }
  return { key, value, complete: true, parent };
}

/** Whether an offset is inside the value of a scalar of the document (a key's too), whatever its style. */
export function inScalar(doc: Document, offset: number): boolean {
  let inside = false;
  visit(doc, {
    Scalar(_, node) {
      const range = node.range;
      if (!range || offset < range[0] || offset >= range[1]) return undefined;
      inside = true;
      return visit.BREAK;
    },
  });
  return inside;
}
