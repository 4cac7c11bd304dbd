/**
 * The CEL syntax tree, as cel-go's parser builds it (common/ast): macros are already expanded into comprehensions,
 * `has(a.b)` is a presence test, operators are calls of their internal names (`_+_`, `_&&_`, `_?._`...). Every node
 * has an id; the parse result maps ids to offsets in the expression text.
 */
import type { CelValue } from './values.js';

export type Expr =
  | { kind: 'literal'; id: number; value: CelValue }
  | { kind: 'ident'; id: number; name: string }
  | { kind: 'select'; id: number; operand: Expr; field: string; testOnly: boolean }
  | { kind: 'call'; id: number; fn: string; target?: Expr; args: Expr[] }
  | { kind: 'list'; id: number; elements: Expr[]; optionalIndices: number[] }
  | { kind: 'map'; id: number; entries: MapEntry[] }
  | { kind: 'struct'; id: number; typeName: string; fields: StructField[] }
  | Comprehension;

export interface MapEntry {
  id: number;
  key: Expr;
  value: Expr;
  optional: boolean;
}

export interface StructField {
  id: number;
  name: string;
  value: Expr;
  optional: boolean;
}

export interface Comprehension {
  kind: 'comprehension';
  id: number;
  iterRange: Expr;
  iterVar: string;
  /** The second variable of a two-variable comprehension (`all(k, v, ...)`), else ''. */
  iterVar2: string;
  accuVar: string;
  accuInit: Expr;
  loopCondition: Expr;
  loopStep: Expr;
  result: Expr;
}

/** cel-go's accumulator name (parser.AccumulatorName), which no user identifier can be. */
export const ACCUMULATOR = '@result';

/** The direct children of a node, in evaluation order. */
export function children(expr: Expr): Expr[] {
  switch (expr.kind) {
    case 'select':
      return [expr.operand];
    case 'call':
      return expr.target ? [expr.target, ...expr.args] : expr.args;
    case 'list':
      return expr.elements;
    case 'map':
      return expr.entries.flatMap((e) => [e.key, e.value]);
    case 'struct':
      return expr.fields.map((f) => f.value);
    case 'comprehension':
      return [expr.iterRange, expr.accuInit, expr.loopCondition, expr.loopStep, expr.result];
    default:
      return [];
  }
}

/** `a.b.c` as the qualified name "a.b.c", or undefined when the expression is not a chain of field selections. */
export function qualifiedName(expr: Expr): string | undefined {
  if (expr.kind === 'ident') return expr.name;
  if (expr.kind === 'select' && !expr.testOnly) {
    const parent = qualifiedName(expr.operand);
    return parent === undefined ? undefined : `${parent}.${expr.field}`;
  }
  return undefined;
}
