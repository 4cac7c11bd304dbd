/**
 * One platlint policy rule as the validation of a ValidatingAdmissionPolicy on Users: its `given` paths become
 * quantifiers over the request's object (select.ts), its expression or assertions the condition at each selected
 * node, with `self` and `oldSelf` bound to the node and the old version's value there; its message names the first
 * node that fails. What cannot run at admission comes back as the reason it is not exported.
 */
import { compileAssertions } from '../compile-assertions.js';
import { DYN, type CelEnvironment, type CelType } from '../cel/index.js';
import { parsePath, type PathStep } from '../path.js';
import type { PolicyRuleSpec } from '../types.js';
import type { Severity } from '../../engine/types.js';
import { assertionChecks } from './assertions.js';
import { allOf, anyOf, celString, not } from './cel-text.js';
import { labelsCondition, namesCondition, type MatchCondition } from './match.js';
import { PathQuantifier, Variables, type Leaf, type Node, type OldNode } from './select.js';

export interface ExportedValidation {
  expression: string;
  /** The static message: the rule's, or its description; what the API server shows if messageExpression fails. */
  message: string;
  messageExpression?: string;
  /** Where the diagnostic goes: the part of the `given` paths before their first wildcard. */
  fieldPath?: string;
}

/** What a ValidatingAdmissionPolicy of one rule holds. */
export interface AdmissionPlan {
  id: string;
  description: string;
  severity: Severity;
  /** The rule reads the old version: the policy applies to updates only. */
  updatesOnly: boolean;
  matchConditions: MatchCondition[];
  validations: ExportedValidation[];
  /** The rule also matches Configs, which stay CI checks. */
  configLeftOut: boolean;
}

export type Translation = { ok: true; plan: AdmissionPlan } | { ok: false; reason: string };

export const CONFIG_STAYS_IN_CI = 'the platform keeps its Config as YAML text in a Secret, which CEL cannot parse';

/** Kubernetes 1.32 brought the two-variable macros a list's index needs when oldSelf is read under a wildcard. */
const TWO_VARIABLE_MACROS_MINOR = 32;

/** The variables platlint gives a policy expression. */
const POLICY_VARIABLES = { self: DYN, object: DYN, oldObject: DYN, oldSelf: DYN };

/** One line, as a VAP's message must be. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A fieldPath from the steps before the first wildcard of every path, common to all of them. */
export function fieldPathOf(paths: readonly PathStep[][]): string | undefined {
  const prefixes = paths.map((steps) => {
    const wildcard = steps.findIndex((s) => s.kind === 'wildcard');
    return wildcard < 0 ? steps : steps.slice(0, wildcard);
  });
  const [first, ...rest] = prefixes;
  if (!first) return undefined;
  let length = first.length;
  for (const other of rest) {
    let i = 0;
    while (i < length && i < other.length && JSON.stringify(other[i]) === JSON.stringify(first[i])) i++;
    length = i;
  }
  let out = '';
  for (const step of first.slice(0, length)) {
    if (step.kind === 'index') out += `[${step.index}]`;
    else if (step.kind === 'key') out += /^[A-Za-z_][A-Za-z0-9_]*$/.test(step.key) ? (out ? `.${step.key}` : step.key) : `[${celString(step.key)}]`;
  }
  return out === '' ? undefined : out;
}

/** Binds a variable of the expression to a node: nothing to do when the node is that variable or it is unused. */
function bind(variable: string, expr: string, uses: ReadonlySet<string>, body: string, method: 'all' | 'map'): string {
  if (expr === variable || !uses.has(variable)) return body;
  return method === 'all' ? `[${expr}].all(${variable}, ${body})` : `[${expr}].map(${variable}, ${body})[0]`;
}

export class RuleTranslator {
  constructor(
    private readonly environment: CelEnvironment,
    /** The CEL type of a User, from its schema: the shapes wildcards walk. */
    private readonly userType: CelType,
  ) {}

  private get minor(): number {
    return Number(this.environment.version.split('.')[1]);
  }

  translate(spec: PolicyRuleSpec, severity: Severity): Translation {
    const kinds = spec.match?.kinds ?? ['User', 'Config'];
    if (!kinds.includes('User')) return { ok: false, reason: `a Config rule: ${CONFIG_STAYS_IN_CI}` };
    const matchConditions: MatchCondition[] = [];
    if (spec.match?.names) {
      const names = namesCondition(spec.match.names);
      if ('error' in names) return { ok: false, reason: names.error };
      matchConditions.push(names);
    }
    const selector = spec.match?.labels;
    if (selector && (Object.keys(selector.matchLabels ?? {}).length > 0 || (selector.matchExpressions ?? []).length > 0)) matchConditions.push(labelsCondition(selector));
    const given: PathStep[][] = [];
    for (const path of spec.given === undefined ? [] : Array.isArray(spec.given) ? spec.given : [spec.given]) {
      const parsed = parsePath(path);
      if (!parsed.ok) return { ok: false, reason: `its given path "${path}" is invalid: ${parsed.error}` };
      given.push(parsed.steps);
    }
    const validation = spec.assertions ? this.assertionsValidation(spec, given) : this.expressionValidation(spec, given);
    if ('reason' in validation) return { ok: false, reason: validation.reason };
    const fieldPath = fieldPathOf(given);
    return {
      ok: true,
      plan: {
        id: spec.id,
        description: oneLine(spec.description),
        severity,
        updatesOnly: validation.updatesOnly,
        matchConditions,
        validations: [{ ...validation.validation, ...(fieldPath ? { fieldPath } : {}) }],
        configLeftOut: kinds.includes('Config'),
      },
    };
  }

