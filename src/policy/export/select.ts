/**
 * A `given` path (src/policy/path.ts) as CEL over the admission request's object: a quantifier over the nodes the
 * path selects, with the guards that make a missing key, an index out of range or a wildcard over a scalar select
 * nothing, as `expandPath` does, instead of failing the evaluation (which the API server, under failurePolicy Fail,
 * would take for a denial).
 *
 * `[*]` over a list is `list.all(...)`, over a map `map.all(k, [map[k]].all(...))` (the values, as platlint selects
 * them). The shape the User's schema gives is written first and typed by it; the other shape, which the API server
 * never lets through, follows as dyn, so that the policy decides as platlint on any document.
 */
import { DYN, type CelType } from '../cel/index.js';
import type { PathStep } from '../path.js';
import { allOf, anyOf, field, hasField, not } from './cel-text.js';

/** A value in the generated CEL: its text and the type the User's schema gives it. */
export interface Node {
  expr: string;
  type: CelType;
  /** Known to be a map (the request's object): no type guard before its keys. */
  isMap?: boolean;
}

/** The previous version's value at the same concrete path, and the conditions under which it exists. */
export interface OldNode {
  expr: string;
  present: string[];
  isMap?: boolean;
}

/** What a quantifier checks at each selected node (and the old value there, when the rule reads `oldSelf`). */
export type Leaf = (node: Node, old: OldNode | undefined) => string;

export interface QuantifierOptions {
  /**
   * What a path that selects nothing means: `vacuous` (a rule's `given`, `forbidden`: nothing to check) or
   * `violation` (a `required` field's parent, written without wildcards: it must be there).
   */
  missing: 'vacuous' | 'violation';
  /** Track the previous version's value at each node, for `oldSelf`. */
  old?: OldNode;
}

/** The type of a key of a value of this type: a declared field, a map's values, or dyn. */
function fieldType(type: CelType, key: string): CelType {
  if (type.kind === 'object') return type.fields?.get(key) ?? DYN;
  if (type.kind === 'map') return type.value;
  return DYN;
}

function elementType(type: CelType): CelType {
  if (type.kind === 'list') return type.elem;
  if (type.kind === 'map') return type.value;
  return DYN;
}

/** Fresh names for the variables of nested comprehensions. */
export class Variables {
  private count = 0;
  fresh(prefix: string): string {
    return `${prefix}${this.count++}`;
  }
}

export class PathQuantifier {
  constructor(private readonly variables: Variables = new Variables()) {}

  /** True when every node `steps` selects under `root` satisfies `leaf`. */
  every(root: Node, steps: readonly PathStep[], leaf: Leaf, options: QuantifierOptions): string {
    return this.step(root, options.old, steps, 0, leaf, options.missing, false);
  }

  /**
   * The text `message` gives for the first node `steps` selects where `leaf` fails, for a messageExpression: it is
   * evaluated only after the validation failed, so some node fails.
   */
  firstFailing(root: Node, steps: readonly PathStep[], leaf: Leaf, message: Leaf, options: QuantifierOptions): string {
    return this.describe(root, options.old, steps, 0, leaf, message, options.missing);
  }

  private step(node: Node, old: OldNode | undefined, steps: readonly PathStep[], at: number, leaf: Leaf, missing: QuantifierOptions['missing'], inside: boolean): string {
    const step = steps[at];
    if (!step) return leaf(node, old);
    const next = (child: Node, childOld: OldNode | undefined): string => this.step(child, childOld, steps, at + 1, leaf, missing, inside);
    // Each guard, as it holds and as it fails: `type(x) == map && has(x.k)`, `type(x) != map || !has(x.k)`.
    const guarded = (holds: string[], fails: string[], body: string): string =>
      missing === 'violation' && !inside ? allOf([...holds, body]) : anyOf([...fails, body]);
    if (step.kind === 'key') {
      const body = next({ expr: field(node.expr, step.key), type: fieldType(node.type, step.key) }, old && oldKey(old, step.key));
      const isMap = node.isMap ? [] : [`type(${node.expr}) == map`];
      const notMap = node.isMap ? [] : [`type(${node.expr}) != map`];
      return guarded([...isMap, hasField(node.expr, step.key)], [...notMap, not(hasField(node.expr, step.key))], body);
    }
    if (step.kind === 'index') {
      const body = next({ expr: `${node.expr}[${step.index}]`, type: elementType(node.type) }, old && oldAt(old, String(step.index), 'list'));
      return guarded([`type(${node.expr}) == list`, `size(${node.expr}) > ${step.index}`], [`type(${node.expr}) != list`, `size(${node.expr}) <= ${step.index}`], body);
    }
    // Below a wildcard, a path that selects nothing is nothing to check, whatever the caller asked for the rest.
    const deeper: Leaf = (child, childOld) => this.step(child, childOld, steps, at + 1, leaf, missing, true);
    return this.overValues(node, old, steps.length === at + 1, deeper, 'all');
  }

