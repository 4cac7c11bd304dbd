/**
 * Macros, expanded at parse time into the trees cel-go builds: the standard ones (parser/macro.go: has, all, exists,
 * exists_one, existsOne, map, filter), the two-variable comprehensions (ext/comprehensions.go: all, exists,
 * existsOne, exists_one, transformList, transformMap, transformMapEntry with 3 or 4 arguments), `optMap` and
 * `optFlatMap` (cel/library.go, optional types) and `sortBy` (ext/lists.go, version 2 and later).
 */
import { ACCUMULATOR, type Expr } from './ast.js';
import { SyntaxProblem } from './lexer.js';

export type MacroName =
  | 'has'
  | 'all'
  | 'exists'
  | 'exists_one'
  | 'existsOne'
  | 'map'
  | 'filter'
  | 'twoVarComprehensions'
  | 'optMap'
  | 'optFlatMap'
  | 'sortBy';

export type MacroSet = ReadonlySet<MacroName>;

/** The macros of every version; `existsOne` (cel-go v0.22.1, Kubernetes 1.33) comes with its version (environment.ts). */
export const STANDARD_MACROS: readonly MacroName[] = ['has', 'all', 'exists', 'exists_one', 'map', 'filter'];

interface NodeFactory {
  id(offset: number): number;
}

type Build = {
  ident(name: string): Expr;
  accu(): Expr;
  lit(value: boolean | bigint): Expr;
  call(fn: string, ...args: Expr[]): Expr;
  list(...elements: Expr[]): Expr;
  map(): Expr;
  fold(range: Expr, iterVar: string, iterVar2: string, init: Expr, condition: Expr, step: Expr, result: Expr): Expr;
};

function builder(factory: NodeFactory, offset: number): Build {
  const id = (): number => factory.id(offset);
  return {
    ident: (name) => ({ kind: 'ident', id: id(), name }),
    accu: () => ({ kind: 'ident', id: id(), name: ACCUMULATOR }),
    lit: (value) => ({ kind: 'literal', id: id(), value }),
    call: (fn, ...args) => ({ kind: 'call', id: id(), fn, args }),
    list: (...elements) => ({ kind: 'list', id: id(), elements, optionalIndices: [] }),
    map: () => ({ kind: 'map', id: id(), entries: [] }),
    fold: (iterRange, iterVar, iterVar2, accuInit, loopCondition, loopStep, result) => ({
      kind: 'comprehension',
      id: id(),
      iterRange,
      iterVar,
      iterVar2,
      accuVar: ACCUMULATOR,
      accuInit,
      loopCondition,
      loopStep,
      result,
    }),
  };
}

function iterVar(arg: Expr | undefined, message: string, offset: number): string {
  if (arg?.kind !== 'ident') throw new SyntaxProblem(message, offset);
  if (arg.name === ACCUMULATOR) throw new SyntaxProblem('iteration variable overwrites accumulator variable', offset);
  return arg.name;
}

function quantifier(b: Build, kind: 'all' | 'exists' | 'existsOne', range: Expr, v1: string, v2: string, predicate: Expr): Expr {
  switch (kind) {
    case 'all':
      return b.fold(range, v1, v2, b.lit(true), b.call('@not_strictly_false', b.accu()), b.call('_&&_', b.accu(), predicate), b.accu());
    case 'exists':
      return b.fold(range, v1, v2, b.lit(false), b.call('@not_strictly_false', b.call('!_', b.accu())), b.call('_||_', b.accu(), predicate), b.accu());
    default:
      return b.fold(range, v1, v2, b.lit(0n), b.lit(true), b.call('_?_:_', predicate, b.call('_+_', b.accu(), b.lit(1n)), b.accu()), b.call('_==_', b.accu(), b.lit(1n)));
  }
}

const QUANTIFIERS: Readonly<Record<string, 'all' | 'exists' | 'existsOne'>> = { all: 'all', exists: 'exists', exists_one: 'existsOne', existsOne: 'existsOne' };

