import type { Document, Node } from 'yaml';
import type { LiteralBlock } from '../yaml/block-scalar.js';
import type { SecretCandidates } from '../yaml/go-decode.js';

/**
 * A tree of YAML nodes with a way back to file offsets: the file's own documents, or a YAML string embedded in
 * one (`Config.spec.raw`), whose offsets are mapped through the block scalar or collapse onto the scalar.
 */
export interface NodeSpace {
  doc: Document;
  root: Node | null | undefined;
  text: string;
  /** For YAML text in a literal block scalar: how its offsets and edits map to the file's. */
  block?: LiteralBlock;
  /** File range every position collapses to when the embedded text cannot be mapped line by line. */
  fallback?: readonly [number, number];
  /**
   * For YAML text whose positions collapse onto its value (base64, a quoted or folded string): the text the messages
   * give each diagnostic's line and column in (`the decoded spec.raw`, `the text of stringData.config`).
   */
  positionsIn?: string;
  /** The nodes that may hold secrets, when the decoder found them (else collectSecrets walks the tree). */
  secrets?: SecretCandidates;
  /** False when the decoder saw no null in this space's data, so that nothing needs to look for one. */
  holdsNulls?: boolean;
}

/** `line 6, column 5 of the decoded data.config`: an offset of a space's own text, for a message. */
export function positionInText(space: NodeSpace, offset: number): string | undefined {
  if (!space.positionsIn) return undefined;
  const before = space.text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `line ${line}, column ${column} of ${space.positionsIn}`;
}

/** A range of file offsets, end exclusive. */
export type OffsetRange = readonly [number, number];

/** File offsets of a range of a space's own text: mapped through its block, or the range it collapses to. */
export function fileRange(space: NodeSpace, range: readonly [number, number]): OffsetRange {
  if (space.fallback) return space.fallback;
  const toFile = space.block?.toFile ?? ((n: number): number => n);
  const start = toFile(range[0]);
  return [start, toFile(Math.max(range[0], range[1] - 1)) + 1];
}