  private describe(node: Node, old: OldNode | undefined, steps: readonly PathStep[], at: number, leaf: Leaf, message: Leaf, missing: QuantifierOptions['missing']): string {
    const step = steps[at];
    if (!step) return message(node, old);
    if (step.kind === 'key') return this.describe({ expr: field(node.expr, step.key), type: fieldType(node.type, step.key) }, old && oldKey(old, step.key), steps, at + 1, leaf, message, missing);
    if (step.kind === 'index') return this.describe({ expr: `${node.expr}[${step.index}]`, type: elementType(node.type) }, old && oldAt(old, String(step.index), 'list'), steps, at + 1, leaf, message, missing);
    // The first value under the wildcard that fails, then its message.
    const failing: Leaf = (child, childOld) => not(this.step(child, childOld, steps, at + 1, leaf, missing, true));
    const describeChild: Leaf = (child, childOld) => this.describe(child, childOld, steps, at + 1, leaf, message, missing);
    return this.overValues(node, old, steps.length === at + 1, failing, 'first', describeChild);
  }

  /**
   * A comprehension over the values a wildcard selects: `all` of them satisfy `body`, or (`first`) the text
   * `describe` gives for the first one `body` holds for. The values of a list are its items, of a map its values;
   * with the old version tracked, a list's index is bound too (the two-variable macros of Kubernetes 1.32).
   */
  private overValues(node: Node, old: OldNode | undefined, last: boolean, body: Leaf, mode: 'all' | 'first', describe?: Leaf): string {
    const { type, expr } = node;
    const value = last ? 'self' : this.variables.fresh('v');
    const child: Node = { expr: value, type: elementType(type) };
    const listBranch = (on: string): string => {
      if (!old) {
        if (mode === 'all') return `${on}.all(${value}, ${body(child, undefined)})`;
        return `[${on}.filter(${value}, ${body(child, undefined)})[0]].map(${value}, ${describe?.(child, undefined)})[0]`;
      }
      const index = this.variables.fresh('i');
      const childOld = oldAt(old, index, 'list');
      if (mode === 'all') return `${on}.all(${index}, ${value}, ${body(child, childOld)})`;
      const first = `${on}.transformList(${index}, ${value}, ${body(child, childOld)}, ${index})[0]`;
      return `[${first}].map(${index}, [${on}[${index}]].map(${value}, ${describe?.(child, childOld)})[0])[0]`;
    };
    const mapBranch = (on: string): string => {
      const key = this.variables.fresh('k');
      const childOld = old && oldAt(old, key, 'map');
      // [m[k]].all(v, ...) binds v to the value: the one-variable macros iterate a map's keys.
      const holds = `[${on}[${key}]].all(${value}, ${body(child, childOld)})`;
      if (mode === 'all') return `${on}.all(${key}, ${holds})`;
      return `[${on}.filter(${key}, ${holds})[0]].map(${key}, [${on}[${key}]].map(${value}, ${describe?.(child, childOld)})[0])[0]`;
    };
    // The shape the schema gives comes first, typed; the other, which only a document the API server would refuse
    // can have, as dyn: platlint's [*] walks a list's items and a map's values whatever the schema says.
    const typed = (shape: 'list' | 'map'): string => (shape === 'list' ? listBranch(expr) : mapBranch(expr));
    const untyped = (shape: 'list' | 'map'): string => (shape === 'list' ? listBranch(`dyn(${expr})`) : mapBranch(`dyn(${expr})`));
    const branches: { shape: 'list' | 'map'; text: string }[] =
      type.kind === 'list'
        ? [{ shape: 'list', text: typed('list') }, { shape: 'map', text: untyped('map') }]
        : type.kind === 'map'
          ? [{ shape: 'map', text: typed('map') }, { shape: 'list', text: untyped('list') }]
          : type.kind === 'object'
            ? [{ shape: 'map', text: untyped('map') }, { shape: 'list', text: untyped('list') }]
            : [{ shape: 'list', text: typed('list') }, { shape: 'map', text: typed('map') }];
    // A scalar under a wildcard selects nothing.
    return `(${branches.map((b) => `type(${expr}) == ${b.shape} ? ${b.text} : `).join('')}${mode === 'all' ? 'true' : "''"})`;
  }
}

function oldKey(old: OldNode, key: string): OldNode {
  return { expr: field(old.expr, key), present: [...old.present, ...(old.isMap ? [] : [`type(${old.expr}) == map`]), hasField(old.expr, key)] };
}

/** The old value at an index or key: a literal index, or the variable of a comprehension. */
function oldAt(old: OldNode, index: string, shape: 'list' | 'map'): OldNode {
  const guards = shape === 'list' ? [`type(${old.expr}) == list`, `size(${old.expr}) > ${index}`] : [`type(${old.expr}) == map`, `${index} in ${old.expr}`];
  return { expr: `${old.expr}[${index}]`, present: [...old.present, ...guards] };
}
