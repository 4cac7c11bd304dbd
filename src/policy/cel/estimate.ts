/**
 * The static cost estimate: a port of cel-go's checker/cost.go (coster) as Kubernetes runs it, with presence tests
 * free (checker.PresenceTestHasCost(false), base.go) and the library estimators of estimate-calls.ts. Sizes come
 * from literals, from what a call computes, and from the schema (a `SizeEstimator`, or the `maxSize` a type built
 * from a JSON Schema carries); anything else is unknown (0 to 2^64-1).
 */
import { UINT64_MAX } from '../../formats/go-int.js';
import { ACCUMULATOR, qualifiedName, type Comprehension, type Expr } from './ast.js';
import type { CompiledExpression } from './compile.js';
import { add, fixed, mulU, union, UNKNOWN, type Range } from './estimate-math.js';
import { functionCost } from './estimate-calls.js';
import type { AstNode, EntrySize, EstimateContext } from './estimate-node.js';
import { LIST_CREATE_BASE_COST, MAP_CREATE_BASE_COST, STRUCT_CREATE_BASE_COST } from './runtime-cost.js';
import { DYN, type CelType } from './types.js';
import { codePointLength } from './values.js';

export interface CostEstimate {
  min: bigint;
  max: bigint;
}

/** What a schema knows of the size of a value: its path from a variable (`object.spec.groups.@items`) and type. */
export type SizeEstimator = (node: { path: readonly string[] | undefined; type: CelType }) => Range | undefined;

interface LocalVar {
  path: string[];
  size?: Range;
  entrySize?: EntrySize;
}

/** A type's own bound (maxLength, maxItems, maxProperties from the schema it was built from). */
const schemaSize: SizeEstimator = ({ type }) => ('maxSize' in type && type.maxSize !== undefined ? { min: 0n, max: BigInt(type.maxSize) } : undefined);

function isScalar(t: CelType): boolean {
  if (['bool', 'double', 'duration', 'int', 'timestamp', 'uint'].includes(t.kind)) return true;
  return t.kind === 'opaque' && t.name === 'optional_type' && t.params[0] !== undefined && isScalar(t.params[0]);
}

class Coster implements EstimateContext {
  private readonly paths = new Map<number, string[]>();
  private readonly locals = new Map<string, LocalVar[]>();
  private readonly sizes = new Map<number, Range>();
  private readonly entrySizes = new Map<number, EntrySize>();

  constructor(
    private readonly compiled: CompiledExpression,
    private readonly sizeEstimator: SizeEstimator,
  ) {}

  type(e: Expr): CelType {
    return this.compiled.checked.types.get(e.id) ?? DYN;
  }

  estimateSize(node: AstNode): Range | undefined {
    return this.sizeEstimator({ path: node.path, type: node.type });
  }

  private push(name: string, v: LocalVar): void {
    const stack = this.locals.get(name) ?? [];
    stack.push(v);
    this.locals.set(name, stack);
  }

  private pop(name: string): void {
    this.locals.get(name)?.pop();
  }

  private peek(name: string): LocalVar | undefined {
    return this.locals.get(name)?.at(-1);
  }

  path(e: Expr): string[] {
    if (e.kind === 'ident') {
      const v = this.peek(e.name);
      if (v) return [...v.path];
    }
    return [...(this.paths.get(e.id) ?? [])];
  }

  setPath(e: Expr, path: string[]): void {
    this.paths.set(e.id, path);
  }

  node(e: Expr): AstNode {
    let path: string[] | undefined = this.path(e);
    if (path.length > 0 && (path[0] === ACCUMULATOR || path[0] === '__result__')) path = undefined;
    return { path, type: this.type(e), expr: e, computedSize: this.computeSize(e) };
  }

  setSize(e: Expr, size: Range | undefined): void {
    if (size) this.sizes.set(e.id, size);
  }

  setEntrySize(e: Expr, size: EntrySize | undefined): void {
    if (size) this.entrySizes.set(e.id, size);
  }

  sizeOrUnknown(node: Expr | AstNode): Range {
    const size = 'kind' in node ? this.computeSize(node) : node.computedSize;
    return size ?? UNKNOWN;
  }

