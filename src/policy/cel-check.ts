/**
 * A static check of a parsed CEL expression, before any document is seen: unknown functions and variables,
 * calls no overload accepts (`'a' + 1`, `size(self) > 'x'`, `self.name.startsWith(1)`), field selection on
 * scalars, and the type the expression evaluates to. `@bufbuild/cel` has a checker but does not export it, so this
 * one infers types bottom-up from the overloads the environment declares; the documents' own fields are `dyn`,
 * so only what is certain is reported (as the CEL checker does with `dyn` variables).
 */
import { CelScalar, listType, mapType, type CelType, type CelFunc, type parse } from '@bufbuild/cel';
import { nearest } from '../engine/suggest.js';

export type Expr = ReturnType<typeof parse>['expr'];

export interface FunctionTable {
  find(name: string): Iterable<CelFunc> | undefined;
  names(): Iterable<string>;
}

export interface CheckIssue {
  message: string;
  exprId: bigint;
}

const { DYN, BOOL, INT, UINT, DOUBLE, STRING, BYTES, NULL, TYPE } = CelScalar;

const TYPE_IDENTS = new Set(['int', 'uint', 'double', 'bool', 'string', 'bytes', 'list', 'map', 'null_type', 'type', 'dyn']);

const OPERATORS: Readonly<Record<string, string>> = {
  '_+_': '+',
  '_-_': '-',
  '_*_': '*',
  '_/_': '/',
  '_%_': '%',
  '-_': 'unary -',
  '!_': '!',
  '_==_': '==',
  '_!=_': '!=',
  '_<_': '<',
  '_<=_': '<=',
  '_>_': '>',
  '_>=_': '>=',
  '@in': 'in',
  '_&&_': '&&',
  '_||_': '||',
  '_?_:_': '?:',
  '_[_]': '[]',
};

export function displayFunction(name: string): string {
  return OPERATORS[name] ?? name;
}

export function typeName(type: CelType): string {
  if (type.kind === 'list') return `list(${typeName(type.element)})`;
  if (type.kind === 'map') return `map(${typeName(type.key)}, ${typeName(type.value)})`;
  return type.name;
}

function isDyn(type: CelType): boolean {
  return type.kind === 'scalar' && type.scalar === 'dyn';
}

function sameType(a: CelType, b: CelType): boolean {
  return typeName(a) === typeName(b);
}

/** Whether a value of type `arg` may be passed where `param` is declared; `dyn` on either side always may. */
export function assignable(param: CelType, arg: CelType): boolean {
  if (isDyn(param) || isDyn(arg)) return true;
  if (param.kind === 'list') return arg.kind === 'list' && assignable(param.element, arg.element);
  if (param.kind === 'map') return arg.kind === 'map' && assignable(param.key, arg.key) && assignable(param.value, arg.value);
  return param.kind === arg.kind && param.name === arg.name;
}

function join(types: readonly CelType[]): CelType {
  const [first, ...rest] = types;
  if (!first) return DYN;
  return rest.every((t) => sameType(t, first)) ? first : DYN;
}

class Failure extends Error {
  constructor(message: string, readonly exprId: bigint) {
    super(message);
  }
}

type Scope = ReadonlyMap<string, CelType>;

function qualifiedName(expr: Expr): string | undefined {
  const kind = expr.exprKind;
  if (kind.case === 'identExpr') return kind.value.name;
  if (kind.case === 'selectExpr' && !kind.value.testOnly && kind.value.operand) {
    const parent = qualifiedName(kind.value.operand);
    return parent === undefined ? undefined : `${parent}.${kind.value.field}`;
  }
  return undefined;
}

class Checker {
  constructor(private readonly funcs: FunctionTable, private readonly variables: readonly string[]) {}