  private compileUses(text: string, what: string): ReadonlySet<string> | { reason: string } {
    const compiled = this.environment.compile(text, POLICY_VARIABLES);
    if (!compiled.ok) return { reason: `its ${what} does not compile in the CEL of Kubernetes ${this.environment.version}: ${compiled.error.message}` };
    return compiled.program.uses;
  }

  private expressionValidation(spec: PolicyRuleSpec, given: PathStep[][]): { validation: ExportedValidation; updatesOnly: boolean } | { reason: string } {
    const expression = spec.expression ?? 'true';
    const uses = this.compileUses(expression, 'expression');
    if ('reason' in uses) return uses;
    const messageUses = spec.messageExpression === undefined ? new Set<string>() : this.compileUses(spec.messageExpression, 'messageExpression');
    if ('reason' in messageUses) return messageUses;
    const readsOldSelf = uses.has('oldSelf') || messageUses.has('oldSelf');
    const updatesOnly = readsOldSelf || uses.has('oldObject') || messageUses.has('oldObject');
    if (readsOldSelf && this.minor < TWO_VARIABLE_MACROS_MINOR && given.some((steps) => steps.some((s) => s.kind === 'wildcard'))) {
      return { reason: `it reads oldSelf under a [*] of given, which needs the two-variable macros of Kubernetes 1.${TWO_VARIABLE_MACROS_MINOR} (exporting for ${this.environment.version})` };
    }
    // oldSelf is the old value at the node; where the old version has none, platlint does not judge the node.
    const leaf: Leaf = (node, old) => {
      const body = bind('self', node.expr, uses, expression, 'all');
      if (!readsOldSelf || !old) return body;
      return anyOf([not(allOf(old.present)), bind('oldSelf', old.expr, uses, body, 'all')]);
    };
    // Reached only at a failing node, where the old value exists.
    const messageLeaf: Leaf = (node, old) => {
      const body = bind('self', node.expr, messageUses, spec.messageExpression ?? "''", 'map');
      return old ? bind('oldSelf', old.expr, messageUses, body, 'map') : body;
    };
    const built = this.quantify(given, leaf, spec.messageExpression === undefined ? undefined : messageLeaf, readsOldSelf);
    const message = oneLine(spec.message ?? spec.description);
    return { validation: { expression: built.expression, message, ...(built.message ? { messageExpression: built.message } : {}) }, updatesOnly };
  }

  private assertionsValidation(spec: PolicyRuleSpec, given: PathStep[][]): { validation: ExportedValidation; updatesOnly: boolean } | { reason: string } {
    let problem: string | undefined;
    const compiled = compileAssertions(spec, (_path, message) => {
      problem ??= message;
    });
    if (!compiled) return { reason: `its assertions cannot be translated: ${problem ?? 'they are invalid'}` };
    const variables = new Variables();
    const base = given[0] ?? [];
    const checks = assertionChecks(compiled, base, new PathQuantifier(variables));
    const text = (detail: string): string => (spec.message ? `${oneLine(spec.message)} (${detail})` : `${detail}.`);
    const leaf: Leaf = (node) => allOf(checks.map((c) => c.holds(node)));
    const [first] = checks;
    // With one assertion, its detail is the message; with more, the first that fails at the first failing node.
    const messageLeaf: Leaf | undefined =
      checks.length > 1
        ? (node) => checks.slice(0, -1).reduceRight((rest, check) => `${not(check.holds(node))} ? ${celString(text(check.detail))} : ${rest}`, celString(text(checks[checks.length - 1]?.detail ?? '')))
        : undefined;
    const built = this.quantify(given, leaf, messageLeaf, false, variables);
    return { validation: { expression: built.expression, message: text(first?.detail ?? ''), ...(built.message ? { messageExpression: built.message } : {}) }, updatesOnly: false };
  }

  /**
   * Every node of every `given` path satisfies the leaf (the document itself without `given`); the message, when
   * the leaf has one, of the first node that does not.
   */
  private quantify(given: PathStep[][], leaf: Leaf, messageLeaf: Leaf | undefined, withOld: boolean, variables = new Variables()): { expression: string; message?: string } {
    const quantifier = new PathQuantifier(variables);
    const root: Node = { expr: 'object', type: this.userType, isMap: true };
    const old: OldNode | undefined = withOld ? { expr: 'oldObject', present: [], isMap: true } : undefined;
    const paths = given.length ? given : [[]];
    const options = { missing: 'vacuous' as const, ...(old ? { old } : {}) };
    const holds = paths.map((steps) => quantifier.every(root, steps, leaf, options));
    const expression = allOf(holds);
    if (!messageLeaf) return { expression };
    const messages = paths.map((steps) => quantifier.firstFailing(root, steps, leaf, messageLeaf, options));
    // The message of the first path that has a failing node.
    const message = messages.slice(0, -1).reduceRight((rest, text, i) => `${not(holds[i] ?? 'true')} ? ${text} : ${rest}`, messages[messages.length - 1] ?? "''");
    return { expression, message };
  }
}

