/**
 * Where the cursor is in a platlint policy file, for completion and hover: the rule and its kind, the scalar under
 * the cursor (an `expression`, a `given` path...) and the text of it before the cursor, and in CEL the variables in
 * scope there with the fields they select, as the rule compiler types them (src/policy/compile-rule.ts); the same
 * for a ValidatingAdmissionPolicy comes from vap-context.ts. The file is parsed: a policy file is small, and the
 * expression being typed is a scalar whatever it holds.
 */
import { isMap, isScalar, isSeq, Scalar, type Document } from 'yaml';
import type { ResourceKind } from '../engine/types.js';
import { parseYaml, PLAIN_YAML_OPTIONS } from '../yaml/parse.js';
import { parsePath, type PathStep as PolicyStep } from '../policy/path.js';
import { CelEnvironment, DYN, KUBERNETES_VERSIONS, type CelType } from '../policy/cel/index.js';
import { commonType, ruleKind, typeAtPath } from '../policy/schema-types.js';
import type { PathStep } from './cursor.js';
import { fieldAt } from './fields.js';

/** The fields of a rule that hold CEL. */
export const CEL_FIELDS = new Set(['expression', 'messageExpression']);
/** Macros whose first argument is a variable bound to each item of what they are called on. */
const MACROS = new Set(['all', 'exists', 'exists_one', 'existsOne', 'map', 'filter']);
/** The variable of a macro call, after its parenthesis. */
const MACRO_VARIABLE = /\s*([A-Za-z_]\w*)\s*,/y;

export type Step = { key: string } | { any: true };

/**
 * A variable of a rule's CEL and what it is: where it is in the kind's schema (`path`, with the schema's
 * descriptions), or its CEL type for what no schema of the platform describes (an admission request); neither where
 * nothing is known of it.
 */
export interface Variable {
  path?: PathStep[] | undefined;
  type?: CelType;
  description: string;
}

/** The scalar of a rule under the cursor: of a platlint policy, or of a ValidatingAdmissionPolicy (vap-context.ts). */
export interface RuleScalar {
  /** The kind the rule's objects are, when one (a policy rule on one kind, an admission policy on its resource). */
  kind: ResourceKind | undefined;
  /** The variables of its CEL (without those of the macros in it). */
  variables: ReadonlyMap<string, Variable>;
  /** Where in the rule the scalar is, its keys joined by dots: `expression`, `given`, `assertions.required`... */
  field: string;
  /** The scalar's text as written in the file, from its start (quote or block header included) to the cursor. */
  before: string;
  /** How the scalar is written (plain, quoted, block). */
  style: Scalar['type'];
}

/** The scalar of a document that holds the offset, and its path. */
export function scalarAt(node: unknown, offset: number, path: (string | number)[] = []): { node: Scalar; path: (string | number)[] } | undefined {
  if (isScalar(node)) return node.range && node.range[0] <= offset && offset <= node.range[1] ? { node, path } : undefined;
  if (isMap(node)) {
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
      if (key === undefined) continue;
      const found = scalarAt(pair.value, offset, [...path, key]);
      if (found) return found;
    }
  } else if (isSeq(node)) {
    for (const [i, item] of node.items.entries()) {
      const found = scalarAt(item, offset, [...path, i]);
      if (found) return found;
    }
  }
  return undefined;
}

/** The lists of field paths in a rule: `given`'s from the document, an assertion's from what `given` selects. */
const PATH_LISTS: readonly (readonly string[])[] = [['given'], ['assertions', 'required'], ['assertions', 'forbidden'], ['assertions', 'exactlyOneOf']];

/** A flow list of paths with the cursor between its items, where no scalar is yet: `[spec.access[*], |]`. */
function emptyPathItem(document: Document.Parsed, offset: number): { index: number; path: readonly string[] } | undefined {
  const rules = document.getIn(['spec', 'rules']);
  if (!isSeq(rules)) return undefined;
  for (const [index, rule] of rules.items.entries()) {
    if (!isMap(rule)) continue;
    for (const path of PATH_LISTS) {
      const list = rule.getIn(path, true);
      if (isSeq(list) && list.flow && list.range && list.range[0] < offset && offset < list.range[1]) return { index, path };
    }
  }
  return undefined;
}

/** What a node (or a document) holds as JSON; undefined where YAML cannot say (an alias of no anchor, text being typed). */
export function jsonOf(node: unknown): unknown {
  try {
    return (node as { toJSON?: () => unknown } | undefined)?.toJSON?.();
  } catch {
    return undefined;
  }
}