  infer(expr: Expr, scope: Scope): CelType {
    const kind = expr.exprKind;
    switch (kind.case) {
      case 'constExpr':
        switch (kind.value.constantKind.case) {
          case 'int64Value':
            return INT;
          case 'uint64Value':
            return UINT;
          case 'doubleValue':
            return DOUBLE;
          case 'stringValue':
            return STRING;
          case 'boolValue':
            return BOOL;
          case 'bytesValue':
            return BYTES;
          case 'nullValue':
            return NULL;
          default:
            return DYN;
        }
      case 'identExpr': {
        const name = kind.value.name;
        const type = scope.get(name);
        if (type) return type;
        if (TYPE_IDENTS.has(name)) return TYPE;
        const quoted = this.variables.map((v) => `"${v}"`);
        const vars = quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1) ?? ''}` : (quoted[0] ?? 'none');
        throw new Failure(
          `undeclared reference to "${name}"${nearest(name, [...scope.keys()].filter((k) => !k.startsWith('@')))} (the variables are ${vars}, and the variables of the enclosing macros)`,
          expr.id,
        );
      }
      case 'selectExpr': {
        const { operand, field, testOnly } = kind.value;
        if (!operand) return DYN;
        const type = this.infer(operand, scope);
        if (type.kind === 'map') {
          if (!assignable(type.key, STRING)) throw new Failure(`a map with ${typeName(type.key)} keys has no field "${field}"; use [key]`, expr.id);
          return testOnly ? BOOL : type.value;
        }
        if (isDyn(type) || type.kind === 'object') return testOnly ? BOOL : DYN;
        throw new Failure(`a value of type ${typeName(type)} has no fields, so ".${field}" cannot be ${testOnly ? 'tested with has()' : 'selected'}`, expr.id);
      }
      case 'listExpr':
        return listType(join(kind.value.elements.map((e) => this.infer(e, scope))));
      case 'structExpr': {
        if (kind.value.messageName !== '') throw new Failure(`unknown type "${kind.value.messageName}": policies have no message types`, expr.id);
        const keys: CelType[] = [];
        const values: CelType[] = [];
        for (const entry of kind.value.entries) {
          if (entry.keyKind.case === 'mapKey') keys.push(this.infer(entry.keyKind.value, scope));
          if (entry.value) values.push(this.infer(entry.value, scope));
        }
        const key = join(keys);
        const mapKey = key.kind === 'scalar' && ['int', 'uint', 'bool', 'string', 'dyn'].includes(key.scalar) ? (key as Parameters<typeof mapType>[0]) : DYN;
        return mapType(mapKey, join(values));
      }
      case 'comprehensionExpr':
        return this.comprehension(expr, kind.value, scope);
      case 'callExpr':
        return this.call(expr, kind.value, scope);
      default:
        return DYN;
    }
  }

  private comprehension(expr: Expr, value: Extract<Expr['exprKind'], { case: 'comprehensionExpr' }>['value'], scope: Scope): CelType {
    const { iterRange, accuInit, loopCondition, loopStep, result } = value;
    if (!iterRange || !accuInit || !loopCondition || !loopStep || !result) return DYN;
    const range = this.infer(iterRange, scope);
    let first: CelType;
    let second: CelType | undefined;
    if (range.kind === 'list') {
      first = value.iterVar2 ? INT : range.element;
      second = value.iterVar2 ? range.element : undefined;
    } else if (range.kind === 'map') {
      first = range.key;
      second = value.iterVar2 ? range.value : undefined;
    } else if (isDyn(range)) {
      first = DYN;
      second = value.iterVar2 ? DYN : undefined;
    } else {
      throw new Failure(`a value of type ${typeName(range)} is not a list or map, so a macro cannot iterate over it`, iterRange.id);
    }
    const accu = this.infer(accuInit, scope);
    const inner = new Map(scope);
    inner.set(value.accuVar, accu.kind === 'list' ? listType(DYN) : accu);
    inner.set(value.iterVar, first);
    if (value.iterVar2 && second) inner.set(value.iterVar2, second);
    this.infer(loopCondition, inner);
    this.infer(loopStep, inner);
    const after = new Map(scope);
    after.set(value.accuVar, accu.kind === 'list' ? listType(DYN) : accu);
    return this.infer(result, after);
  }

  private expectBool(expr: Expr, type: CelType, operator: string): void {
    if (!assignable(BOOL, type)) throw new Failure(`"${operator}" needs bool operands, not ${typeName(type)}`, expr.id);
  }

  private call(expr: Expr, call: Extract<Expr['exprKind'], { case: 'callExpr' }>['value'], scope: Scope): CelType {
    const name = call.function;
    // `strings.quote(x)`: a namespaced function, not a method on a variable.
    if (call.target) {
      const qualified = qualifiedName(call.target);
      if (qualified !== undefined && !scope.has(qualified.split('.')[0] ?? '')) {
        const group = this.funcs.find(`${qualified}.${name}`);
        if (group) return this.overload(expr, `${qualified}.${name}`, group, undefined, call.args.map((a) => this.infer(a, scope)));
      }
    }
    const args = call.args.map((a) => this.infer(a, scope));
    const target = call.target ? this.infer(call.target, scope) : undefined;
    switch (name) {
      case '_&&_':
      case '_||_':
        call.args.forEach((a, i) => this.expectBool(a, args[i] ?? DYN, displayFunction(name)));
        return BOOL;
      case '@not_strictly_false':
      case '__not_strictly_false__':
        return BOOL;
      case '_?_:_': {
        const [cond, whenTrue, whenFalse] = args;
        if (cond && !assignable(BOOL, cond)) throw new Failure(`the condition of "?:" must be bool, not ${typeName(cond)}`, call.args[0]?.id ?? expr.id);
        return whenTrue && whenFalse ? join([whenTrue, whenFalse]) : DYN;
      }
      case '_[_]': {
        const [operand, index] = args;
        if (!operand || !index) return DYN;
        if (operand.kind === 'list') {
          if (!assignable(INT, index) && !assignable(UINT, index)) throw new Failure(`a list index must be an int, not ${typeName(index)}`, expr.id);
          return operand.element;
        }
        if (operand.kind === 'map') {
          if (!assignable(operand.key, index)) throw new Failure(`the keys of this map are ${typeName(operand.key)}, not ${typeName(index)}`, expr.id);
          return operand.value;
        }
        if (isDyn(operand)) return DYN;
        throw new Failure(`a value of type ${typeName(operand)} cannot be indexed with []`, expr.id);
      }
      case '_[?_]':
      case '_?._':
        return DYN;
      default:
        break;
    }
    const group = this.funcs.find(name);
    if (!group) {
      const known = [...this.funcs.names()].filter((n) => /^[a-zA-Z]/.test(n));
      throw new Failure(`unknown function "${name}"${nearest(name, known)}`, expr.id);
    }
    return this.overload(expr, name, group, target, args);
  }

  private overload(expr: Expr, name: string, group: Iterable<CelFunc>, target: CelType | undefined, args: readonly CelType[]): CelType {
    const all = [...group];
    const shaped = all.filter((f) => (f.target !== undefined) === (target !== undefined));
    const pretty = displayFunction(name);
    if (shaped.length === 0) {
      throw new Failure(
        target !== undefined ? `"${pretty}" is a function, not a method: write ${pretty}(x, ...)` : `"${pretty}" is a method: write x.${pretty}(...)`,
        expr.id,
      );
    }
    const arity = shaped.filter((f) => f.arguments.length === args.length);
    if (arity.length === 0) {
      const counts = [...new Set(shaped.map((f) => f.arguments.length))].sort().join(' or ');
      throw new Failure(`"${pretty}" takes ${counts} argument${counts === '1' ? '' : 's'}, not ${args.length}`, expr.id);
    }
    const matching = arity.filter((f) => (target === undefined || (f.target !== undefined && assignable(f.target, target))) && f.arguments.every((p, i) => assignable(p, args[i] ?? DYN)));
    if (matching.length === 0) {
      const signature = `${target ? `${typeName(target)}.` : ''}(${args.map(typeName).join(', ')})`;
      const accepted = arity.slice(0, 6).map((f) => `${f.target ? `${typeName(f.target)}.` : ''}(${f.arguments.map(typeName).join(', ')})`).join(', ');
      throw new Failure(`no overload of "${pretty}" takes ${signature}; it takes ${accepted}${arity.length > 6 ? ', ...' : ''}`, expr.id);
    }
    return join(matching.map((f) => f.result));
  }
}

export interface CheckResult {
  type: CelType;
  issue?: CheckIssue;
}

/** Infers the type of an expression with `variables` bound to `dyn`; the first problem found is returned. */
export function checkExpression(expr: Expr, funcs: FunctionTable, variables: readonly string[]): CheckResult {
  const scope = new Map<string, CelType>(variables.map((v) => [v, DYN]));
  try {
    return { type: new Checker(funcs, variables).infer(expr, scope) };
  } catch (error) {
    if (error instanceof Failure) return { type: DYN, issue: { message: error.message, exprId: error.exprId } };
    if (error instanceof RangeError) return { type: DYN, issue: { message: 'the expression is nested too deeply', exprId: expr.id } };
    throw error;
  }
}

export { DYN as DYN_TYPE, BOOL as BOOL_TYPE, STRING as STRING_TYPE };
