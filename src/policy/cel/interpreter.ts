/**
 * The evaluator: walks the checked tree with cel-go's semantics (errors are values that `&&` and `||` absorb,
 * heterogeneous equality, lazily initialised comprehension accumulators) and charges cel-go's runtime cost as its
 * planner and cost observer would (interpreter/planner.go, runtimecost.go): an identifier or a chain of field and
 * index selections is one attribute (1, plus 1 per field or index applied); a constant costs nothing; a call costs
 * what the cost model says; a list literal 10, a map literal 30. Over the limit, evaluation stops at once with
 * cel-go's "operation cancelled: actual cost limit exceeded".
 */
import { qualifiedName, type Comprehension, type Expr } from './ast.js';
import type { Checked, QualifiedCandidate, Reference } from './checker.js';
import type { Overload } from './decls.js';
import { LIST_CREATE_BASE_COST, MAP_CREATE_BASE_COST, STRUCT_CREATE_BASE_COST, defaultCallCost, type ActualCostEstimator } from './runtime-cost.js';
import { matchesRuntimeType } from './runtime-types.js';
import { celEquals, CelError, CelOptional, deleteLiteralEntry, isError, MAX_FORMATTED_TEXT, noSuchOverload, setLiteralEntry, FormattedTextLimitExceeded, type CelValue, type MapKey, type Result } from './values.js';
import { goTypeOf, indexValue, selectField } from './select.js';

export class CostLimitExceeded extends Error {
  constructor() {
    super('operation cancelled: actual cost limit exceeded');
  }
}

export interface ProgramSetup {
  expr: Expr;
  checked: Checked;
  /** Nodes folded to constants when planning (cel-go's OptOptimize). */
  constants: ReadonlyMap<number, CelValue>;
  /** Calls that cost nothing of their own (`x in [constants]` planned as a set lookup). */
  freeCalls: ReadonlySet<number>;
  estimator?: ActualCostEstimator;
}

export type Activation = ReadonlyMap<string, CelValue>;

interface Frame {
  parent: Frame | undefined;
  fold: Comprehension;
  iter1?: CelValue;
  iter2?: CelValue;
  accu?: CelValue | CelError;
  initialized: boolean;
  /** The scope the accumulator's initial value is evaluated in. */
  outer: Frame | undefined;
  /** Set when the result is computed: the iteration variables are then out of scope. */
  computingResult: boolean;
}

function isAttribute(e: Expr, refs: ReadonlyMap<number, Reference>, constants: ReadonlyMap<number, CelValue>): boolean {
  if (constants.has(e.id)) return false;
  switch (e.kind) {
    case 'ident':
      return refs.get(e.id)?.kind !== 'ident' || (refs.get(e.id) as { value?: CelValue }).value === undefined;
    case 'select': {
      const ref = refs.get(e.id);
      return !(ref?.kind === 'ident' && ref.value !== undefined);
    }
    case 'call':
      return e.fn === '_[_]' || e.fn === '_[?_]' || e.fn === '_?._' || e.fn === '_?_:_';
    default:
      return false;
  }
}

export class Evaluation {
  cost = 0;
  /** Characters format() has written so far (MAX_FORMATTED_TEXT). */
  private formattedText = 0;

  constructor(
    private readonly setup: ProgramSetup,
    private readonly vars: Activation,
    private readonly limit: number | undefined,
  ) {}

  charge(units: number): void {
    this.cost += units;
    if (this.limit !== undefined && this.cost > this.limit) throw new CostLimitExceeded();
  }

  run(): Result {
    return this.eval(this.setup.expr, undefined);
  }

  private attr(e: Expr): boolean {
    return isAttribute(e, this.setup.checked.refs, this.setup.constants);
  }

  /** A chain of attributes rooted in a conditional is observed as the conditional: no cost of its own. */
  private rootIsConditional(e: Expr): boolean {
    for (let node: Expr | undefined = e; node; ) {
      if (node.kind === 'call' && node.fn === '_?_:_') return true;
      if (node.kind === 'select') node = node.operand;
      else if (node.kind === 'call' && (node.fn === '_[_]' || node.fn === '_[?_]' || node.fn === '_?._')) node = node.args[0];
      else return false;
    }
    return false;
  }

  eval(e: Expr, frame: Frame | undefined): Result {
    const constant = this.setup.constants.get(e.id);
    if (constant !== undefined) return constant;
    if (this.attr(e)) {
      const value = this.attribute(e, frame);
      if (!this.rootIsConditional(e) && !(e.kind === 'select' && e.testOnly)) this.charge(1);
      return value;
    }
    switch (e.kind) {
      case 'literal':
        return e.value;
      case 'ident':
        return (this.setup.checked.refs.get(e.id) as { value: CelValue }).value;
      case 'select': {
        const ref = this.setup.checked.refs.get(e.id);
        return ref?.kind === 'ident' && ref.value !== undefined ? ref.value : new CelError('invalid attribute');
      }
      case 'list':
        return this.list(e, frame);
      case 'map':
        return this.map(e, frame);
      case 'struct':
        this.charge(STRUCT_CREATE_BASE_COST);
        return new CelError(`unknown type: '${e.typeName}'`);
      case 'comprehension':
        return this.comprehension(e, frame);
      case 'call':
        return this.call(e, frame);
    }
  }

