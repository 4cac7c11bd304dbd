/**
 * The fields of a platlint policy rule's kind, for completion and hover in a policy file: the fields that a rule on
 * one kind (`match.kinds: [User]`) can name next in a CEL expression (after `object.`, `self.spec.`, or a macro's
 * variable: `self.access.all(a, a.`) or in a `given` path, from the kind's schema, as the rule compiler types them
 * (src/policy/compile-rule.ts), and in CEL the functions and macros that can be called on what is selected. The file
 * is parsed to find the rule and the scalar under the cursor: a policy file is small, and the expression being typed
 * is a scalar whatever it holds.
 */
import { CompletionItemKind, MarkupKind, type CompletionItem, type Range } from 'vscode-languageserver-types';
import { isMap, isScalar, isSeq, parseAllDocuments, type Document, type Node } from 'yaml';
import type { ResourceKind } from '../engine/types.js';
import { parsePath, type PathStep as PolicyStep } from '../policy/path.js';
import { CelEnvironment, DYN, KUBERNETES_VERSIONS, optionalOf, type MemberCall } from '../policy/cel/index.js';
import { commonType, ruleKind, typeAtPath } from '../policy/schema-types.js';
import type { PathStep } from './cursor.js';
import { fieldAt, fieldMarkdown, fieldsOf, typeLabel } from './fields.js';

const CEL_FIELDS = new Set(['expression', 'messageExpression']);
/** Macros whose first argument is a variable bound to each item of what they are called on. */
const MACROS = new Set(['all', 'exists', 'exists_one', 'map', 'filter']);
/** The variable of a macro call, after its parenthesis. */
const MACRO_VARIABLE = /\s*([A-Za-z_]\w*)\s*,/y;

type Step = { key: string } | { any: true };

