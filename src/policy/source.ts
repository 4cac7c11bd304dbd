/** Positions in a policy file: data paths to line/column, and offsets inside a scalar's value back to the file. */
import { isScalar, Scalar, type Document, type LineCounter, type Node } from 'yaml';
import { PositionLocator } from '../engine/locator.js';
import type { DataPath, Diagnostic } from '../engine/types.js';
import type { Replacement, SourceSpot } from './types.js';

export class PolicySource {
  private readonly locator: PositionLocator;

  constructor(
    private readonly text: string,
    private readonly lineCounter: LineCounter,
    doc: Document,
    readonly documentIndex: number,
  ) {
    this.locator = new PositionLocator({ doc, root: doc.contents, text });
  }

  /**
   * A suggestion to replace a misspelt name within a spot, where the file spells it as is (once, as a whole word):
   * not where escapes or a folded line spell it, which an edit of the text could break.
   */
  suggestionsFor(spot: SourceSpot, replace: Replacement | undefined): Pick<Diagnostic, 'suggestions'> {
    if (!replace) return {};
    const [start, end] = spot.range;
    const spotText = this.text.slice(start, end);
    const places: number[] = [];
    for (let i = spotText.indexOf(replace.written); i >= 0; i = spotText.indexOf(replace.written, i + 1)) {
      const before = spotText[i - 1] ?? '';
      const after = spotText[i + replace.written.length] ?? '';
      if (!/\w/.test(before) && !/\w/.test(after)) places.push(i);
    }
    if (places.length !== 1 || places[0] === undefined) return {};
    const from = start + places[0];
    return { suggestions: [{ description: `Replace "${replace.written}" with "${replace.suggested}"`, edits: [{ start: from, end: from + replace.written.length, text: replace.suggested }] }] };
  }

  spotOfRange(start: number, end: number, path: DataPath): SourceSpot {
    const range = [start, Math.max(end, start + 1)] as const;
    const from = this.lineCounter.linePos(range[0]);
    const to = this.lineCounter.linePos(range[1]);
    return { line: from.line, column: from.col, endLine: to.line, endColumn: to.col, path: this.locator.pointer(path), document: this.documentIndex, range };
  }

  /** The key or value of a path (or the nearest existing ancestor's key). */
  spot(path: DataPath, at: 'key' | 'value' = 'value'): SourceSpot {
    const [start, end] = this.locator.range(path, at);
    return this.spotOfRange(start, end, path);
  }

  /**
   * The position of an offset inside the string value at `path` (a CEL expression, a `given` path), mapped through
   * quotes, escapes, block indentation and folding. The range covers the word there (at least one character).
   */
  spotInValue(path: DataPath, valueOffset: number): SourceSpot {
    const node = this.locator.node(path);
    if (!isScalar(node) || typeof node.value !== 'string' || !node.range) return this.spot(path);
    const value = node.value;
    const offset = mapScalarOffset(this.text, node, value, Math.max(0, Math.min(valueOffset, value.length)));
    let end = offset;
    // A field selection (`.nmae`) is the dot and the field's name; anything else, the name or number it starts.
    const word = this.text[end] === '.' ? /\w/ : /[\w@.]/;
    if (this.text[end] === '.') end++;
    while (end < node.range[1] && word.test(this.text[end] ?? '')) end++;
    if (end === offset) end = offset + 1;
    return this.spotOfRange(offset, Math.min(end, Math.max(node.range[1], offset + 1)), path);
  }
}

function escapeLength(text: string, p: number): number {
  const next = text[p + 1];
  if (next === 'x') return 4;
  if (next === 'u') return 6;
  if (next === 'U') return 10;
  return 2;
}

/** Offset in the file of character `target` of a scalar's value; the scalar's start when they cannot be aligned. */
export function mapScalarOffset(text: string, node: Scalar | Node, value: string, target: number): number {
  const range = node.range;
  if (!range) return 0;
  const [start, end] = range;
  const type = isScalar(node) ? node.type : undefined;
  let p = start;
  if (type === Scalar.BLOCK_LITERAL || type === Scalar.BLOCK_FOLDED) {
    const newline = text.indexOf('\n', start);
    if (newline < 0 || newline >= end) return start;
    p = newline + 1;
  } else if (type === Scalar.QUOTE_DOUBLE || type === Scalar.QUOTE_SINGLE) {
    p = start + 1;
  }
  let i = 0;
  while (i < target && p < end) {
    const v = value[i];
    const s = text[p];
    if (type === Scalar.QUOTE_SINGLE && s === "'" && text[p + 1] === "'") {
      p += 2;
      i++;
    } else if (type === Scalar.QUOTE_DOUBLE && s === '\\') {
      if (text[p + 1] === '\n' || text[p + 1] === '\r') {
        p += 2;
        while (p < end && /[ \t\r\n]/.test(text[p] ?? '')) p++;
      } else {
        p += escapeLength(text, p);
        i++;
      }
    } else if (v === s) {
      i++;
      p++;
    } else if (s === ' ' || s === '\t' || s === '\n' || s === '\r') {
      p++;
    } else if (v === ' ' || v === '\n') {
      i++;
    } else {
      return start;
    }
  }
  // Leading indentation of the line the target falls on.
  while (p < end && (text[p] === ' ' || text[p] === '\t') && value[i] !== ' ' && value[i] !== '\t') p++;
  return p;
}
