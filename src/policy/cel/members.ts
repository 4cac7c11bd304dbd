/**
 * What can be called in the CEL of one Kubernetes version, for the editor: on a value of a type after a dot
 * (`CelEnvironment.memberCalls`: the member overloads of its functions whose receiver takes that type, and the
 * macros that range over it), and where a name is written (`CelEnvironment.globalCalls`: the global functions, by
 * their qualified names, and `has`); and a member call's forms on any receiver (`CelEnvironment.memberCallNamed`).
 */
import type { Overload } from './decls.js';
import type { Declarations } from './environment.js';
import type { MacroName } from './macros.js';
import { formatType, listOf, mapOf, optionalOf, param, type CelType } from './types.js';

export interface CelCall {
  name: string;
  /** How each form is called, as in the CEL docs: `string.startsWith(string) -> bool`. */
  signatures: string[];
  macro: boolean;
}

/** The macros called on a list or a map (`has` is not: it is global), and how each is written. */
const RANGE_MACROS: readonly { macro: MacroName; name: string; forms: readonly string[] }[] = [
  { macro: 'all', name: 'all', forms: ['all(x, predicate) -> bool'] },
  { macro: 'exists', name: 'exists', forms: ['exists(x, predicate) -> bool'] },
  { macro: 'exists_one', name: 'exists_one', forms: ['exists_one(x, predicate) -> bool'] },
  { macro: 'existsOne', name: 'existsOne', forms: ['existsOne(x, predicate) -> bool'] },
  { macro: 'map', name: 'map', forms: ['map(x, transform) -> list', 'map(x, predicate, transform) -> list'] },
  { macro: 'filter', name: 'filter', forms: ['filter(x, predicate) -> list'] },
  { macro: 'twoVarComprehensions', name: 'transformList', forms: ['transformList(i, v, transform) -> list', 'transformList(i, v, predicate, transform) -> list'] },
  { macro: 'twoVarComprehensions', name: 'transformMap', forms: ['transformMap(k, v, transform) -> map', 'transformMap(k, v, predicate, transform) -> map'] },
  { macro: 'twoVarComprehensions', name: 'transformMapEntry', forms: ['transformMapEntry(k, v, transform) -> map', 'transformMapEntry(k, v, predicate, transform) -> map'] },
];
/** The quantifiers of two variables (ext/comprehensions.go): another form of those of one, and existsOne before its own. */
const TWO_VARIABLE_FORMS: Readonly<Record<string, string>> = { all: 'all(i, v, predicate) -> bool', exists: 'exists(i, v, predicate) -> bool', existsOne: 'existsOne(i, v, predicate) -> bool', exists_one: 'exists_one(i, v, predicate) -> bool' };
const OPTIONAL_MACROS: readonly { macro: MacroName; forms: readonly string[] }[] = [
  { macro: 'optMap', forms: ['optMap(x, transform) -> optional_type'] },
  { macro: 'optFlatMap', forms: ['optFlatMap(x, transform) -> optional_type'] },
];

/** Whether a parameter of an overload takes a value of this type: its type parameters and dyn take any. */
function takes(param: CelType, arg: CelType): boolean {
  if (param.kind === 'param' || param.kind === 'dyn' || arg.kind === 'dyn') return true;
  if (param.kind !== arg.kind) return false;
  if (param.kind === 'list' && arg.kind === 'list') return takes(param.elem, arg.elem);
  if (param.kind === 'map' && arg.kind === 'map') return takes(param.key, arg.key) && takes(param.value, arg.value);
  if (param.kind === 'opaque' && arg.kind === 'opaque') return param.name === arg.name && param.params.every((p, i) => takes(p, arg.params[i] ?? p));
  if (param.kind === 'object' && arg.kind === 'object') return param.name === arg.name;
  return true;
}

function signature(overload: Overload, name: string): string {
  if (!overload.member) return `${name}(${overload.params.map(formatType).join(', ')}) -> ${formatType(overload.result)}`;
  const [receiver, ...params] = overload.params;
  return `${receiver ? formatType(receiver) : ''}.${name}(${params.map(formatType).join(', ')}) -> ${formatType(overload.result)}`;
}

