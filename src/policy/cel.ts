/**
 * CEL for policies, on `@bufbuild/cel`: one environment per loaded policy set (no module-level state), with
 * - the standard library (`size`, `contains`, `startsWith`, `endsWith`, `matches`, `has`, `all`, `exists`,
 *   `exists_one`, `map`, `filter`...) plus the `strings` extension Kubernetes users know (`lowerAscii`, `split`,
 *   `join`, `replace`, `indexOf`, `substring`, `trim`...);
 * - `matches` on re2js, the RE2 port the rest of platlint checks Go regular expressions with;
 * - a cost limit: every function call costs 1 plus the size of the strings, lists and maps it takes and returns,
 *   and every iteration of a macro costs 1 (the loop condition of each comprehension is wrapped in a counting
 *   call), so a runaway expression stops with an error instead of hanging the run or exhausting memory;
 * - `map` and `filter` that append to their private accumulator in place: the library concatenates a one-item
 *   list per iteration (`@result + [x]`), nesting one wrapper per item, which is quadratic and recursive.
 */
import {
  celEnv,
  celFunc,
  celList,
  celMethod,
  CelScalar,
  isCelError,
  isCelList,
  isCelMap,
  listType,
  parse,
  plan,
  type CelEnv,
  type CelFunc,
  type CelInput,
  type CelList,
  type CelValue,
} from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';
import { RE2JS } from 're2js';
import { checkGoRegex } from '../formats/regex.js';
import { BOOL_TYPE, checkExpression, DYN_TYPE, STRING_TYPE, typeName, type Expr, type FunctionTable } from './cel-check.js';

/** Kubernetes' per-expression limit is 1e6 cost units for a compiled Go evaluator; this interpreter is slower. */
export const DEFAULT_COST_LIMIT = 100_000;
/** Longer expressions are refused outright (the parser is recursive). */
export const MAX_EXPRESSION_LENGTH = 10_000;

const TICK = '@platlint.tick';
const APPEND = '@platlint.append';
const LIST = listType(CelScalar.DYN);
const REGEX_CACHE_SIZE = 256;

export class CostLimitExceeded extends Error {}

export interface CompileProblem {
  message: string;
  /** Offset of the problem in the expression text (UTF-16 code units). */
  offset: number;
}

/** The result of one evaluation, with the cost units it spent. */
export type EvalOutcome = ({ ok: true; value: CelValue } | { ok: false; error: string; costExceeded: boolean; offset?: number }) & { cost: number };

export interface CompiledExpression {
  readonly text: string;
  /** The variables (of those it was compiled with) the expression refers to. */
  readonly uses: ReadonlySet<string>;
  evaluate(bindings: Record<string, CelInput>): EvalOutcome;
}

function sizeCost(value: unknown): number {
  if (typeof value === 'string') return value.length >> 4;
  if (value instanceof Uint8Array) return value.length >> 4;
  if (isCelList(value) || isCelMap(value)) return value.size;
  return 0;
}

type Positions = Readonly<Record<string, number>> | undefined;

function offsetOf(positions: Positions, id: bigint | undefined): number | undefined {
  if (id === undefined || !positions) return undefined;
  return positions[String(id)];
}

function syntaxProblem(error: unknown): CompileProblem {
  const e = error as { message?: string; rawMessage?: string; location?: { start?: { offset?: number } } };
  const raw = (e.rawMessage ?? e.message ?? String(error)).replace(/^<input>:\d+:\d+:\s*/, '');
  return { message: `CEL syntax error: ${raw}`, offset: e.location?.start?.offset ?? 0 };
}

/**
 * Rewrites every comprehension's loop condition `c` into `@platlint.tick(c)`, which charges one unit per iteration,
 * and every `@result + [x]` (the accumulation step of `map` and `filter`) into `@platlint.append(@result, x)`.
 * Accumulators are named with `@`, which no user identifier can be, so nothing else ever sees them.
 */
function instrument(root: Expr): void {
  let nextId = 0n;
  const stack: Expr[] = [root];
  const all: Expr[] = [];
  while (stack.length) {
    const expr = stack.pop() as Expr;
    all.push(expr);
    if (expr.id >= nextId) nextId = expr.id + 1n;
    const kind = expr.exprKind;
    switch (kind.case) {
      case 'selectExpr':
        if (kind.value.operand) stack.push(kind.value.operand);
        break;
      case 'callExpr':
        if (kind.value.target) stack.push(kind.value.target);
        stack.push(...kind.value.args);
        break;
      case 'listExpr':
        stack.push(...kind.value.elements);
        break;
      case 'structExpr':
        for (const entry of kind.value.entries) {
          if (entry.keyKind.case === 'mapKey') stack.push(entry.keyKind.value);
          if (entry.value) stack.push(entry.value);
        }
        break;
      case 'comprehensionExpr': {
        const c = kind.value;
        for (const e of [c.iterRange, c.accuInit, c.loopCondition, c.loopStep, c.result]) if (e) stack.push(e);
        break;
      }
      default:
        break;
    }
  }
  for (const expr of all) {
    if (expr.exprKind.case === 'callExpr') {
      const call = expr.exprKind.value;
      const [accu, item] = call.args;
      if (
        call.function === '_+_' && !call.target && call.args.length === 2 &&
        accu?.exprKind.case === 'identExpr' && accu.exprKind.value.name.startsWith('@') &&
        item?.exprKind.case === 'listExpr' && item.exprKind.value.elements.length === 1 && item.exprKind.value.optionalIndices.length === 0
      ) {
        call.function = APPEND;
        call.args = [accu, item.exprKind.value.elements[0] as Expr];
      }
      continue;
    }
    if (expr.exprKind.case !== 'comprehensionExpr') continue;
    const c = expr.exprKind.value;
    if (!c.loopCondition) continue;
    const wrapped = {
      $typeName: 'cel.expr.Expr',
      id: nextId++,
      exprKind: { case: 'callExpr', value: { $typeName: 'cel.expr.Expr.Call', function: TICK, args: [c.loopCondition] } },
    } as unknown as Expr;
    c.loopCondition = wrapped;
  }
}

