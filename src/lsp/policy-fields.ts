/**
 * Completion and hover in a platlint policy file and a ValidatingAdmissionPolicy's CEL: the fields that a rule on
 * one kind (`match.kinds: [User]`) can name next in a CEL expression (after `object.`, `self.spec.`, or a macro's
 * variable: `self.access.all(a, a.`) or in a `given` path, from the kind's schema, as the rule compiler types them
 * (src/policy/compile-rule.ts), the fields of the typed variables of an admission policy (`request.`), and in CEL
 * the functions and macros that can be called on what is selected; where CEL takes a name, policy-names.ts.
 */
import { CompletionItemKind, MarkupKind, type CompletionItem, type Range } from 'vscode-languageserver-types';
import type { ResourceKind } from '../engine/types.js';
import { parsePath } from '../policy/path.js';
import { formatType, optionalOf, type CelCall } from '../policy/cel/index.js';
import { typeAtPath } from '../policy/schema-types.js';
import { fieldAt, fieldMarkdown, fieldsOf, typeLabel } from './fields.js';
import { CEL_FIELDS, chainBefore, chainSteps, documentAt, environmentOf, follow, followVariable, fromPolicySteps, isWord, ruleScalarAt, scope, type RuleScalar, type Variable } from './policy-context.js';
import { nameAt, nameCompletions, nameHover, signaturesMarkdown } from './policy-names.js';
import { admissionScalarAt } from './vap-context.js';

/** The scalar of a policy rule at `offset`: of a platlint policy, or a ValidatingAdmissionPolicy's CEL. */
export function policyScalarAt(text: string, offset: number, kubernetesVersion: string | undefined): RuleScalar | undefined {
  const document = documentAt(text, offset);
  return document && (ruleScalarAt(document, text, offset) ?? admissionScalarAt(document, text, offset, kubernetesVersion));
}

/** The assertions whose items are field paths from what `given` selects. */
const ASSERTION_PATHS = new Set(['assertions.required', 'assertions.forbidden', 'assertions.exactlyOneOf']);

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

