/**
 * A document's data as YAML 1.2 reads it, for platlint's own settings file: JSON-like values only. The yaml package
 * makes a Uint8Array of `!!binary`, a Date of `!!timestamp`, a Map of `!!omap`, a Set of `!!set` and a symbol of
 * `!!merge`. No setting is any of these, and a schema validator or `Object.keys` would read their insides (a
 * Buffer's methods, a Date's nothing) as settings. Each such value is null in the data and listed with its place, so
 * that the reader's caller says at its line that it is not allowed.
 */
import { isAlias, isCollection, isMap, isScalar, isSeq, type Document, type Node } from 'yaml';
import type { DataPath, PathSegment } from './data-path.js';

/** A value whose explicit tag gives something plain data cannot hold. */
export interface TypedValue {
  /** The tag as it is usually written: `!!binary`, or `!<...>` for one outside yaml.org's. */
  tag: string;
  /** Where it is in the data; for a key, the path of its mapping. */
  path: DataPath;
  /** A key of a mapping: toJS wrote it as some string, which no reader of the data can tell from a plain key. */
  key: boolean;
  /** Offsets of the value in the text. */
  range: readonly [number, number];
}

const YAML_ORG = 'tag:yaml.org,2002:';
/** The tags of YAML 1.2's core schema, whose values are plain already: any other is worth a look. */
const CORE_TAGS = new Set(['str', 'int', 'float', 'bool', 'null', 'map', 'seq'].map((name) => `${YAML_ORG}${name}`));

/** null, a string, a number, a boolean, an array or an object of Object's own kind: what JSON holds. */
function isPlainValue(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return true;
  if (Array.isArray(value)) return true;
  if (typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function tagAsWritten(tag: string): string {
  return tag.startsWith(YAML_ORG) ? `!!${tag.slice(YAML_ORG.length)}` : `!<${tag}>`;
}

/** Whether a node's explicit tag makes a value plain data cannot hold; tags of the core schema never do. */
function isTyped(node: Node, doc: Document): boolean {
  if (!node.tag || CORE_TAGS.has(node.tag)) return false;
  if (isScalar(node)) return !isPlainValue(node.value);
  // Rare (a tagged collection), so converting it again here costs nothing worth saving.
  return isCollection(node) && !isPlainValue(node.toJS(doc, { maxAliasCount: 100 }));
}

/** The key of a pair as toJS writes it in an object: a scalar's value as a string. */
function keyText(key: unknown): string | undefined {
  return isScalar(key) ? String(key.value) : undefined;
}

/** Every typed value and key of a document, in the order of the text; an alias repeats what is listed at its anchor. */
function typedValues(doc: Document.Parsed): TypedValue[] {
  const found: TypedValue[] = [];
  const visit = (node: unknown, path: PathSegment[], key = false): void => {
    if (!node || isAlias(node) || !(isScalar(node) || isCollection(node))) return;
    if (isTyped(node, doc)) {
      const range = node.range ?? [0, 0];
      found.push({ tag: tagAsWritten(node.tag ?? ''), path, key, range: [range[0], Math.max(range[0] + 1, range[1])] });
      return;
    }
    if (isMap(node)) {
      for (const pair of node.items) {
        visit(pair.key, path, true);
        const key = keyText(pair.key);
        if (key !== undefined) visit(pair.value, [...path, key]);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, index) => visit(item, [...path, index]));
    }
  };
  // The parser refuses nesting deeper than MAX_NESTING before composing, so the recursion is bounded.
  visit(doc.contents, []);
  return found;
}

/**
 * The data of a document read as YAML 1.2, with every value plain data cannot hold made null and listed. Throws
 * where the yaml package's toJS does (an alias to no anchor before it, an alias bomb).
 */
export function plainData(doc: Document.Parsed): { data: unknown; typed: TypedValue[] } {
  const data: unknown = doc.toJS({ maxAliasCount: 100, reviver: (_key, value: unknown) => (isPlainValue(value) ? value : null) });
  return { data, typed: typedValues(doc) };
}