/** The scalar of a policy document that holds the offset, and its path. */
function scalarAt(node: unknown, offset: number, path: (string | number)[] = []): { node: Node; path: (string | number)[] } | undefined {
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

const isWord = (ch: string | undefined): boolean => ch !== undefined && /\w/.test(ch);

/** The chain of selections (`self.access[0]`, `r.?name`, `m[?'k']`) that ends at `end` of the text, read backwards. */
function chainBefore(text: string, end: number): string | undefined {
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

/**
 * The chain the text ends with (`self.access[0]` in `size(self.access[0].na`), the name typed after its last dot,
 * and whether that dot is an optional selection's (`.?na`: a field, never a function).
 */
function selectionBefore(text: string): { chain: string; typed: string; optional: boolean } | undefined {
  let end = text.length;
  while (isWord(text[end - 1])) end--;
  const typed = text.slice(end);
  const optional = text[end - 1] === '?';
  const dot = optional ? end - 2 : end - 1;
  if (text[dot] !== '.') return undefined;
  const chain = chainBefore(text, dot);
  return chain === undefined ? undefined : { chain, typed, optional };
}

/** `.name` selects a field; `[...]` an item of a list or a value of a map, whichever the schema has there. */
function chainSteps(chain: string): { root: string; steps: Step[] } {
  const root = /^[A-Za-z_]\w*/.exec(chain)?.[0] ?? '';
  const steps: Step[] = [];
  for (const [, key, index] of chain.slice(root.length).matchAll(/\.\??([A-Za-z_]\w*)|(\[[^\][]*\])/g)) steps.push(index ? { any: true } : { key: key ?? '' });
  return { root, steps };
}

/** The schema path a chain reaches from a path of the kind, or undefined where the schema does not follow it. */
function follow(kind: ResourceKind, from: readonly PathStep[], steps: readonly Step[]): PathStep[] | undefined {
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

function fromPolicySteps(steps: readonly PolicyStep[]): Step[] {
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
function openMacroCalls(text: string): { over: string; variable: string }[] {
  // One pass, each parenthesis on a stack (a macro call, or null for any other): the text is the user's.
  const open: ({ over: string; variable: string } | null)[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === ')') open.pop();
    if (text[i] !== '(') continue;
    let name = i;
    while (isWord(text[name - 1])) name--;
    MACRO_VARIABLE.lastIndex = i + 1;
    const variable = text[name - 1] === '.' && MACROS.has(text.slice(name, i)) ? MACRO_VARIABLE.exec(text)?.[1] : undefined;
    const over = variable === undefined ? undefined : chainBefore(text, name - 1);
    open.push(variable !== undefined && over !== undefined ? { over, variable } : null);
  }
  return open.filter((call) => call !== null);
}

/** The variables in scope at the end of the text: the rule's, and those of the macros still open. */
function scope(kind: ResourceKind, given: unknown, before: string): Map<string, PathStep[]> {
  const self = selfPath(kind, given);
  const variables = new Map<string, PathStep[]>([
    ['object', []],
    ['oldObject', []],
  ]);
  if (self) {
    variables.set('self', self);
    variables.set('oldSelf', self);
  }
  for (const call of openMacroCalls(before)) {
    const { root, steps } = chainSteps(call.over);
    const base = variables.get(root);
    const target = base && follow(kind, base, steps);
    // A macro over a list binds its items; over a map, its keys (strings: no fields).
    if (target && fieldAt(kind, target)?.schema.type === 'array') variables.set(call.variable, [...target, 0]);
  }
  return variables;
}

function fieldItems(kind: ResourceKind, path: readonly PathStep[], range: Range): CompletionItem[] {
  // A Config's spec.raw is a string to CEL, whatever the editor shows below it in a manifest.
  if (kind === 'Config' && path[0] === 'spec' && path[1] === 'raw') return [];
  return fieldsOf(kind, path).map(([name, field]) => ({
    label: name,
    kind: CompletionItemKind.Field,
    detail: typeLabel(field.schema),
    documentation: { kind: MarkupKind.Markdown, value: fieldMarkdown(name, field) },
    textEdit: { range, newText: name },
  }));
}

interface Selection {
  kind: ResourceKind;
  path: PathStep[];
  typed: string;
  /**
   * Selected in CEL: then functions can be called on it too (not after `.?`, which selects a field), and it is an
   * optional value if the chain has an optional selection (`.?spec`, `[?0]`).
   */
  cel?: { calls: boolean; optional: boolean };
}

/**
 * The field path a name typed at `offset` of a policy file's text would be selected from, and that name: in an
 * `expression` or `messageExpression` after a selection from `object`, `oldObject`, `self`, `oldSelf` or a macro's
 * variable, and in a `given` path after its last dot (or at its start).
 */
function selectionAt(text: string, offset: number): Selection | undefined {
  const document = parseAllDocuments(text).find((d): d is Document.Parsed => 'contents' in d && d.range[0] <= offset && offset <= d.range[2]);
  if (!document || document.get('apiVersion') !== 'platlint/v1' || document.get('kind') !== 'Policy') return undefined;
  const at = scalarAt(document.contents, offset);
  const [spec, rules, index, field] = at?.path ?? [];
  if (!at?.node.range || spec !== 'spec' || rules !== 'rules' || typeof index !== 'number' || typeof field !== 'string') return undefined;
  const rule = (document.getIn(['spec', 'rules', index]) as { toJSON?: () => unknown } | undefined)?.toJSON?.() as Record<string, unknown> | undefined;
  const kind = ruleKind((rule?.['match'] as { kinds?: unknown } | undefined)?.kinds);
  if (!kind) return undefined;
  const before = text.slice(at.node.range[0], offset);
  if (CEL_FIELDS.has(field)) {
    const selecting = selectionBefore(before);
    if (!selecting) return undefined;
    const { root, steps } = chainSteps(selecting.chain);
    const base = scope(kind, rule?.['given'], before).get(root);
    const path = base && follow(kind, base, steps);
    return path && { kind, path, typed: selecting.typed, cel: { calls: !selecting.optional, optional: /\.\?|\[\?/.test(selecting.chain) } };
  }
  if (field !== 'given') return undefined;
  // The path written so far up to its last dot, and the name after it: `spec.clusterRoles[*].na`.
  const written = /^["']?(?:(.*)\.)?(\w*)$/.exec(before);
  if (!written) return undefined;
  const prefix = written[1];
  const parsed = prefix === undefined ? { ok: true as const, steps: [] } : parsePath(prefix);
  const path = parsed.ok ? follow(kind, [], fromPolicySteps(parsed.steps)) : undefined;
  return path && { kind, path, typed: written[2] ?? '' };
}

/** The CEL environment of each Kubernetes version asked for, built once. */
const environments = new Map<string, CelEnvironment>();

/**
 * The functions and macros what is selected can call, in the CEL of the Kubernetes version (the newest when it is
 * not given, or not one platlint knows: .platlint.yaml reports that).
 */
function callsOn(at: Selection, kubernetesVersion: string | undefined): MemberCall[] {
  if (!at.cel?.calls) return [];
  const type = typeAtPath(at.kind, at.path.map((step) => (typeof step === 'string' && step !== '*' ? { kind: 'key', key: step } : { kind: 'wildcard' })));
  if (!type.ok) return [];
  const version = kubernetesVersion !== undefined && KUBERNETES_VERSIONS.includes(kubernetesVersion) ? kubernetesVersion : undefined;
  let environment = environments.get(version ?? '');
  if (!environment) {
    environment = new CelEnvironment(version);
    environments.set(version ?? '', environment);
  }
  return environment.memberCalls(at.cel.optional ? optionalOf(type.type) : type.type);
}

/** Every form a function or macro can be called in, as a code block. */
function signaturesMarkdown(call: MemberCall): string {
  return ['```', ...call.signatures, '```'].join('\n');
}

function callItems(at: Selection, range: Range, kubernetesVersion: string | undefined): CompletionItem[] {
  return callsOn(at, kubernetesVersion).map((call) => ({
    label: call.name,
    kind: call.macro ? CompletionItemKind.Keyword : CompletionItemKind.Method,
    detail: call.signatures[0],
    documentation: { kind: MarkupKind.Markdown, value: signaturesMarkdown(call) },
    // After the fields: a field is what one selects most often.
    sortText: `~${call.name}`,
    textEdit: { range, newText: call.name },
  }));
}

/**
 * Completions at `offset` of a policy file's text: the fields that can be selected there and, in CEL, the functions
 * and macros that can be called (those of `kubernetesVersion`, the newest when not given). `toPosition` turns an
 * offset into the editor's position.
 */
export function policyCompletions(text: string, offset: number, toPosition: (offset: number) => Range['start'], kubernetesVersion?: string): CompletionItem[] {
  const at = selectionAt(text, offset);
  if (!at) return [];
  const range = { start: toPosition(offset - at.typed.length), end: toPosition(offset) };
  return [...fieldItems(at.kind, at.path, range), ...callItems(at, range, kubernetesVersion)];
}

/**
 * Hover on a field a policy rule selects, in its CEL or its `given` path: the field's type and description; on a
 * function or macro called on what is selected (`object.spec.email.endsWith(`), every form it can be called in.
 */
export function policyFieldHover(text: string, offset: number, kubernetesVersion?: string): string | undefined {
  let end = offset;
  while (isWord(text[end])) end++;
  const at = selectionAt(text, end);
  if (!at?.typed) return undefined;
  const field = fieldAt(at.kind, [...at.path, at.typed]);
  if (field) return fieldMarkdown(at.typed, field);
  // A call, not a field: its name is followed by its parenthesis.
  if (!/^\s*\(/.test(text.slice(end))) return undefined;
  const call = callsOn(at, kubernetesVersion).find((c) => c.name === at.typed);
  return call && signaturesMarkdown(call);
}
