/**
 * Names and functions of an expression evaluated without type-checking, as cel-go's planner resolves a parse-only
 * expression (interpreter/planner.go planIdent, planSelect, resolveFunction; attributes.go maybeAttribute): a call
 * may be any overload of its function, the one chosen by the arguments' runtime types; `ns.fn(x)` is the function
 * `ns.fn` when one is declared; an identifier or a chain `a.b.c` whose root is no local variable names the most
 * qualified variable the activation has (`a.b.c`, else `a.b` then the field `c`, else `a` then `b` and `c`), or a
 * type name. Only the conformance suite's `disable_check` cases evaluate unchecked: Kubernetes checks every expression.
 */
import { qualifiedName, type Expr } from './ast.js';
import type { Checked, IdentDecl, QualifiedCandidate, Reference } from './checker.js';
import type { FunctionDecl } from './decls.js';

export interface ResolveEnv {
  lookupFunction(name: string): FunctionDecl | undefined;
  /** The type names (`int`, `google.protobuf.Timestamp`...): constants unless a variable has the name. */
  lookupType(name: string): IdentDecl | undefined;
}

export function resolveUnchecked(root: Expr, env: ResolveEnv): Checked {
  const refs = new Map<number, Reference>();
  const locals: string[][] = [];
  const isLocal = (name: string): boolean => locals.some((scope) => scope.includes(name));

  /** The candidates of a qualified name, most qualified first (a leading dot names a global: no local shadows it). */
  const candidates = (name: string): QualifiedCandidate[] | undefined => {
    const parts = (name.startsWith('.') ? name.slice(1) : name).split('.');
    if (!name.startsWith('.') && isLocal(parts[0] as string)) return undefined;
    return parts.map((_, i) => {
      const prefix = parts.slice(0, parts.length - i).join('.');
      const value = env.lookupType(prefix)?.value;
      return { name: prefix, fields: parts.slice(parts.length - i), ...(value !== undefined ? { value } : {}) };
    });
  };

  const visit = (e: Expr): void => {
    switch (e.kind) {
      case 'ident': {
        const found = candidates(e.name);
        if (found) refs.set(e.id, { kind: 'qualified', candidates: found });
        return;
      }
      case 'select': {
        const name = e.testOnly ? undefined : qualifiedName(e);
        const found = name === undefined ? undefined : candidates(name);
        if (found) refs.set(e.id, { kind: 'qualified', candidates: found });
        visit(e.operand);
        return;
      }
      case 'call':
        resolveCall(e);
        return;
      case 'list':
        e.elements.forEach(visit);
        return;
      case 'map':
        e.entries.forEach((entry) => (visit(entry.key), visit(entry.value)));
        return;
      case 'struct':
        e.fields.forEach((field) => visit(field.value));
        return;
      case 'comprehension':
        visit(e.iterRange);
        visit(e.accuInit);
        locals.push([e.accuVar, e.iterVar, ...(e.iterVar2 ? [e.iterVar2] : [])]);
        visit(e.loopCondition);
        visit(e.loopStep);
        locals.pop();
        locals.push([e.accuVar]);
        visit(e.result);
        locals.pop();
        return;
      default:
        return;
    }
  };

  const resolveCall = (e: Extract<Expr, { kind: 'call' }>): void => {
    e.args.forEach(visit);
    const prefix = e.target ? qualifiedName(e.target) : undefined;
    const qualified = prefix === undefined ? undefined : env.lookupFunction(`${prefix.startsWith('.') ? prefix.slice(1) : prefix}.${e.fn}`);
    if (qualified) {
      refs.set(e.id, { kind: 'call', overloads: qualified.overloads, global: true });
      return;
    }
    if (e.target) visit(e.target);
    const decl = env.lookupFunction(e.fn.startsWith('.') ? e.fn.slice(1) : e.fn);
    if (decl) refs.set(e.id, { kind: 'call', overloads: decl.overloads, global: false });
  };

  visit(root);
  return { types: new Map(), refs, issues: [] };
}
