import { isAlias, isMap, isPair, isSeq, type Document, type Node } from 'yaml';

/**
 * yaml.v2's guard against alias bombs: it counts every node it decodes, aliased ones again each time, and refuses
 * a document where more than 100 of over 1000 come from aliases at a ratio above its limit (99% for documents up to
 * 400,000 nodes, down to 10% at 4,000,000). The counts are computed, not expanded, so a bomb costs nothing here.
 */
class AliasCounter {
  private readonly sizes = new Map<Node, number>();
  private readonly aliased = new Map<Node, number>();
  private readonly active = new Set<Node>();

  constructor(private readonly doc: Document) {}

  private children(node: Node): unknown[] {
    if (isSeq(node)) return node.items.flatMap((item) => (isPair(item) ? [item.key, item.value] : [item]));
    if (isMap(node)) return node.items.flatMap((pair) => [pair.key, pair.value]);
    return [];
  }

  private target(node: Node): Node | undefined {
    const target = isAlias(node) ? (node.resolve(this.doc) as Node | undefined) : undefined;
    return target && !this.active.has(target) ? target : undefined;
  }

  /** Nodes decoded for a node, aliases expanded. */
  size(node: unknown): number {
    if (!node || typeof node !== 'object' || !('range' in node || isAlias(node))) return 0;
    const n = node as Node;
    const known = this.sizes.get(n);
    if (known !== undefined) return known;
    this.active.add(n);
    const target = isAlias(n) ? this.target(n) : undefined;
    const total = 1 + (isAlias(n) ? (target ? this.size(target) : 0) : this.children(n).reduce<number>((sum, child) => sum + this.size(child), 0));
    this.active.delete(n);
    this.sizes.set(n, total);
    return total;
  }

  /** Of those, the ones decoded through an alias. */
  viaAlias(node: unknown): number {
    if (!node || typeof node !== 'object') return 0;
    const n = node as Node;
    const known = this.aliased.get(n);
    if (known !== undefined) return known;
    this.active.add(n);
    const target = isAlias(n) ? this.target(n) : undefined;
    const total = isAlias(n) ? (target ? this.size(target) : 0) : this.children(n).reduce<number>((sum, child) => sum + this.viaAlias(child), 0);
    this.active.delete(n);
    this.aliased.set(n, total);
    return total;
  }
}

function allowedAliasRatio(decodeCount: number): number {
  if (decodeCount <= 400_000) return 0.99;
  if (decodeCount >= 4_000_000) return 0.1;
  return 0.99 - 0.89 * ((decodeCount - 400_000) / 3_600_000);
}

export function excessiveAliasing(doc: Document): string | undefined {
  const counter = new AliasCounter(doc);
  const decoded = 1 + counter.size(doc.contents);
  const aliased = counter.viaAlias(doc.contents);
  if (aliased > 100 && decoded > 1000 && aliased / decoded > allowedAliasRatio(decoded)) {
    return `document contains excessive aliasing: aliases expand it to ${decoded.toLocaleString('en-US', { maximumFractionDigits: 0 })} values, which the platform refuses`;
  }
  return undefined;
}
