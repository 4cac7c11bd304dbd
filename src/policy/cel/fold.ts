/**
 * cel-go's OptOptimize, which Kubernetes turns on (interpreter/decorators.go decOptimize): list and map literals
 * of constants become constants, a type conversion of a constant is computed when the program is planned (an error
 * there fails the program), and `x in [constants]` becomes a set lookup that costs nothing of its own. Constants
 * cost nothing at runtime, so this changes the runtime cost as it does in the API server.
 */
import type { Expr } from './ast.js';
import type { Checked } from './checker.js';
import type { Overload } from './decls.js';
import { CelError, CelUint, isError, setLiteralEntry, type CelValue, type MapKey } from './values.js';

const CONVERSIONS = new Set(['bool', 'bytes', 'double', 'duration', 'dyn', 'int', 'string', 'timestamp', 'type', 'uint']);

export interface Folded {
  constants: Map<number, CelValue>;
  /** `in` calls turned into set lookups: no call cost. */
  setMemberships: Set<number>;
  /** A conversion of a constant that fails: cel-go fails to plan the program. */
  error?: { message: string; exprId: number };
}

export function fold(root: Expr, checked: Checked): Folded {
  const folded: Folded = { constants: new Map(), setMemberships: new Set() };
  const constant = (e: Expr): CelValue | undefined => (e.kind === 'literal' ? e.value : folded.constants.get(e.id));
  const visit = (e: Expr): void => {
    switch (e.kind) {
      case 'select':
        visit(e.operand);
        return;
      case 'struct':
        e.fields.forEach((f) => visit(f.value));
        return;
      case 'comprehension':
        [e.iterRange, e.accuInit, e.loopCondition, e.loopStep, e.result].forEach(visit);
        return;
      case 'list': {
        e.elements.forEach(visit);
        if (e.optionalIndices.length) return;
        const values = e.elements.map(constant);
        if (values.every((v) => v !== undefined)) folded.constants.set(e.id, values as CelValue[]);
        return;
      }
      case 'map': {
        e.entries.forEach((entry) => (visit(entry.key), visit(entry.value)));
        if (e.entries.some((entry) => entry.optional)) return;
        const out = new Map<MapKey, CelValue>();
        for (const entry of e.entries) {
          const k = constant(entry.key);
          const v = constant(entry.value);
          if (k === undefined || v === undefined || setLiteralEntry(out, k, v)) return;
        }
        folded.constants.set(e.id, out);
        return;
      }
      case 'call':
        break;
      default:
        return;
    }
    if (e.target) visit(e.target);
    e.args.forEach(visit);
    const ref = checked.refs.get(e.id);
    if (ref?.kind !== 'call') return;
    if (e.fn === '@in' && isConstantSet(constant(e.args[1] as Expr))) {
      folded.setMemberships.add(e.id);
      return;
    }
    if (!CONVERSIONS.has(e.fn) || e.target || e.args.length !== 1) return;
    const arg = constant(e.args[0] as Expr);
    if (arg === undefined) return;
    const overload = ref.overloads.find((o: Overload) => o.params.length === 1);
    if (!overload || ref.overloads.length !== 1) return;
    const value = overload.impl([arg]);
    if (isError(value)) folded.error ??= { message: (value as CelError).message, exprId: e.id };
    else folded.constants.set(e.id, value);
  };
  visit(root);
  return folded;
}

/** maybeOptimizeSetMembership: a constant list of strings, ints, uints, bools or doubles. */
function isConstantSet(value: CelValue | undefined): boolean {
  return Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'bigint' || typeof v === 'boolean' || typeof v === 'number' || v instanceof CelUint);
}