  /** An attribute's value without its own observation (the caller charges it, or not, as cel-go does). */
  private attribute(e: Expr, frame: Frame | undefined): Result {
    switch (e.kind) {
      case 'ident': {
        const ref = this.setup.checked.refs.get(e.id);
        if (ref?.kind === 'qualified') return this.qualified(ref.candidates);
        return ref?.kind === 'ident' ? this.lookup(ref.name, ref.root ? undefined : frame) : this.lookup(e.name, frame);
      }
      case 'select': {
        const ref = this.setup.checked.refs.get(e.id);
        if (ref?.kind === 'ident') return this.lookup(ref.name, ref.root ? undefined : frame);
        if (ref?.kind === 'qualified') return this.qualified(ref.candidates);
        const operand = this.operand(e.operand, frame);
        this.charge(1);
        if (isError(operand)) return operand;
        return selectField(operand, e.field, e.testOnly);
      }
      case 'call':
        break;
      default:
        return this.eval(e, frame);
    }
    if (e.fn === '_?_:_') {
      const [cond, whenTrue, whenFalse] = e.args as [Expr, Expr, Expr];
      const c = this.eval(cond, frame);
      if (c === true) return this.operand(whenTrue, frame);
      if (c === false) return this.operand(whenFalse, frame);
      return isError(c) ? c : noSuchOverload();
    }
    const [target, index] = e.args as [Expr, Expr];
    const operand = this.operand(target, frame);
    let key: Result;
    if (e.fn === '_?._') {
      key = (index as { value: CelValue }).value;
      this.charge(1);
    } else if (index.kind === 'literal' || this.setup.constants.has(index.id)) {
      key = this.eval(index, frame);
      this.charge(1);
    } else if (this.attr(index)) {
      key = this.attribute(index, frame);
      if (!this.rootIsConditional(index)) this.charge(1);
    } else {
      key = this.eval(index, frame);
      this.charge(1);
    }
    if (isError(operand)) return operand;
    if (isError(key)) return key;
    return indexValue(operand, key, e.fn !== '_[_]');
  }

  /** The operand of a field or index selection: an attribute continues the chain, anything else is evaluated. */
  private operand(e: Expr, frame: Frame | undefined): Result {
    return this.attr(e) ? this.attribute(e, frame) : this.eval(e, frame);
  }

  private lookup(name: string, frame: Frame | undefined): Result {
    for (let f = frame; f; f = f.parent) {
      const fold = f.fold;
      if (name === fold.accuVar) {
        if (!f.initialized) {
          f.initialized = true;
          f.accu = this.eval(fold.accuInit, f.outer);
        }
        return f.accu as Result;
      }
      if (!f.computingResult) {
        if (name === fold.iterVar) return f.iter1 as CelValue;
        if (fold.iterVar2 && name === fold.iterVar2) return f.iter2 as CelValue;
      }
    }
    const value = this.vars.get(name);
    if (value === undefined) return new CelError(`no such attribute(s): ${name}`);
    return value;
  }

  /** The first candidate variable (or type name) that exists, with its fields selected (unchecked expressions). */
  private qualified(candidates: readonly QualifiedCandidate[]): Result {
    for (const candidate of candidates) {
      let value: Result | undefined = this.vars.get(candidate.name) ?? candidate.value;
      if (value === undefined) continue;
      for (const field of candidate.fields) {
        if (isError(value)) break;
        this.charge(1);
        value = selectField(value, field, false);
      }
      return value;
    }
    return new CelError(`no such attribute(s): ${candidates.map((c) => c.name).join(', ')}`);
  }

  private list(e: Extract<Expr, { kind: 'list' }>, frame: Frame | undefined): Result {
    const out: CelValue[] = [];
    let error: CelError | undefined;
    e.elements.forEach((element, i) => {
      const value = this.eval(element, frame);
      if (isError(value)) error ??= value;
      else if (e.optionalIndices.includes(i)) {
        if (!(value instanceof CelOptional)) error ??= noSuchOverload();
        else if (value.value !== undefined) out.push(value.value);
      } else out.push(value);
    });
    this.charge(LIST_CREATE_BASE_COST);
    return error ?? out;
  }

