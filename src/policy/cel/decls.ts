/**
 * Function declarations, as cel-go's decls package has them: a function is a name and overloads; an overload has
 * cel-go's overload id (the cost model keys on it), whether it is a method (the receiver is its first parameter), its
 * parameter and result types (type parameters are `param` types) and its implementation.
 */
import type { CelType } from './types.js';
import type { CelValue, Result } from './values.js';

export interface Overload {
  id: string;
  member: boolean;
  params: readonly CelType[];
  result: CelType;
  /** Called with the evaluated arguments (the receiver first); errors in the arguments never reach it. */
  impl: (args: readonly CelValue[]) => Result;
  /** false: called with any arguments of the right count (cel-go's decls.DisableTypeGuards), the impl checks them. */
  typeGuards?: false;
}

export interface FunctionDecl {
  name: string;
  overloads: Overload[];
}

export function fn(name: string, ...overloads: Overload[]): FunctionDecl {
  return { name, overloads };
}

export function global(id: string, params: readonly CelType[], result: CelType, impl: Overload['impl']): Overload {
  return { id, member: false, params, result, impl };
}

export function member(id: string, params: readonly CelType[], result: CelType, impl: Overload['impl']): Overload {
  return { id, member: true, params, result, impl };
}

/** The overloads with their runtime type guards off (decls.DisableTypeGuards(true)). */
export function unguarded(...overloads: Overload[]): Overload[] {
  return overloads.map((o) => ({ ...o, typeGuards: false }));
}

/** The type parameters an overload's signature names. */
export function typeParamsOf(overload: Overload): string[] {
  const names = new Set<string>();
  const visit = (type: CelType): void => {
    if (type.kind === 'param') names.add(type.name);
    else if (type.kind === 'list') visit(type.elem);
    else if (type.kind === 'map') {
      visit(type.key);
      visit(type.value);
    } else if (type.kind === 'opaque') type.params.forEach(visit);
    else if (type.kind === 'type' && type.param) visit(type.param);
  };
  overload.params.forEach(visit);
  visit(overload.result);
  return [...names];
}