/** A CEL environment with a cost budget; compile once, evaluate per document. */
export class CelRuntime {
  private readonly env: CelEnv;
  private readonly table: FunctionTable;
  private remaining = 0;
  private exceeded = false;
  private readonly regexCache = new Map<string, RE2JS>();

  constructor(readonly costLimit: number = DEFAULT_COST_LIMIT) {
    const base = celEnv({
      funcs: strings,
      re2: { compile: (pattern: string) => this.regex(pattern) },
    });
    const wrapped = [...base.funcs].map((f) => this.metered(f));
    const tick = celFunc(TICK, [CelScalar.DYN], CelScalar.DYN, (value: CelValue) => {
      this.charge(1);
      return value as CelInput;
    });
    // The accumulator of one comprehension run, appended to in place once it is a list this runtime created
    // (the first step copies the initial `[]`, a constant shared by every run).
    const backing = new WeakMap<CelList, CelValue[]>();
    const append = celFunc(APPEND, [LIST, CelScalar.DYN], LIST, (accu: CelList, item: CelValue) => {
      this.charge(1);
      const items = backing.get(accu);
      if (items) {
        items.push(item);
        return accu;
      }
      const fresh = [...accu, item];
      const list = celList(fresh);
      backing.set(list, fresh);
      return list;
    });
    this.env = celEnv({ funcs: [...wrapped, tick, append] });
    const funcs = this.env.funcs;
    this.table = {
      find: (name) => (name.startsWith('@platlint.') ? undefined : funcs.find(name)),
      names: () => new Set([...funcs].map((f) => f.name).filter((n) => !n.startsWith('@platlint.'))),
    };
  }

  private regex(pattern: string): { test(text: string): boolean } {
    let compiled = this.regexCache.get(pattern);
    if (!compiled) {
      this.charge(1 + (pattern.length >> 2));
      compiled = RE2JS.compile(pattern);
      if (this.regexCache.size >= REGEX_CACHE_SIZE) this.regexCache.clear();
      this.regexCache.set(pattern, compiled);
    }
    const re = compiled;
    return { test: (text: string) => re.matcher(text).find() };
  }

  private spent(): number {
    return Math.min(this.costLimit, this.costLimit - this.remaining);
  }

  private charge(units: number): void {
    this.remaining -= units;
    if (this.remaining < 0) {
      this.exceeded = true;
      throw new CostLimitExceeded(`the evaluation cost limit (${this.costLimit}) was exceeded`);
    }
  }

  /** The same function, charging its cost before returning. */
  private metered(f: CelFunc): CelFunc {
    const run = (target: CelValue | undefined, args: CelValue[]): CelInput => {
      let cost = 1;
      for (const arg of args) cost += sizeCost(arg);
      if (target !== undefined) cost += sizeCost(target);
      this.charge(cost);
      const result = f.call(0, target, args);
      if (result === undefined) throw new Error(`no overload of ${f.name} matched`);
      if (isCelError(result)) throw result;
      this.charge(sizeCost(result));
      return result as CelInput;
    };
    if (f.target) {
      return celMethod(f.name, f.target, f.arguments, f.result, function (this: CelValue, ...args: CelValue[]) {
        return run(this, args);
      });
    }
    return celFunc(f.name, f.arguments, f.result, (...args: CelValue[]) => run(undefined, args));
  }