  /** cel-go's evalMap: the first error ends it (a key's before its value is evaluated); a later key replaces. */
  private map(e: Extract<Expr, { kind: 'map' }>, frame: Frame | undefined): Result {
    const out = new Map<MapKey, CelValue>();
    let result: Result = out;
    for (const entry of e.entries) {
      const key = this.eval(entry.key, frame);
      if (isError(key)) {
        result = key;
        break;
      }
      const value = this.eval(entry.value, frame);
      if (isError(value)) {
        result = value;
        break;
      }
      if (!entry.optional) {
        const refused = setLiteralEntry(out, key, value);
        if (refused) {
          result = refused;
          break;
        }
      } else if (!(value instanceof CelOptional)) {
        result = noSuchOverload();
        break;
      } else if (value.value === undefined) deleteLiteralEntry(out, key);
      else setLiteralEntry(out, key, value.value);
    }
    this.charge(MAP_CREATE_BASE_COST);
    return result;
  }

  private comprehension(e: Comprehension, frame: Frame | undefined): Result {
    const range = this.eval(e.iterRange, frame);
    if (isError(range)) return range;
    const f: Frame = { parent: frame, fold: e, initialized: false, outer: frame, computingResult: false };
    // A condition that is not true (false, or an error) ends the loop (interpreter.go foldIterable).
    const step = (): boolean => {
      const cond = this.eval(e.loopCondition, f);
      if (typeof cond === 'boolean' && !cond) return false;
      f.accu = this.eval(e.loopStep, f);
      f.initialized = true;
      return true;
    };
    if (Array.isArray(range)) {
      for (let i = 0; i < range.length; i++) {
        if (e.iterVar2) {
          f.iter1 = BigInt(i);
          f.iter2 = range[i] as CelValue;
        } else f.iter1 = range[i] as CelValue;
        if (!step()) break;
      }
    } else if (range instanceof Map) {
      for (const [key, value] of range) {
        f.iter1 = key as CelValue;
        f.iter2 = value as CelValue;
        if (!step()) break;
      }
    } else {
      return new CelError(e.iterVar2 ? `unsupported comprehension range type: ${goTypeOf(range)}` : `got '${goTypeOf(range)}', expected iterable type`);
    }
    f.computingResult = true;
    return this.eval(e.result, f);
  }

  private call(e: Extract<Expr, { kind: 'call' }>, frame: Frame | undefined): Result {
    switch (e.fn) {
      case '_&&_':
      case '_||_':
        return this.logical(e, frame);
      default:
        break;
    }
    const ref = this.setup.checked.refs.get(e.id);
    const overloads = ref?.kind === 'call' ? ref.overloads : [];
    const global = ref?.kind === 'call' && ref.global;
    const args: Result[] = [];
    if (e.target && !global) args.push(this.eval(e.target, frame));
    for (const arg of e.args) args.push(this.eval(arg, frame));
    const nonStrict = e.fn === '@not_strictly_false';
    let result: Result;
    let overloadId = overloads.length === 1 ? (overloads[0] as Overload).id : '';
    const error = nonStrict ? undefined : args.find(isError);
    if (nonStrict) result = args[0] === false ? false : true;
    else if (error) result = error;
    else if (e.fn === '_==_' || e.fn === '_!=_') {
      overloadId = e.fn === '_==_' ? 'equals' : 'not_equals';
      const equal = celEquals(args[0] as CelValue, args[1] as CelValue);
      result = e.fn === '_==_' ? equal : !equal;
    } else {
      const values = args as CelValue[];
      const overload = overloads.find((o) => o.params.length === values.length && (o.typeGuards === false || o.params.every((p, i) => matchesRuntimeType(p, values[i] as CelValue))));
      if (overload) {
        overloadId = overload.id;
        result = overload.impl(values);
      } else result = noSuchOverload();
    }
    if (isError(result) && result.exprId === undefined) result.exprId = e.id;
    if (overloadId === 'string_format' && typeof result === 'string') {
      this.formattedText += result.length;
      if (this.formattedText > MAX_FORMATTED_TEXT) throw new FormattedTextLimitExceeded();
    }
    const values = args.map((a) => (isError(a) ? undefined : a));
    const fnName = ref?.kind === 'call' && global && e.target ? `${qualifiedName(e.target) ?? ''}.${e.fn}` : e.fn;
    if (!this.setup.freeCalls.has(e.id)) this.charge(this.setup.estimator?.(fnName, overloadId, values, result) ?? defaultCallCost(overloadId, values));
    return result;
  }

  private logical(e: Extract<Expr, { kind: 'call' }>, frame: Frame | undefined): Result {
    const stop = e.fn === '_||_';
    let error: CelError | undefined;
    for (const arg of e.args) {
      const value = this.eval(arg, frame);
      if (value === stop) return stop;
      if (typeof value !== 'boolean') error ??= isError(value) ? value : noSuchOverload();
    }
    return error ?? !stop;
  }
}