/**
 * The document of a file's text that holds `offset`, read as platlint reads its own files: with the nesting guard
 * (none for a file nested too deep) and no warnings on the process's stderr.
 */
export function documentAt(text: string, offset: number): Document.Parsed | undefined {
  return parseYaml(text, PLAIN_YAML_OPTIONS).documents.find((d) => d.range[0] <= offset && offset <= d.range[2]);
}

/** The rule scalar at `offset` of a policy file's text, on a rule of one kind (`match.kinds: [User]`). */
export function ruleScalarAt(document: Document.Parsed, text: string, offset: number): RuleScalar | undefined {
  if (document.get('apiVersion') !== 'platlint/v1' || document.get('kind') !== 'Policy') return undefined;
  const at = scalarAt(document.contents, offset);
  const [spec, rules, found, ...inside] = at?.path ?? [];
  const inRule = at?.node.range && spec === 'spec' && rules === 'rules' && typeof found === 'number' && typeof inside[0] === 'string';
  const empty = inRule ? undefined : emptyPathItem(document, offset);
  const index = inRule ? found : empty?.index;
  if (index === undefined) return undefined;
  const rule = jsonOf(document.getIn(['spec', 'rules', index])) as Record<string, unknown> | undefined;
  const kind = ruleKind((rule?.['match'] as { kinds?: unknown } | undefined)?.kinds);
  if (!kind) return undefined;
  const variables = ruleVariables(kind, rule?.['given']);
  if (!inRule || !at?.node.range) return { kind, variables, field: empty?.path.join('.') ?? 'given', before: '', style: Scalar.PLAIN };
  const field = inside.filter((step) => typeof step === 'string').join('.');
  return { kind, variables, field, before: text.slice(at.node.range[0], offset), style: at.node.type ?? Scalar.PLAIN };
}

export const isWord = (ch: string | undefined): boolean => ch !== undefined && /\w/.test(ch);

/** The chain of selections (`self.access[0]`, `r.?name`, `m[?'k']`) that ends at `end` of the text, read backwards. */
export function chainBefore(text: string, end: number): string | undefined {
  let start = end;
  for (;;) {
    if (text[start - 1] === ']') {
      const open = text.lastIndexOf('[', start - 1);
      if (open < 0 || text.slice(open + 1, start - 1).includes(']')) return undefined;
      start = open;
      continue;
    }
    let word = start;
    while (isWord(text[word - 1])) word--;
    if (word === start || !/[A-Za-z_]/.test(text[word] ?? '')) return undefined;
    start = word;
    // `.name`, or CEL's optional selection `.?name`.
    const dot = text[start - 1] === '?' ? start - 2 : start - 1;
    if (text[dot] !== '.') break;
    start = dot;
  }
  return text.slice(start, end);
}

/** `.name` selects a field; `[...]` an item of a list or a value of a map, whichever the schema has there. */
export function chainSteps(chain: string): { root: string; steps: Step[] } {
  const root = /^[A-Za-z_]\w*/.exec(chain)?.[0] ?? '';
  const steps: Step[] = [];
  for (const [, key, index] of chain.slice(root.length).matchAll(/\.\??([A-Za-z_]\w*)|(\[[^\][]*\])/g)) steps.push(index ? { any: true } : { key: key ?? '' });
  return { root, steps };
}

/** The schema path a chain reaches from a path of the kind, or undefined where the schema does not follow it. */
export function follow(kind: ResourceKind, from: readonly PathStep[], steps: readonly Step[]): PathStep[] | undefined {
  const path = [...from];
  for (const step of steps) {
    const here = fieldAt(kind, path);
    if (!here) return undefined;
    // An array's items are one schema (index 0); a map's values are its additionalProperties, under any key.
    path.push('key' in step ? step.key : here.schema.type === 'array' ? 0 : '*');
    if (!fieldAt(kind, path)) return undefined;
  }
  return path;
}

export function fromPolicySteps(steps: readonly PolicyStep[]): Step[] {
  return steps.map((s) => (s.kind === 'key' ? { key: s.key } : { any: true }));
}

/**
 * What `self` is: the node `given` selects, or the document. With several paths, as the rule compiler types it: the
 * first one's when they all select values of one type (`spec.access[0]`, `spec.access[1]`), else nothing known.
 */