  computeSize(e: Expr): Range | undefined {
    const known = this.sizes.get(e.id);
    if (known) return known;
    const literal = exprSize(e);
    if (literal) return literal;
    const estimated = this.sizeEstimator({ path: this.path(e), type: this.type(e) });
    if (estimated) {
      this.sizes.set(e.id, estimated);
      return estimated;
    }
    if (isScalar(this.type(e))) return fixed(1);
    if (e.kind === 'ident') return this.peek(e.name)?.size;
    return undefined;
  }

  computeEntrySize(e: Expr): EntrySize | undefined {
    const known = this.entrySizes.get(e.id);
    if (known) return known;
    if (e.kind === 'ident') return this.peek(e.name)?.entrySize;
    return undefined;
  }

  cost(e: Expr): Range {
    switch (e.kind) {
      case 'literal':
        return fixed(0);
      case 'ident': {
        const v = this.peek(e.name);
        this.setPath(e, v ? v.path : [e.name]);
        return fixed(1);
      }
      case 'select': {
        const ref = this.compiled.checked.refs.get(e.id);
        if (ref?.kind === 'ident') {
          this.setPath(e, [ref.name]);
          return fixed(1);
        }
        if (e.testOnly) return this.cost(e.operand);
        let sum = this.cost(e.operand);
        const kind = this.type(e.operand).kind;
        if (kind === 'map' || kind === 'object' || kind === 'param') sum = add(sum, fixed(1));
        this.setPath(e, [...this.path(e.operand), e.field]);
        return sum;
      }
      case 'call':
        return this.call(e);
      case 'list': {
        let sum = fixed(0);
        let item: Range = { min: e.elements.length ? UINT64_MAX : 0n, max: 0n };
        for (const element of e.elements) {
          sum = add(sum, this.cost(element));
          item = union(item, this.sizeOrUnknown(element));
        }
        this.setEntrySize(e, { container: 'list', key: fixed(1), value: item });
        return add(sum, fixed(LIST_CREATE_BASE_COST));
      }
      case 'map': {
        let sum = fixed(0);
        const empty = e.entries.length === 0;
        let key: Range = { min: empty ? 0n : UINT64_MAX, max: 0n };
        let value: Range = { ...key };
        for (const entry of e.entries) {
          sum = add(add(sum, this.cost(entry.key)), this.cost(entry.value));
          key = union(key, this.sizeOrUnknown(entry.key));
          value = union(value, this.sizeOrUnknown(entry.value));
        }
        this.setEntrySize(e, { container: 'map', key, value });
        return add(sum, fixed(MAP_CREATE_BASE_COST));
      }
      case 'struct':
        return add(e.fields.reduce((s, f) => add(s, this.cost(f.value)), fixed(0)), fixed(STRUCT_CREATE_BASE_COST));
      case 'comprehension':
        return isBind(e) ? this.bind(e) : this.comprehension(e);
    }
  }

  private call(e: Extract<Expr, { kind: 'call' }>): Range {
    const ref = this.compiled.checked.refs.get(e.id);
    if (e.fn === 'dyn' && e.args.length === 1 && !e.target) {
      const arg = e.args[0] as Expr;
      const cost = this.cost(arg);
      this.setSize(e, this.computeSize(arg));
      this.setEntrySize(e, this.computeEntrySize(arg));
      return add(fixed(1), cost);
    }
    const global = ref?.kind === 'call' && ref.global;
    const argCosts = e.args.map((a) => this.cost(a));
    const args = e.args.map((a) => this.node(a));
    const overloadIds = ref?.kind === 'call' ? ref.overloads.map((o) => o.id) : ref?.kind === 'optionalSelect' ? ['select_optional_field'] : [];
    if (overloadIds.length === 0) return fixed(0);
    let sum = fixed(0);
    let target: AstNode | undefined;
    if (e.target && !global) {
      sum = add(sum, this.cost(e.target));
      target = this.node(e.target);
    }
    const fnName = global && e.target ? `${qualifiedName(e.target) ?? ''}.${e.fn}` : e.fn;
    let fnCost: Range = { min: UINT64_MAX, max: 0n };
    let resultSize: Range | undefined;
    for (const overloadId of overloadIds) {
      const estimate = functionCost(this, e, fnName, overloadId, target, args, argCosts);
      fnCost = union(fnCost, estimate.cost);
      if (estimate.resultSize) resultSize = resultSize ? union(resultSize, estimate.resultSize) : estimate.resultSize;
      if ((overloadId === 'index_list' || overloadId === 'index_map') && e.args[0]) {
        resultSize = this.computeEntrySize(e.args[0])?.value;
        this.setPath(e, [...this.path(e.args[0]), overloadId === 'index_list' ? '@items' : '@values']);
      }
      resultSize ??= this.computeSize(e);
    }
    this.setSize(e, resultSize);
    return add(sum, fnCost);
  }

