import { isScalar, Scalar, type Node } from 'yaml';
import { goScalarOfNode } from '../yaml/go-node.js';
import type { GoScalar } from '../yaml/go-scalar.js';
import { PositionLocator } from './locator.js';
import type { EmbeddedPlace } from './embedded.js';
import { positionInText, type NodeSpace, type OffsetRange } from './node-space.js';
import type { DataPath, NodeFacts, ResourceKind } from './types.js';

export interface RawStatus {
  space: NodeSpace;
  data: unknown;
  /** Where the status is written in the document: `spec.raw` unless it is an embedded configuration's path. */
  at?: DataPath;
}

/**
 * One object the rules see: a User or Config document, an item of a List, a Config whose status comes from
 * `spec.raw`, or the configuration embedded in another file (a values file's block, a Secret's key) as a Config's
 * status. Positions are computed only when asked, for the diagnostics that are reported.
 */
export class LintTarget implements NodeFacts {
  private readonly mainLocator: PositionLocator;
  /** The status parsed out of `spec.raw`: its paths start after `status` and point into `/spec/raw`. */
  private readonly rawLocator: PositionLocator | undefined;

  constructor(
    readonly documentIndex: number,
    /** Undefined for an object of another API (a Deployment), which only the rules judging any kind see. */
    readonly kind: ResourceKind | undefined,
    readonly apiVersion: string,
    readonly data: Record<string, unknown>,
    private readonly main: NodeSpace,
    mainPrefix: DataPath,
    readonly raw?: RawStatus,
    /** Set for an embedded configuration: only its `status` (the embedded value) is linted. */
    readonly embedded?: EmbeddedPlace,
  ) {
    this.mainLocator = new PositionLocator(main, mainPrefix);
    this.rawLocator = raw && new PositionLocator(raw.space, raw.at ?? ['spec', 'raw']);
  }

  /**
   * For a path inside base64-decoded text, its line and column there, as a message shows them: the diagnostic
   * itself is placed on the base64 value.
   */
  decodedPosition(path: DataPath, at: 'key' | 'value'): string | undefined {
    const space = this.raw?.space;
    if (!space?.positionsIn || path[0] !== 'status') return undefined;
    const { fallback: _fallback, ...inner } = space;
    return positionInText(space, new PositionLocator(inner).range(path.slice(1), at)[0]);
  }

  get fromRaw(): boolean {
    return this.raw !== undefined;
  }

  /** Whether the data may hold a null anywhere (unknown counts as may). */
  get mayHoldNulls(): boolean {
    return this.main.holdsNulls !== false || (this.raw !== undefined && this.raw.space.holdsNulls !== false);
  }

  private locatorOf(path: DataPath): { locator: PositionLocator; inner: DataPath } {
    if (this.rawLocator && path[0] === 'status') return { locator: this.rawLocator, inner: path.slice(1) };
    return { locator: this.mainLocator, inner: path };
  }

  pointer(path: DataPath): string {
    const { locator, inner } = this.locatorOf(path);
    return locator.pointer(inner);
  }

  /** File offsets of a path's key or value, or of the nearest existing ancestor's key. */
  range(path: DataPath, at: 'key' | 'value'): OffsetRange {
    const { locator, inner } = this.locatorOf(path);
    return locator.range(inner, at);
  }

  /**
   * Key, value and parent nodes of a path, with the space whose text their ranges are offsets of (an embedded text's
   * maps edits to the file through its block); undefined in an embedded text whose positions collapse onto its value.
   */
  nodesOf(path: DataPath): { key?: Node; value?: Node | null; parent?: Node | null; space: NodeSpace } | undefined {
    const { locator, inner } = this.locatorOf(path);
    if (locator.space.fallback) return undefined;
    const found = locator.located(inner);
    if (!found.complete) return undefined;
    const value = found.value ?? null;
    const parent = found.parent ?? null;
    const space = locator.space;
    return found.key ? { key: found.key, value, parent, space } : { value, parent, space };
  }

  /** Every node space the target's positions come from, for secret masking. */
  spaces(): NodeSpace[] {
    return this.raw ? [this.main, this.raw.space] : [this.main];
  }

  /** The node of a path when the path exists in full. */
  node(path: DataPath): Node | null | undefined {
    const { locator, inner } = this.locatorOf(path);
    return locator.node(inner);
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