/** The expansion of a call when it is a macro of the set, else undefined (an ordinary call). */
export function expandMacro(factory: NodeFactory, macros: MacroSet, name: string, target: Expr | undefined, args: Expr[], offset: number): Expr | undefined {
  const b = builder(factory, offset);
  if (!target) {
    if (name !== 'has' || args.length !== 1 || !macros.has('has')) return undefined;
    const [arg] = args;
    if (arg?.kind !== 'select') throw new SyntaxProblem('invalid argument to has() macro', offset);
    return { kind: 'select', id: factory.id(offset), operand: arg.operand, field: arg.field, testOnly: true };
  }
  const quantified = QUANTIFIERS[name];
  if (quantified && args.length === 2 && macros.has(name as MacroName)) {
    return quantifier(b, quantified, target, iterVar(args[0], 'argument must be a simple name', offset), '', args[1] as Expr);
  }
  if (macros.has('twoVarComprehensions')) {
    if (quantified && args.length === 3) {
      const [v1, v2] = twoVars(args, offset);
      return quantifier(b, quantified, target, v1, v2, args[2] as Expr);
    }
    if ((name === 'transformList' || name === 'transformMap' || name === 'transformMapEntry') && (args.length === 3 || args.length === 4)) {
      const [v1, v2] = twoVars(args, offset);
      const filter = args.length === 4 ? args[2] : undefined;
      const transform = args[args.length - 1] as Expr;
      let step =
        name === 'transformList'
          ? b.call('_+_', b.accu(), b.list(transform))
          : name === 'transformMap'
            ? b.call('cel.@mapInsert', b.accu(), b.ident(v1), transform)
            : b.call('cel.@mapInsert', b.accu(), transform);
      if (filter) step = b.call('_?_:_', filter, step, b.accu());
      return b.fold(target, v1, v2, name === 'transformList' ? b.list() : b.map(), b.lit(true), step, b.accu());
    }
  }
  if (name === 'map' && (args.length === 2 || args.length === 3) && macros.has('map')) {
    const v = iterVar(args[0], 'argument is not an identifier', offset);
    const fn = args[args.length - 1] as Expr;
    let step = b.call('_+_', b.accu(), b.list(fn));
    if (args.length === 3) step = b.call('_?_:_', args[1] as Expr, step, b.accu());
    return b.fold(target, v, '', b.list(), b.lit(true), step, b.accu());
  }
  if (name === 'filter' && args.length === 2 && macros.has('filter')) {
    const v = iterVar(args[0], 'argument is not an identifier', offset);
    const step = b.call('_?_:_', args[1] as Expr, b.call('_+_', b.accu(), b.list(args[0] as Expr)), b.accu());
    return b.fold(target, v, '', b.list(), b.lit(true), step, b.accu());
  }
  if ((name === 'optMap' || name === 'optFlatMap') && args.length === 2 && macros.has(name)) {
    return optionalMap(factory, b, name, target, args, offset);
  }
  if (name === 'sortBy' && args.length === 2 && macros.has('sortBy')) return sortBy(factory, b, target, args, offset);
  return undefined;
}

function twoVars(args: Expr[], offset: number): [string, string] {
  const v1 = iterVar(args[0], 'argument must be a simple name', offset);
  const v2 = iterVar(args[1], 'argument must be a simple name', offset);
  if (v1 === v2) throw new SyntaxProblem('overlapping declarations of the same variable name', offset);
  return [v1, v2];
}

/**
 * `o.optMap(v, e)` is `o.hasValue() ? optional.of(cel.bind(v, o.value(), e)) : optional.none()`, and `optFlatMap`
 * the same without the `optional.of` (cel/library.go optMap, optFlatMap); `cel.bind` is a comprehension over an
 * empty list whose accumulator is the variable.
 */
function optionalMap(factory: NodeFactory, b: Build, name: 'optMap' | 'optFlatMap', target: Expr, args: Expr[], offset: number): Expr {
  const v = iterVar(args[0], `${name}() variable name must be a simple identifier`, offset);
  const id = (): number => factory.id(offset);
  const call = (fn: string, callTarget: Expr | undefined, ...callArgs: Expr[]): Expr =>
    callTarget ? { kind: 'call', id: id(), fn, target: callTarget, args: callArgs } : { kind: 'call', id: id(), fn, args: callArgs };
  const bind: Expr = {
    kind: 'comprehension',
    id: id(),
    iterRange: b.list(),
    iterVar: '#unused',
    iterVar2: '',
    accuVar: v,
    accuInit: call('value', target),
    loopCondition: b.lit(false),
    loopStep: b.ident(v),
    result: args[1] as Expr,
  };
  const some = name === 'optMap' ? call('optional.of', undefined, bind) : bind;
  return b.call('_?_:_', call('hasValue', target), some, call('optional.none', undefined));
}

/**
 * `l.sortBy(e, key)` is `cel.bind(@__sortBy_input__, l, @__sortBy_input__.@sortByAssociatedKeys(
 * @__sortBy_input__.map(e, key)))` (ext/lists.go sortByMacro).
 */
function sortBy(factory: NodeFactory, b: Build, target: Expr, args: Expr[], offset: number): Expr {
  const v = iterVar(args[0], 'sortBy(var, ...) variable name must be a simple identifier', offset);
  const input = '@__sortBy_input__';
  const id = (): number => factory.id(offset);
  const keys = b.fold(b.ident(input), v, '', b.list(), b.lit(true), b.call('_+_', b.accu(), b.list(args[1] as Expr)), b.accu());
  const sorted: Expr = { kind: 'call', id: id(), fn: '@sortByAssociatedKeys', target: b.ident(input), args: [keys] };
  return { kind: 'comprehension', id: id(), iterRange: b.list(), iterVar: '#unused', iterVar2: '', accuVar: input, accuInit: target, loopCondition: b.lit(false), loopStep: b.ident(input), result: sorted };
}
