/**
 * A policy rule as the engine sees it: a `Rule` like any built-in (its category is its id's namespace, one message `violation`),
 * whose `check` selects the `given` nodes, evaluates the CEL expression or the assertions on each, and reports each
 * violation at the matched node. It keeps nothing between files: what it needs while it checks one is the file's
 * (evaluation.ts). An expression that fails on a document does not throw: the rule says it could not check that
 * document (`ctx.failed`) and the run reports it once; a rule that throws is a rule that crashed, as a built-in.
 */
import type { CheckFailure, PathSegment, Rule, RuleContext, RuleDocument, RuleMeta } from '../engine/types.js';
import { getIn } from '../platform/data.js';
import { runAssertions, type CompiledAssertions } from './assertions.js';
import { valueTypeName, type CelInput, type CompiledExpression, type EvalOutcome } from './cel.js';
import { celAt } from './data.js';
import { documentLabel, FILE_EVALUATION, FileEvaluation } from './evaluation.js';
import { documentMatches } from './match.js';
import { expandPath, type PathMatch, type PathStep } from './path.js';
import type { PolicyOrigin, PolicyRuleSpec } from './types.js';

/** A rule may spend this many times the per-evaluation limit on one document, over all its `given` matches. */
export const DOCUMENT_BUDGET_FACTOR = 10;

export interface CompiledPolicyRule {
  /** The `given` paths (one, or a list); absent: the whole document. */
  given?: PathStep[][];
  expression?: CompiledExpression;
  messageExpression?: CompiledExpression;
  assertions?: CompiledAssertions;
}

/** Every node the `given` paths select, each once, in document order of the paths. */
function selectTargets(data: unknown, given: readonly PathStep[][]): PathMatch[] {
  if (given.length === 1) return expandPath(data, given[0] ?? []);
  const seen = new Set<string>();
  const out: PathMatch[] = [];
  for (const steps of given) {
    for (const match of expandPath(data, steps)) {
      const key = JSON.stringify(match.path);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(match);
    }
  }
  return out;
}

/** A mapping or list under a key is reported at its key; a scalar at its value; a list item at the item. */
function reportAt(path: readonly PathSegment[], value: unknown): 'key' | 'value' {
  return typeof path[path.length - 1] === 'string' && typeof value === 'object' && value !== null ? 'key' : 'value';
}

export class PolicyRule implements Rule {
  readonly meta: RuleMeta;
  readonly messages = { violation: '{{message}}' };

  constructor(
    readonly spec: PolicyRuleSpec,
    readonly origin: PolicyOrigin,
    private readonly compiled: CompiledPolicyRule,
    /** Cost units the rule may spend on one document, over all its `given` matches. */
    private readonly documentBudget: number,
  ) {
    this.meta = {
      id: spec.id,
      description: spec.description,
      severity: spec.severity,
      sources: ['security'],
      ...(spec.match?.kinds ? { kinds: [...spec.match.kinds] } : {}),
      // Like Kubernetes' transition rules: a rule that reads the old version runs only on updates.
      ...(this.usesOld ? { transition: true } : {}),
    };
  }

  /** The rule reads `oldObject` or `oldSelf`. */
  get usesOld(): boolean {
    const { expression, messageExpression } = this.compiled;
    return [expression, messageExpression].some((e) => e?.uses.has('oldObject') || e?.uses.has('oldSelf'));
  }

  private get usesOldSelf(): boolean {
    const { expression, messageExpression } = this.compiled;
    return [expression, messageExpression].some((e) => e?.uses.has('oldSelf'));
  }

  get docsUrl(): string | undefined {
    return this.spec.docsUrl;
  }

  check(doc: RuleDocument, ctx: RuleContext): void {
    if (!documentMatches(this.spec.match, doc)) return;
    const { given, expression, assertions } = this.compiled;
    const targets = given ? selectTargets(doc.data, given) : [{ path: [] as PathSegment[], value: doc.data as unknown }];
    if (targets.length === 0) return;
    const evaluation = ctx.fileState(FILE_EVALUATION, () => new FileEvaluation());
    if (expression && evaluation.skipping(this.meta.id)) {
      ctx.failed({ document: documentLabel(doc), at: 'expression', error: 'skipped', skipped: true });
      return;
    }
    let failed: { at: CheckFailure['at']; error: string; costExceeded: boolean } | undefined;
    let spent = 0;
    for (const target of targets) {
      if (assertions) {
        for (const violation of runAssertions(assertions, target.value, target.path)) {
          const message = this.spec.message ? `${this.spec.message} (${violation.detail})` : `${violation.detail}.`;
          ctx.report({ messageId: 'violation', path: violation.path, at: violation.at, data: { message } });
        }
        continue;
      }
      if (!expression) continue;
      // oldSelf is the old value at the same path; where the old version has none, there is no transition to judge.
      if (this.usesOldSelf && getIn(doc.old, target.path) === undefined) continue;
      let root: CelInput;
      let oldRoot: CelInput = null;
      try {
        root = evaluation.celData(doc.data, doc.kind);
        if (doc.old) oldRoot = evaluation.celData(doc.old, doc.kind);
      } catch (error) {
        failed ??= { at: 'expression', error: (error as Error).message, costExceeded: false };
        break;
      }
      const bindings = { self: celAt(root, target.path), object: root, oldObject: oldRoot, oldSelf: oldRoot === null ? null : celAt(oldRoot, target.path) };
      const outcome = expression.evaluate(bindings);
      spent += outcome.cost;
      if (spent > this.documentBudget) {
        failed ??= { at: 'expression', error: `the rule spent more than ${this.documentBudget} cost units on this document (over ${targets.length} matches of given)`, costExceeded: true };
        break;
      }
      const verdict = this.verdict(outcome);
      if ('error' in verdict) {
        failed ??= { at: 'expression', error: verdict.error, costExceeded: verdict.costExceeded };
        if (verdict.costExceeded) break;
        continue;
      }
      if (verdict.compliant) continue;
      const message = this.message(bindings, (error) => {
        failed ??= { at: 'messageExpression', error, costExceeded: false };
      });
      ctx.report({ messageId: 'violation', path: target.path, at: reportAt(target.path, target.value), data: { message } });
    }
    if (!failed) return;
    if (failed.costExceeded) evaluation.spentBudget(this.meta.id);
    ctx.failed({ document: documentLabel(doc), at: failed.at, error: failed.error });
  }

  private verdict(outcome: EvalOutcome): { compliant: boolean } | { error: string; costExceeded: boolean } {
    if (!outcome.ok) return { error: outcome.error, costExceeded: outcome.costExceeded };
    if (typeof outcome.value !== 'boolean') return { error: `the expression returned a ${valueTypeName(outcome.value)}, not a bool`, costExceeded: false };
    return { compliant: outcome.value };
  }

  private message(bindings: Record<string, CelInput>, onError: (error: string) => void): string {
    const fallback = this.spec.message ?? this.spec.description;
    const { messageExpression } = this.compiled;
    if (!messageExpression) return fallback;
    const outcome = messageExpression.evaluate(bindings);
    if (!outcome.ok) {
      onError(outcome.error);
      return fallback;
    }
    if (typeof outcome.value !== 'string') {
      onError(`the message expression returned a ${valueTypeName(outcome.value)}, not a string`);
      return fallback;
    }
    return outcome.value.trim() === '' ? fallback : outcome.value;
  }
}

