/**
 * The type checker: a port of cel-go's checker/checker.go. It gives every node a type and every call its candidate
 * overloads, resolving qualified names (`net.IP`, `sets.contains(...)`, `optional.none()`) as cel-go does, and
 * collects cel-go's error messages ("found no matching overload for '_+_' applied to '(string, int)'",
 * "undeclared reference to 'x' (in container '')", "undefined field 'x'"...).
 */
import { qualifiedName, type Comprehension, type Expr } from './ast.js';
import { isAssignable as assignable, isAssignableList, Mapping, mostGeneral, substitute } from './assign.js';
import { typeParamsOf, type FunctionDecl, type Overload } from './decls.js';
import { BOOL, DYN, ERROR, formatType, INT, listOf, mapOf, optionalOf, param, type CelType } from './types.js';
import { typeOfValue, type CelValue } from './values.js';

export interface IdentDecl {
  type: CelType;
  /** The value of a constant identifier (a type name such as `int` or `net.IP`). */
  value?: CelValue;
}

export interface CheckEnv {
  lookupFunction(name: string): FunctionDecl | undefined;
  lookupIdent(name: string): IdentDecl | undefined;
  /** cel.HomogeneousAggregateLiterals: a list or map literal of mixed types is an error, not a list(dyn). */
  homogeneousLiterals: boolean;
}

/** A variable an unchecked expression may name (resolve.ts): its name, the fields after it, a type name's value. */
export interface QualifiedCandidate {
  name: string;
  fields: string[];
  value?: CelValue;
}

export type Reference =
  /** A variable or a type name; `root` when written with a leading dot, which no local variable shadows. */
  | { kind: 'ident'; name: string; value?: CelValue; root?: boolean }
  /** In an unchecked expression: the variables an identifier or a chain of fields may name, most qualified first. */
  | { kind: 'qualified'; candidates: QualifiedCandidate[] }
  /** A call: its candidate overloads; `global` when a method-looking call named a qualified function. */
  | { kind: 'call'; overloads: Overload[]; global: boolean }
  | { kind: 'optionalSelect' };

export interface CheckIssue {
  message: string;
  exprId: number;
  /** For an undefined field: the fields the object has, for a did-you-mean. */
  fields?: readonly string[];
}

export interface Checked {
  types: Map<number, CelType>;
  refs: Map<number, Reference>;
  issues: CheckIssue[];
}


function isOptional(t: CelType): t is { kind: 'opaque'; name: string; params: CelType[] } {
  return t.kind === 'opaque' && t.name === 'optional_type';
}

function unwrapOptional(t: CelType): [CelType, boolean] {
  return isOptional(t) ? [t.params[0] ?? DYN, true] : [t, false];
}

function formatSignature(args: readonly CelType[], isInstance: boolean): string {
  const formatted = args.map(formatType);
  if (isInstance) return `${formatted[0] ?? ''}.(${formatted.slice(1).join(', ')})`;
  return `(${formatted.join(', ')})`;
}

export function check(root: Expr, env: CheckEnv): Checked {
  return new Checker(env).run(root);
}

/** The expression of one kind. */
type ExprOf<Kind extends Expr['kind']> = Extract<Expr, { kind: Kind }>;

class Checker {
  private mapping = new Mapping();
  private freeTypeVars = 0;
  private readonly types = new Map<number, CelType>();
  private readonly refs = new Map<number, Reference>();
  private readonly issues: CheckIssue[] = [];
  private readonly scopes: Map<string, CelType>[] = [];

  constructor(private readonly env: CheckEnv) {}

  run(root: Expr): Checked {
    this.check(root);
    for (const [id, t] of this.types) this.types.set(id, substitute(this.mapping, t, true));
    return { types: this.types, refs: this.refs, issues: this.issues };
  }

  private error(exprId: number, message: string, fields?: Iterable<string>): void {
    this.issues.push({ message, exprId, ...(fields ? { fields: [...fields] } : {}) });
  }

  private typeOf(e: Expr): CelType {
    return this.types.get(e.id) ?? ERROR;
  }

  private setType(e: Expr, t: CelType): void {
    this.types.set(e.id, t);
  }

  private newTypeVar(): CelType {
    return param(`_var${this.freeTypeVars++}`);
  }

  private isAssignable(t1: CelType, t2: CelType): boolean {
    const next = assignable(this.mapping, t1, t2);
    if (next) this.mapping = next;
    return next !== undefined;
  }