  /**
   * Parses, checks and plans an expression. `result` is the type it must evaluate to; `variables` are bound to
   * `dyn`. Constant `matches()` patterns are checked as Go regular expressions.
   */
  compile(text: string, result: 'bool' | 'string', variables: readonly string[]): { ok: true; expression: CompiledExpression } | { ok: false; problem: CompileProblem } {
    if (text.trim() === '') return { ok: false, problem: { message: 'the expression is empty', offset: 0 } };
    if (text.length > MAX_EXPRESSION_LENGTH) {
      return { ok: false, problem: { message: `the expression is longer than ${MAX_EXPRESSION_LENGTH} characters`, offset: 0 } };
    }
    let parsed: ReturnType<typeof parse>;
    try {
      parsed = parse(text);
    } catch (error) {
      if (error instanceof RangeError) return { ok: false, problem: { message: 'the expression is nested too deeply', offset: 0 } };
      return { ok: false, problem: syntaxProblem(error) };
    }
    const positions = parsed.sourceInfo?.positions as Positions;
    const checked = checkExpression(parsed.expr, this.table, variables);
    if (checked.issue) {
      let offset = offsetOf(positions, checked.issue.exprId) ?? 0;
      // A method call is positioned at its dot: point at the method's name.
      if (text[offset] === '.') offset++;
      return { ok: false, problem: { message: `CEL type error: ${checked.issue.message}`, offset } };
    }
    const expected = result === 'bool' ? BOOL_TYPE : STRING_TYPE;
    if (typeName(checked.type) !== typeName(DYN_TYPE) && typeName(checked.type) !== typeName(expected)) {
      return {
        ok: false,
        problem: {
          message: result === 'bool'
            ? `the expression must evaluate to a bool (true means compliant), not ${typeName(checked.type)}`
            : `the message expression must evaluate to a string, not ${typeName(checked.type)}`,
          offset: 0,
        },
      };
    }
    const uses = new Set<string>();
    referencedNames(parsed.expr, new Set(variables), uses);
    const badPattern = findBadPattern(parsed.expr);
    if (badPattern) return { ok: false, problem: { message: badPattern.message, offset: offsetOf(positions, badPattern.exprId) ?? 0 } };
    instrument(parsed.expr);
    let planned: ReturnType<typeof plan>;
    try {
      planned = plan(this.env, parsed);
    } catch (error) {
      return { ok: false, problem: { message: `CEL error: ${(error as Error).message}`, offset: 0 } };
    }
    return {
      ok: true,
      expression: {
        text,
        uses,
        evaluate: (bindings) => {
          this.remaining = this.costLimit;
          this.exceeded = false;
          let value: CelValue | ReturnType<typeof planned>;
          try {
            value = planned(bindings);
          } catch (error) {
            // The library turns most failures into CelErrors; a stack overflow on absurd data is the exception.
            return { ok: false, error: (error as Error).message, costExceeded: this.exceeded, cost: this.spent() };
          }
          const cost = this.spent();
          if (this.exceeded) return { ok: false, error: `the evaluation cost limit (${this.costLimit}) was exceeded`, costExceeded: true, cost };
          if (isCelError(value)) {
            const offset = offsetOf(positions, value.exprId);
            return { ok: false, error: value.message, costExceeded: false, cost, ...(offset !== undefined ? { offset } : {}) };
          }
          return { ok: true, value, cost };
        },
      },
    };
  }
}

/** Collects the identifiers of `names` that the expression refers to (before instrumentation adds its own). */
function referencedNames(node: unknown, names: ReadonlySet<string>, out: Set<string>, depth = 0): void {
  if (typeof node !== 'object' || node === null || depth > 2000) return;
  if (Array.isArray(node)) {
    for (const item of node) referencedNames(item, names, out, depth + 1);
    return;
  }
  const kind = (node as { exprKind?: { case?: string; value?: { name?: unknown } } }).exprKind;
  if (kind?.case === 'identExpr' && typeof kind.value?.name === 'string' && names.has(kind.value.name)) out.add(kind.value.name);
  for (const value of Object.values(node)) referencedNames(value, names, out, depth + 1);
}

/** A `matches()` call whose pattern is a string literal that Go would not compile. */
function findBadPattern(root: Expr): { message: string; exprId: bigint } | undefined {
  const stack: Expr[] = [root];
  while (stack.length) {
    const expr = stack.pop() as Expr;
    const kind = expr.exprKind;
    if (kind.case === 'callExpr') {
      if (kind.value.function === 'matches') {
        const pattern = kind.value.target ? kind.value.args[0] : kind.value.args[1];
        if (pattern?.exprKind.case === 'constExpr' && pattern.exprKind.value.constantKind.case === 'stringValue') {
          const problem = checkGoRegex(pattern.exprKind.value.constantKind.value);
          if (problem) return { message: `invalid regular expression in matches(): ${problem}`, exprId: pattern.id };
        }
      }
      if (kind.value.target) stack.push(kind.value.target);
      stack.push(...kind.value.args);
    } else if (kind.case === 'selectExpr' && kind.value.operand) {
      stack.push(kind.value.operand);
    } else if (kind.case === 'listExpr') {
      stack.push(...kind.value.elements);
    } else if (kind.case === 'structExpr') {
      for (const entry of kind.value.entries) {
        if (entry.keyKind.case === 'mapKey') stack.push(entry.keyKind.value);
        if (entry.value) stack.push(entry.value);
      }
    } else if (kind.case === 'comprehensionExpr') {
      const c = kind.value;
      for (const e of [c.iterRange, c.accuInit, c.loopCondition, c.loopStep, c.result]) if (e) stack.push(e);
    }
  }
  return undefined;
}