/** Collects calls by name, each form once. */
class CallList {
  private readonly calls = new Map<string, CelCall>();

  add(name: string, forms: readonly string[], macro: boolean): void {
    const known = this.calls.get(name);
    if (known) known.signatures.push(...forms.filter((form) => !known.signatures.includes(form)));
    else this.calls.set(name, { name, signatures: [...forms], macro });
  }

  sorted(): CelCall[] {
    return [...this.calls.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
}

/** A name a user can write: the operators (`_+_`) and the parser's internal functions (`@in`) are not. */
const WRITABLE_NAME = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/;

/**
 * The functions and macros of these declarations that can be called on a value of `receiver`, by name. Nothing for
 * dyn: any call is allowed on it.
 */
export function memberCalls(declarations: Declarations, receiver: CelType): CelCall[] {
  if (receiver.kind === 'dyn') return [];
  const calls = new CallList();
  const add = calls.add.bind(calls);
  if (receiver.kind === 'list' || receiver.kind === 'map') {
    const range = formatType(receiver);
    for (const { macro, name, forms } of RANGE_MACROS) if (declarations.macros.has(macro)) add(name, forms.map((form) => `${range}.${form}`), true);
    if (declarations.macros.has('twoVarComprehensions')) {
      for (const [name, form] of Object.entries(TWO_VARIABLE_FORMS)) add(name, [`${range}.${form}`], true);
    }
    if (receiver.kind === 'list' && declarations.macros.has('sortBy')) add('sortBy', [`${range}.sortBy(x, key) -> ${range}`], true);
  }
  if (receiver.kind === 'opaque' && receiver.name === 'optional_type') {
    for (const { macro, forms } of OPTIONAL_MACROS) if (declarations.macros.has(macro)) add(macro, forms.map((form) => `${formatType(receiver)}.${form}`), true);
  }
  for (const decl of declarations.functions.values()) {
    if (!WRITABLE_NAME.test(decl.name) || decl.name.includes('.')) continue;
    for (const overload of decl.overloads) {
      const [first] = overload.params;
      // Kubernetes declares `includes` on dyn for lists (k8s.io/apiserver pkg/cel/library/lists.go): offered on lists.
      const fits = first?.kind === 'dyn' ? receiver.kind === 'list' : first !== undefined && takes(first, receiver);
      if (overload.member && fits) add(decl.name, [signature(overload, decl.name)], false);
    }
  }
  return calls.sorted();
}

/** The functions of these declarations called without a receiver (`size(x)`, `quantity(s)`, `optional.none()`), and `has`. */
export function globalCalls(declarations: Declarations): CelCall[] {
  const calls = new CallList();
  if (declarations.macros.has('has')) calls.add('has', ['has(x.field) -> bool'], true);
  for (const decl of declarations.functions.values()) {
    if (!WRITABLE_NAME.test(decl.name)) continue;
    for (const overload of decl.overloads) if (!overload.member) calls.add(decl.name, [signature(overload, decl.name)], false);
  }
  return calls.sorted();
}

/** What a macro can be called on: a list, a map, an optional value. */
const MACRO_RECEIVERS: readonly CelType[] = [listOf(param('A')), mapOf(param('K'), param('V')), optionalOf(param('V'))];

/**
 * The forms of the function or macro `name` called on a receiver whose type is not known (`'a'.startsWith(`, or a
 * value of dyn): its member overloads and its macros on whatever they take.
 */
export function memberCallNamed(declarations: Declarations, name: string): CelCall | undefined {
  const calls = new CallList();
  for (const receiver of MACRO_RECEIVERS) {
    for (const call of memberCalls(declarations, receiver)) if (call.macro && call.name === name) calls.add(name, call.signatures, true);
  }
  for (const overload of declarations.functions.get(name)?.overloads ?? []) if (overload.member) calls.add(name, [signature(overload, name)], false);
  return calls.sorted()[0];
}