  private resolveIdent(name: string): IdentDecl | undefined {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const local = this.scopes[i]?.get(name);
      if (local) return { type: local };
    }
    return this.env.lookupIdent(name.startsWith('.') ? name.slice(1) : name);
  }

  /** The check of each kind of expression. */
  private readonly checks: { [Kind in Expr['kind']]: (e: ExprOf<Kind>) => void } = {
    literal: (e) => this.setType(e, typeOfValue(e.value)),
    ident: (e) => this.checkIdent(e),
    select: (e) => this.checkSelect(e),
    call: (e) => this.checkCall(e),
    list: (e) => this.checkList(e),
    map: (e) => this.checkMap(e),
    struct: (e) => this.checkStruct(e),
    comprehension: (e) => this.checkComprehension(e),
  };

  private check(e: Expr): void {
    // The table pairs each kind with its check; TypeScript cannot follow that pairing through a lookup.
    (this.checks[e.kind] as (e: Expr) => void)(e);
  }

  private checkIdent(e: ExprOf<'ident'>): void {
    const ident = this.resolveIdent(e.name);
    if (ident) {
      this.setType(e, ident.type);
      this.setIdentRef(e, e.name, ident);
      return;
    }
    this.setType(e, ERROR);
    this.error(e.id, `undeclared reference to '${e.name}' (in container '')`);
  }

  private checkStruct(e: ExprOf<'struct'>): void {
    for (const field of e.fields) this.check(field.value);
    this.setType(e, ERROR);
    this.error(e.id, `undeclared reference to '${e.typeName}' (in container '')`);
  }

  /** The reference of a name; one written with a leading dot names a global (`.y`), which no local shadows. */
  private setIdentRef(e: Expr, name: string, ident: IdentDecl): void {
    const root = name.startsWith('.');
    this.refs.set(e.id, { kind: 'ident', name: root ? name.slice(1) : name, ...(ident.value !== undefined ? { value: ident.value } : {}), ...(root ? { root } : {}) });
  }

  private checkSelect(e: ExprOf<'select'>): void {
    if (!e.testOnly) {
      const name = qualifiedName(e);
      const first = name?.split('.')[0];
      // A local variable shadows any qualified name it starts, unless the name starts with a dot.
      if (name !== undefined && first !== undefined && (first === '' || !this.scopes.some((s) => s.has(first)))) {
        const ident = this.env.lookupIdent(first === '' ? name.slice(1) : name);
        if (ident) {
          this.setType(e, ident.type);
          this.setIdentRef(e, name, ident);
          return;
        }
      }
    }
    let result = this.checkSelectField(e, e.operand, e.field, false);
    if (e.testOnly) result = BOOL;
    this.setType(e, substitute(this.mapping, result, false));
  }

  private checkSelectField(e: Expr, operand: Expr, field: string, optional: boolean): CelType {
    this.check(operand);
    const operandType = substitute(this.mapping, this.typeOf(operand), false);
    const [target, isOpt] = unwrapOptional(operandType);
    let result: CelType = ERROR;
    switch (target.kind) {
      case 'map':
        result = target.value;
        break;
      case 'object': {
        const fieldType = target.fields?.get(field);
        if (fieldType) result = fieldType;
        else this.error(e.id, `undefined field '${field}'`, target.fields?.keys());
        break;
      }
      case 'param':
        this.isAssignable(DYN, target);
        result = DYN;
        break;
      default:
        if (target.kind !== 'dyn' && target.kind !== 'error') this.error(e.id, `type '${formatType(target)}' does not support field selection`);
        result = DYN;
    }
    return isOpt || optional ? optionalOf(result) : result;
  }

  private checkCall(e: ExprOf<'call'>): void {
    if (e.fn === '_?._') {
      const [operand, field] = e.args;
      if (e.target || !operand || !field || e.args.length !== 2) {
        this.error(e.id, `unsupported optional field selection: incorrect signature.${e.target ? ' member call with' : ''} argument count: ${e.args.length}`);
        return;
      }
      if (field.kind !== 'literal' || typeof field.value !== 'string') {
        this.error(field.id, 'unsupported optional field selection');
        return;
      }
      const result = this.checkSelectField(e, operand, field.value, true);
      this.setType(e, substitute(this.mapping, result, false));
      this.refs.set(e.id, { kind: 'optionalSelect' });
      return;
    }
    for (const arg of e.args) this.check(arg);
    if (!e.target) {
      const decl = this.env.lookupFunction(e.fn);
      if (!decl) {
        this.error(e.id, `undeclared reference to '${e.fn}' (in container '')`);
        this.setType(e, ERROR);
        return;
      }
      this.resolve(e, decl, undefined, false);
      return;
    }
    const prefix = qualifiedName(e.target);
    if (prefix !== undefined) {
      const decl = this.env.lookupFunction(`${prefix}.${e.fn}`);
      if (decl) {
        this.resolve(e, decl, undefined, true);
        return;
      }
    }
    this.check(e.target);
    const decl = this.env.lookupFunction(e.fn);
    if (decl) {
      this.resolve(e, decl, e.target, false);
      return;
    }
    this.setType(e, ERROR);
    this.error(e.id, `undeclared reference to '${e.fn}' (in container '')`);
  }

  private resolve(e: ExprOf<'call'>, decl: FunctionDecl, target: Expr | undefined, global: boolean): void {
    const argTypes = [...(target ? [this.typeOf(target)] : []), ...e.args.map((a) => this.typeOf(a))];
    let result: CelType | undefined;
    const matched: Overload[] = [];
    for (const overload of decl.overloads) {
      if (overload.member !== (target !== undefined)) continue;
      if (decl.name === '_&&_' || decl.name === '_||_') {
        let failed = false;
        argTypes.forEach((argType, i) => {
          if (!this.isAssignable(argType, BOOL)) {
            this.error((e.args[i] as Expr).id, `expected type '${formatType(BOOL)}' but found '${formatType(argType)}'`);
            failed = true;
          }
        });
        if (failed) {
          this.setType(e, ERROR);
          return;
        }
        this.setType(e, BOOL);
        this.refs.set(e.id, { kind: 'call', overloads: [overload], global });
        return;
      }
      let params = overload.params;
      let overloadResult = overload.result;
      const typeParams = typeParamsOf(overload);
      if (typeParams.length) {
        const fresh = new Mapping();
        for (const name of typeParams) fresh.add(param(name), this.newTypeVar());
        params = params.map((p) => substitute(fresh, p, false));
        overloadResult = substitute(fresh, overloadResult, false);
      }
      const next = isAssignableList(this.mapping, argTypes, params);
      if (!next) continue;
      this.mapping = next;
      matched.push(overload);
      const fnResult = substitute(this.mapping, overloadResult, false);
      if (result === undefined) result = fnResult;
      else if (result.kind !== 'dyn' && formatType(fnResult) !== formatType(result)) result = DYN;
    }
    if (result === undefined) {
      const shown = argTypes.map((t) => substitute(this.mapping, t, true));
      this.error(e.id, `found no matching overload for '${decl.name}' applied to '${formatSignature(shown, target !== undefined)}'`);
      this.setType(e, ERROR);
      return;
    }
    this.setType(e, result);
    this.refs.set(e.id, { kind: 'call', overloads: matched, global });
  }

  private joinTypes(e: Expr, previous: CelType | undefined, current: CelType): CelType {
    if (previous === undefined) return current;
    if (this.isAssignable(previous, current)) return mostGeneral(previous, current);
    if (!this.env.homogeneousLiterals) return DYN;
    this.error(e.id, `expected type '${formatType(previous)}' but found '${formatType(current)}'`);
    return ERROR;
  }

  private optionalElement(e: Expr, t: CelType): CelType {
    const [inner, isOpt] = unwrapOptional(t);
    if (!isOpt && inner.kind !== 'dyn') this.error(e.id, `expected type '${formatType(optionalOf(inner))}' but found '${formatType(inner)}'`);
    return inner;
  }

  private checkList(e: ExprOf<'list'>): void {
    let elems: CelType | undefined;
    e.elements.forEach((element, i) => {
      this.check(element);
      let t = this.typeOf(element);
      if (e.optionalIndices.includes(i)) t = this.optionalElement(element, t);
      elems = this.joinTypes(element, elems, t);
    });
    this.setType(e, listOf(elems ?? this.newTypeVar()));
  }

  private checkMap(e: ExprOf<'map'>): void {
    let keys: CelType | undefined;
    let values: CelType | undefined;
    for (const entry of e.entries) {
      this.check(entry.key);
      keys = this.joinTypes(entry.key, keys, this.typeOf(entry.key));
      this.check(entry.value);
      let t = this.typeOf(entry.value);
      if (entry.optional) t = this.optionalElement(entry.value, t);
      values = this.joinTypes(entry.value, values, t);
    }
    if (keys === undefined || values === undefined) this.setType(e, mapOf(this.newTypeVar(), this.newTypeVar()));
    else this.setType(e, mapOf(keys, values));
  }

  private checkComprehension(e: Comprehension): void {
    this.check(e.iterRange);
    this.check(e.accuInit);
    const rangeType = substitute(this.mapping, this.typeOf(e.iterRange), false);
    const accuType = this.typeOf(e.accuInit);
    this.scopes.push(new Map([[e.accuVar, accuType]]));
    let varType: CelType;
    let var2Type: CelType = DYN;
    switch (rangeType.kind) {
      case 'list':
        varType = e.iterVar2 ? INT : rangeType.elem;
        var2Type = rangeType.elem;
        break;
      case 'map':
        varType = rangeType.key;
        var2Type = rangeType.value;
        break;
      case 'dyn':
      case 'error':
      case 'param':
        this.isAssignable(DYN, rangeType);
        varType = DYN;
        break;
      default:
        this.error(e.iterRange.id, `expression of type '${formatType(rangeType)}' cannot be range of a comprehension (must be list, map, or dynamic)`);
        varType = ERROR;
        var2Type = ERROR;
    }
    const loop = new Map<string, CelType>([[e.iterVar, varType]]);
    if (e.iterVar2) loop.set(e.iterVar2, var2Type);
    this.scopes.push(loop);
    this.check(e.loopCondition);
    this.assertType(e.loopCondition, BOOL);
    this.check(e.loopStep);
    this.assertType(e.loopStep, accuType);
    this.scopes.pop();
    this.check(e.result);
    this.scopes.pop();
    this.setType(e, substitute(this.mapping, this.typeOf(e.result), false));
  }

  private assertType(e: Expr, t: CelType): void {
    const actual = this.typeOf(e);
    if (!this.isAssignable(t, actual)) this.error(e.id, `expected type '${formatType(t)}' but found '${formatType(actual)}'`);
  }
}