function selfPath(kind: ResourceKind, given: unknown): PathStep[] | undefined {
  if (given === undefined) return [];
  const paths = Array.isArray(given) ? given : [given];
  const parsed = paths.map((path) => (typeof path === 'string' ? parsePath(path) : undefined));
  const [first, ...rest] = parsed;
  if (!first?.ok) return undefined;
  if (rest.length > 0) {
    const types = parsed.map((path) => (path?.ok ? typeAtPath(kind, path.steps) : undefined));
    if (!types.every((type) => type?.ok) || commonType(types.map((type) => (type?.ok ? type.type : DYN))).kind === 'dyn') return undefined;
  }
  return follow(kind, [], fromPolicySteps(first.steps));
}

/** The macro calls whose parenthesis is still open at the end of the text, outermost first: `self.access.all(a, `. */
function openMacroCalls(text: string): { over: string; variable: string; macro: string }[] {
  // One pass, each parenthesis on a stack (a macro call, or null for any other): the text is the user's.
  const open: ({ over: string; variable: string; macro: string } | null)[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === ')') open.pop();
    if (text[i] !== '(') continue;
    let name = i;
    while (isWord(text[name - 1])) name--;
    const macro = text.slice(name, i);
    MACRO_VARIABLE.lastIndex = i + 1;
    const variable = text[name - 1] === '.' && MACROS.has(macro) ? MACRO_VARIABLE.exec(text)?.[1] : undefined;
    const over = variable === undefined ? undefined : chainBefore(text, name - 1);
    open.push(variable !== undefined && over !== undefined ? { over, variable, macro } : null);
  }
  return open.filter((call) => call !== null);
}

/** The variables of a policy rule's CEL, as the rule compiler declares them. */
function ruleVariables(kind: ResourceKind, given: unknown): Map<string, Variable> {
  const self = selfPath(kind, given);
  return new Map<string, Variable>([
    ['object', { path: [], description: `The ${kind} being linted.` }],
    ['oldObject', { path: [], description: `The ${kind} before the change when it is linted as an update (\`platlint diff\`, \`patch\`, \`lint --base\`); null otherwise.` }],
    ['self', { path: self, description: given === undefined ? `The ${kind} being linted, as \`object\`.` : 'What `given` selects, one value at a time.' }],
    ['oldSelf', { path: self, description: 'What `self` was before the change, at the same path; the rule skips a node the old version does not have.' }],
  ]);
}

/** What a chain of steps from a variable selects: a place in the kind's schema, or a CEL type. */
export function followVariable(at: RuleScalar, variable: Variable | undefined, steps: readonly Step[]): Variable | undefined {
  if (variable?.path && at.kind) {
    const path = follow(at.kind, variable.path, steps);
    return path && { path, description: '' };
  }
  let type = variable?.type;
  for (const step of steps) {
    if (!type) return undefined;
    if (type.kind === 'list' && !('key' in step)) type = type.elem;
    else if (type.kind === 'map') type = type.value;
    else if (type.kind === 'object' && 'key' in step) type = type.fields?.get(step.key);
    else return undefined;
  }
  return type && { type, description: '' };
}

/** The variables in scope at the end of the text: the rule's, and those of the macros still open. */
export function scope(at: RuleScalar): Map<string, Variable> {
  const variables = new Map(at.variables);
  for (const call of openMacroCalls(at.before)) {
    const { root, steps } = chainSteps(call.over);
    const over = followVariable(at, variables.get(root), steps);
    const description = `Each item of \`${call.over}\`, in \`${call.macro}\`.`;
    // A macro over a list binds its items; over a map, its keys.
    if (over?.path && at.kind) variables.set(call.variable, { path: fieldAt(at.kind, over.path)?.schema.type === 'array' ? [...over.path, 0] : undefined, description });
    else if (over?.type?.kind === 'list') variables.set(call.variable, { type: over.type.elem, description });
    else if (over?.type?.kind === 'map') variables.set(call.variable, { type: over.type.key, description });
    else variables.set(call.variable, { description });
  }
  return variables;
}

/** The CEL environment of each Kubernetes version asked for, built once. */
const environments = new Map<string, CelEnvironment>();

/** The CEL of a Kubernetes version: the newest when it is not given, or not one platlint knows (.platlint.yaml reports that). */
export function environmentOf(kubernetesVersion: string | undefined): CelEnvironment {
  const version = kubernetesVersion !== undefined && KUBERNETES_VERSIONS.includes(kubernetesVersion) ? kubernetesVersion : undefined;
  let environment = environments.get(version ?? '');
  if (!environment) {
    environment = new CelEnvironment(version);
    environments.set(version ?? '', environment);
  }
  return environment;
}