  private pushIter(name: string, range: Expr, which: 'key' | 'value' | 'single'): void {
    const entry = this.computeEntrySize(range);
    const container = entry?.container ?? (this.type(range).kind === 'list' ? 'list' : this.type(range).kind === 'map' ? 'map' : undefined);
    let size = which === 'value' ? entry?.value : entry?.key;
    let sub = which === 'value' ? (container === 'list' ? '@items' : '@values') : container === 'list' ? '@indices' : '@keys';
    if (which === 'single' && container === 'list') {
      size = entry?.value;
      sub = '@items';
    }
    this.push(name, { path: [...this.path(range), sub], ...(size ? { size } : {}) });
  }

  private comprehension(e: Comprehension): Range {
    let sum = add(this.cost(e.iterRange), this.cost(e.accuInit));
    const accuSize = this.computeSize(e.accuInit);
    const accuEntry = this.computeEntrySize(e.accuInit);
    this.push(e.accuVar, { path: this.path(e.accuInit), ...(accuSize ? { size: accuSize } : {}), ...(accuEntry ? { entrySize: accuEntry } : {}) });
    if (e.iterVar2) {
      this.pushIter(e.iterVar, e.iterRange, 'key');
      this.pushIter(e.iterVar2, e.iterRange, 'value');
    } else this.pushIter(e.iterVar, e.iterRange, 'single');
    const loop = this.cost(e.loopCondition);
    const step = this.cost(e.loopStep);
    this.pop(e.iterVar);
    if (e.iterVar2) this.pop(e.iterVar2);
    sum = add(sum, this.cost(e.result));
    this.pop(e.accuVar);
    const rangeCount = this.sizeOrUnknown(e.iterRange);
    sum = add(sum, { min: mulU(rangeCount.min, add(step, loop).min), max: mulU(rangeCount.max, add(step, loop).max) });
    if (e.accuInit.kind === 'literal') this.setSize(e, this.computeSize(e.accuInit));
    else if (e.accuInit.kind === 'list' || e.accuInit.kind === 'map') {
      this.setSize(e, rangeCount);
      this.setEntrySize(e, this.computeEntrySize(e.loopStep));
    }
    return sum;
  }

  private bind(e: Comprehension): Range {
    let sum = add(this.cost(e.iterRange), this.cost(e.accuInit));
    const size = this.computeSize(e.accuInit);
    const entry = this.computeEntrySize(e.accuInit);
    this.push(e.accuVar, { path: this.path(e.accuInit), ...(size ? { size } : {}), ...(entry ? { entrySize: entry } : {}) });
    sum = add(sum, this.cost(e.result));
    this.pop(e.accuVar);
    this.setSize(e, this.computeSize(e.result));
    this.setEntrySize(e, this.computeEntrySize(e.result));
    return sum;
  }
}

function isBind(e: Comprehension): boolean {
  return e.iterRange.kind === 'list' && e.iterRange.elements.length === 0 && e.loopCondition.kind === 'literal' && e.loopCondition.value === false && e.accuVar !== ACCUMULATOR;
}

function exprSize(e: Expr): Range | undefined {
  if (e.kind === 'literal') {
    const v = e.value;
    if (typeof v === 'string') return fixed(codePointLength(v));
    if (v instanceof Uint8Array) return fixed(v.length);
    return fixed(1);
  }
  if (e.kind === 'list') return fixed(e.elements.length);
  if (e.kind === 'map') return fixed(e.entries.length);
  return undefined;
}

export function estimateCost(compiled: CompiledExpression, sizes?: SizeEstimator): CostEstimate {
  const estimator: SizeEstimator = (node) => sizes?.(node) ?? schemaSize(node);
  return new Coster(compiled, estimator).cost(compiled.parsed.expr);
}
