import { isAlias, isMap, isPair, isScalar, isSeq, Scalar, type Document, type Node } from 'yaml';
import { goDecode, goScalarOfNode, type GoDecoded, type GoDecodeOptions, type SecretCandidates } from '../yaml/go-decode.js';
import type { GoScalar } from '../yaml/go-scalar.js';
import { locate, type Located } from '../yaml/locate.js';
import { SECRET_KEY_MATCHER } from './secrets.js';
import type { DataPath, NodeFacts, ResourceKind } from './types.js';

/**
 * A tree of YAML nodes with a way back to file offsets: the file's own documents, or a YAML string embedded in
 * one (`Config.spec.raw`), whose offsets are mapped through the block scalar or collapse onto the scalar.
 */
export interface NodeSpace {
  doc: Document;
  root: Node | null | undefined;
  text: string;
  toFile?: (offset: number) => number;
  /** File range every position collapses to when the embedded text cannot be mapped line by line. */
  fallback?: readonly [number, number];
  /** The nodes that may hold secrets, when the decoder found them (else collectSecrets walks the tree). */
  secrets?: SecretCandidates;
  /** False when the decoder saw no null in this space's data, so that nothing needs to look for one. */
  holdsNulls?: boolean;
}

/**
 * Decodes a space's document as the platform does, and keeps on the space what the decoder found on its way: the
 * nodes that may hold secrets and whether any value is null. Nothing is kept from a document the platform refuses.
 */
export function decodeSpace(space: NodeSpace, options: Omit<GoDecodeOptions, 'secretKeys'> = {}): GoDecoded {
  const decoded = goDecode(space.doc, space.text, { ...options, secretKeys: SECRET_KEY_MATCHER });
  if (!decoded.fatal) {
    if (decoded.secrets) space.secrets = decoded.secrets;
    space.holdsNulls = decoded.sawNull;
  }
  return decoded;
}

/** A range of file offsets, end exclusive. */
export type OffsetRange = readonly [number, number];

function firstLine(text: string, start: number, limit = text.length): OffsetRange {
  let end = text.indexOf('\n', start);
  if (end < 0 || end > limit) end = limit;
  while (end > start && /[\s]/.test(text[end - 1] ?? '')) end--;
  return [start, Math.max(end, Math.min(start + 1, text.length))];
}

/** Where the first entry of a collection ends, so a range on a list item stops before a trailing comment. */
function firstEntryEnd(node: Node): number | undefined {
  if (!isMap(node) && !isSeq(node)) return undefined;
  const first: unknown = node.items[0];
  const last = isPair(first) ? (first.value ?? first.key) : first;
  return last && typeof last === 'object' && 'range' in last ? (last as Node).range?.[1] : undefined;
}

function nodeRange(space: NodeSpace, found: Located, at: 'key' | 'value'): OffsetRange {
  const { key, value, complete } = found;
  if (complete && at === 'key' && key?.range) return [key.range[0], key.range[1]];
  if (complete && value && (isScalar(value) || isAlias(value)) && value.range && value.range[1] > value.range[0]) {
    return [value.range[0], value.range[1]];
  }
  if (key?.range) return [key.range[0], key.range[1]];
  if (value?.range) return firstLine(space.text, value.range[0], firstEntryEnd(value) ?? value.range[1]);
  const rootStart = space.root?.range?.[0] ?? 0;
  return firstLine(space.text, rootStart);
}

/** Where a data path lives: which node space, the path inside it, and the JSON Pointer prefix for output. */
interface Placement {
  space: NodeSpace;
  inner: DataPath;
  pointerPrefix: DataPath;
}

export interface RawStatus {
  space: NodeSpace;
  data: unknown;
}

/**
 * One object the rules see: a User or Config document, an item of a List, or a Config whose status comes from
 * `spec.raw`. Positions are computed only when asked, for the diagnostics that are reported.
 */
export class LintTarget implements NodeFacts {
  constructor(
    readonly documentIndex: number,
    readonly kind: ResourceKind | undefined,
    readonly apiVersion: string,
    readonly data: Record<string, unknown>,
    private readonly main: NodeSpace,
    private readonly mainPrefix: DataPath,
    readonly raw?: RawStatus,
  ) {}

  get fromRaw(): boolean {
    return this.raw !== undefined;
  }

  /** Whether the data may hold a null anywhere (unknown counts as may). */
  get mayHoldNulls(): boolean {
    return this.main.holdsNulls !== false || (this.raw !== undefined && this.raw.space.holdsNulls !== false);
  }

  private place(path: DataPath): Placement {
    if (this.raw && path[0] === 'status') {
      return { space: this.raw.space, inner: path.slice(1), pointerPrefix: ['spec', 'raw'] };
    }
    return { space: this.main, inner: path, pointerPrefix: this.mainPrefix };
  }

  private find(path: DataPath): { found: Located; space: NodeSpace } {
    const { space, inner } = this.place(path);
    return { found: locate(space.doc, space.root, inner), space };
  }

  pointer(path: DataPath): string {
    const { inner, pointerPrefix } = this.place(path);
    return toPointer([...pointerPrefix, ...inner]);
  }

  /** File offsets of a path's key or value, or of the nearest existing ancestor's key. */
  range(path: DataPath, at: 'key' | 'value'): OffsetRange {
    const { found, space } = this.find(path);
    if (space.fallback) return space.fallback;
    const [start, end] = nodeRange(space, found, at);
    if (!space.toFile) return [start, end];
    const fileStart = space.toFile(start);
    return [fileStart, Math.max(fileStart + 1, space.toFile(Math.max(start, end - 1)) + 1)];
  }

  /** Key, value and parent nodes of a path in the file's own text; undefined inside embedded raw configs. */
  nodesOf(path: DataPath): { key?: Node; value?: Node | null; parent?: Node | null } | undefined {
    const { space, inner } = this.place(path);
    if (space.toFile || space.fallback) return undefined;
    const found = locate(space.doc, space.root, inner);
    if (!found.complete) return undefined;
    const parent = locate(space.doc, space.root, inner.slice(0, -1)).value;
    return { ...(found.key ? { key: found.key } : {}), value: found.value ?? null, parent: parent ?? null };
  }

  /** Every node space the target's positions come from, for secret masking. */
  spaces(): NodeSpace[] {
    return this.raw ? [this.main, this.raw.space] : [this.main];
  }

  /** The node of a path when the path exists in full. */
  node(path: DataPath): Node | null | undefined {
    const { found } = this.find(path);
    return found.complete ? found.value : undefined;
  }

  isEmpty(path: DataPath): boolean {
    const node = this.node(path);
    return isScalar(node) && node.value === null && (node.source ?? '') === '';
  }

  /** What the platform's Go decoder makes of the scalar at a path (undefined: no scalar there, or one it refuses). */
  goScalar(path: DataPath): GoScalar | undefined {
    const node = this.node(path);
    return isScalar(node) ? goScalarOfNode(node) : undefined;
  }

  scalar(path: DataPath): { source: string; plain: boolean } | undefined {
    const node = this.node(path);
    if (!isScalar(node)) return undefined;
    return { source: node.source ?? String(node.value), plain: node.type === Scalar.PLAIN };
  }
}

export function toPointer(path: DataPath): string {
  if (path.length === 0) return '';
  return '/' + path.map((s) => String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}
