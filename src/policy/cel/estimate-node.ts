/**
 * What the static cost estimators share (estimate.ts, and the call estimators of estimate-calls.ts and
 * estimate-k8s.ts): a node of the checked expression with what is known of its size, and the estimator's context.
 */
import type { Expr } from './ast.js';
import { UNKNOWN, type Range } from './estimate-math.js';
import type { CelType } from './types.js';

export interface EntrySize {
  container: 'list' | 'map';
  key: Range;
  value: Range;
}

export interface AstNode {
  path: string[] | undefined;
  type: CelType;
  expr: Expr | undefined;
  computedSize: Range | undefined;
}

export interface CallEstimate {
  cost: Range;
  resultSize?: Range;
}

export interface EstimateContext {
  estimateSize(node: AstNode): Range | undefined;
  sizeOrUnknown(node: Expr | AstNode): Range;
  computeEntrySize(e: Expr): EntrySize | undefined;
  setEntrySize(e: Expr, size: EntrySize | undefined): void;
}

/** ext/costs.go estimateSize: computed, else the estimator's, else unknown. */
export function sizeOf(ctx: EstimateContext, node: AstNode): Range {
  return node.computedSize ?? ctx.estimateSize(node) ?? UNKNOWN;
}
