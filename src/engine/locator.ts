/**
 * Where a data path is written: its file range and JSON Pointer in one node space, with no linted object needed.
 * LintTarget places its reports with it; the engine's own findings, the patch command and the policy loader too.
 */
import { isAlias, isMap, isPair, isScalar, isSeq, type Node } from 'yaml';
import { locate, type Located } from '../yaml/locate.js';
import { fileRange, type NodeSpace, type OffsetRange } from './node-space.js';
import type { DataPath, PathSegment } from './types.js';

/** A data path as a JSON Pointer (RFC 6901): `~` and `/` inside a segment escaped as `~0` and `~1`. */
export function toPointer(path: DataPath): string {
  let pointer = '';
  for (const segment of path) {
    const text = String(segment);
    pointer += '/' + (text.includes('~') || text.includes('/') ? text.replace(/~/g, '~0').replace(/\//g, '~1') : text);
  }
  return pointer;
}

/** The tokens of a JSON Pointer (RFC 6901), `~1` and `~0` unescaped; the empty pointer has none. */
export function pointerTokens(pointer: string): string[] {
  if (pointer === '') return [];
  const tokens = pointer.slice(1).split('/');
  return pointer.includes('~') ? tokens.map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~')) : tokens;
}

/**
 * The data path a JSON Pointer (an ajv error's instancePath) names in `data`: a token indexes a list where the value
 * it steps into is a list, and is a key everywhere else, so that a key "0" stays a key.
 */
export function pointerPath(pointer: string, data: unknown): PathSegment[] {
  const path: (string | number)[] = [];
  let node: unknown = data;
  for (const token of pointerTokens(pointer)) {
    if (Array.isArray(node)) {
      path.push(Number(token));
      node = node[Number(token)];
    } else {
      path.push(token);
      node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[token] : undefined;
    }
  }
  return path;
}

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

/** A data path's file range and JSON Pointer. */
export interface Place {
  range: OffsetRange;
  pointer: string;
}

/** Positions of data paths in one node space; `prefix` is where the space's root sits in its document's data. */
export class PositionLocator {
  constructor(
    readonly space: NodeSpace,
    private readonly prefix: DataPath = [],
  ) {}

  /**
   * The last path located (a copy: callers may reuse their array) and where it was: a report's range, fix and
   * suggestions locate the same path.
   */
  private last: { path: DataPath; found: Located } | undefined;

  located(path: DataPath): Located {
    const last = this.last;
    if (last && last.path.length === path.length && last.path.every((segment, i) => segment === path[i])) return last.found;
    const found = locate(this.space.doc, this.space.root, path);
    this.last = { path: [...path], found };
    return found;
  }

  /** The node of a path when the path exists in full. */
  node(path: DataPath): Node | null | undefined {
    const found = this.located(path);
    return found.complete ? found.value : undefined;
  }

  pointer(path: DataPath): string {
    return toPointer([...this.prefix, ...path]);
  }

  /** File offsets of a path's key or value, or of the nearest existing ancestor's key. */
  range(path: DataPath, at: 'key' | 'value'): OffsetRange {
    const space = this.space;
    if (space.fallback) return space.fallback;
    const [start, end] = nodeRange(space, this.located(path), at);
    return space.block ? fileRange(space, [start, end]) : [start, end];
  }

  place(path: DataPath, at: 'key' | 'value' = 'value'): Place {
    return { range: this.range(path, at), pointer: this.pointer(path) };
  }
}