/** What can be selected from a place: the fields of its schema, or of its CEL object type. */
function fieldItems(kind: ResourceKind | undefined, place: Variable, range: Range): CompletionItem[] {
  const { path, type } = place;
  if (path && kind) {
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
  if (type?.kind !== 'object') return [];
  return [...(type.fields ?? [])].map(([name, field]) => ({ label: name, kind: CompletionItemKind.Field, detail: formatType(field), textEdit: { range, newText: name } }));
}

/** The markdown of a field selected from a place. */
function fieldHover(kind: ResourceKind | undefined, place: Variable, name: string): string | undefined {
  if (place.path && kind) {
    const field = fieldAt(kind, [...place.path, name]);
    return field && fieldMarkdown(name, field);
  }
  const field = place.type?.kind === 'object' ? place.type.fields?.get(name) : undefined;
  return field && `**${name}**: ${formatType(field)}`;
}

/** A chain with an optional selection (`.?spec`, `[?0]`) selects an optional value. */
const OPTIONAL_SELECTION = /\.\?|\[\?/;

/** What a chain of CEL selections reaches from the variable it starts with (`self.spec`, or `a` of an open macro). */
function placeOfChain(at: RuleScalar, chain: string): Variable | undefined {
  const { root, steps } = chainSteps(chain);
  return followVariable(at, scope(at).get(root), steps);
}

interface Selection {
  kind: ResourceKind | undefined;
  /** What the name is selected from. */
  place: Variable;
  typed: string;
  /**
   * Selected in CEL: then functions can be called on it too (not after `.?`, which selects a field), and it is an
   * optional value if the chain has an optional selection (`.?spec`, `[?0]`).
   */
  cel?: { calls: boolean; optional: boolean };
}

/**
 * The place a name typed at the end of a rule's scalar would be selected from, and that name: in CEL after a
 * selection from a variable (`object.`, `self.spec.`, a macro's variable, an admission policy's `request.`), and in
 * a `given` path or an assertion's field path after its last dot (or at its start).
 */
function selectionAt(at: RuleScalar): Selection | undefined {
  const { kind, before } = at;
  if (CEL_FIELDS.has(at.field)) {
    const selecting = selectionBefore(before);
    if (!selecting) return undefined;
    const place = placeOfChain(at, selecting.chain);
    return place && { kind, place, typed: selecting.typed, cel: { calls: !selecting.optional, optional: OPTIONAL_SELECTION.test(selecting.chain) } };
  }
  // `given` paths start at the document; an assertion's at what `given` selects (`self`).
  const from = at.field === 'given' ? [] : ASSERTION_PATHS.has(at.field) ? at.variables.get('self')?.path : undefined;
  if (!from || !kind) return undefined;
  // The path written so far up to its last dot, and the name after it: `spec.clusterRoles[*].na`.
  const written = /^["']?(?:(.*)\.)?(\w*)$/.exec(before);
  if (!written) return undefined;
  const prefix = written[1];
  const parsed = prefix === undefined ? { ok: true as const, steps: [] } : parsePath(prefix);
  const path = parsed.ok ? follow(kind, from, fromPolicySteps(parsed.steps)) : undefined;
  return path && { kind, place: { path, description: '' }, typed: written[2] ?? '' };
}

/** The functions and macros what is selected can call, in the CEL of the Kubernetes version. */
function callsOn(at: Selection, kubernetesVersion: string | undefined): CelCall[] {
  if (!at.cel?.calls) return [];
  const { path, type: known } = at.place;
  const typed = path && at.kind ? typeAtPath(at.kind, path.map((step) => (typeof step === 'string' && step !== '*' ? { kind: 'key', key: step } : { kind: 'wildcard' }))) : undefined;
  const type = typed ? (typed.ok ? typed.type : undefined) : known;
  if (!type) return [];
  return environmentOf(kubernetesVersion).memberCalls(at.cel.optional ? optionalOf(type) : type);
}

/**
 * The function or macro `name` called on what a chain selects (`self.spec.email` in `self.spec.email.endsWith(`),
 * among those its type can call; undefined where the chain's type is not known or cannot call it.
 */
export function callOnChain(at: RuleScalar, chain: string, name: string, kubernetesVersion: string | undefined): CelCall | undefined {
  const place = placeOfChain(at, chain);
  const selection = place && { kind: at.kind, place, typed: name, cel: { calls: true, optional: OPTIONAL_SELECTION.test(chain) } };
  return selection && callsOn(selection, kubernetesVersion).find((call) => call.name === name);
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
 * and macros that can be called (those of `kubernetesVersion`, the newest when not given); where a name is written
 * in CEL, the variables, global functions and constants (policy-names.ts). `toPosition` turns an offset into the
 * editor's position.
 */
export function policyCompletions(text: string, offset: number, toPosition: (offset: number) => Range['start'], kubernetesVersion?: string): CompletionItem[] {
  const scalar = policyScalarAt(text, offset, kubernetesVersion);
  if (!scalar) return [];
  const rangeOf = (typed: string): Range => ({ start: toPosition(offset - typed.length), end: toPosition(offset) });
  const at = selectionAt(scalar);
  if (at) return [...fieldItems(at.kind, at.place, rangeOf(at.typed)), ...callItems(at, rangeOf(at.typed), kubernetesVersion)];
  const name = CEL_FIELDS.has(scalar.field) ? nameAt(scalar) : undefined;
  return name ? nameCompletions(scalar, name, rangeOf(name.written), kubernetesVersion) : [];
}

/**
 * Hover in a policy rule: on a field it selects, in its CEL or its `given` path, the field's type and description;
 * on a function or macro called on what is selected (`object.spec.email.endsWith(`), or called without a receiver
 * (`size(`), every form it can be called in; on a variable, its type and what it is.
 */
export function policyHover(text: string, offset: number, kubernetesVersion?: string): string | undefined {
  let end = offset;
  while (isWord(text[end])) end++;
  const scalar = policyScalarAt(text, end, kubernetesVersion);
  if (!scalar) return undefined;
  // A call, not a field: its name is followed by its parenthesis.
  const called = /^\s*\(/.test(text.slice(end));
  const at = selectionAt(scalar);
  if (!at) return CEL_FIELDS.has(scalar.field) ? nameHover(scalar, called, kubernetesVersion) : undefined;
  if (!at.typed) return undefined;
  const field = fieldHover(at.kind, at.place, at.typed);
  if (field) return field;
  if (!called) return undefined;
  const call = callsOn(at, kubernetesVersion).find((c) => c.name === at.typed);
  return call && signaturesMarkdown(call);
}
