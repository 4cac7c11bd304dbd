/**
 * A policy rule as the engine sees it: a `Rule` like any built-in (its category is its id's namespace, one message `violation`),
 * whose `check` selects the `given` nodes, evaluates the CEL expression or the assertions on each, and reports each
 * violation at the matched node. Evaluation errors never throw: they are recorded in the run's sink (one entry per
 * rule) and the node is skipped.
 */
import type { LineCounter } from 'yaml';
import type { FileResult, PathSegment, Rule, RuleContext, RuleDocument, RuleMeta } from '../engine/types.js';
import { DiagnosticSink, type ReportingRule } from '../engine/diagnostics.js';
import { docsUrlFor } from '../engine/docs.js';
import type { RuleSettings } from '../engine/settings.js';
import { getIn } from '../platform/data.js';
import { runAssertions, type CompiledAssertions } from './assertions.js';
import { valueTypeName, type CelInput, type CompiledExpression, type EvalOutcome } from './cel.js';
import { celAt, toCelData } from './data.js';
import { documentMatches } from './match.js';
import { expandPath, type PathMatch, type PathStep } from './path.js';
import type { PolicyOrigin, PolicyRuleSpec, SourceSpot } from './types.js';

/** After this many documents over the cost limit, a rule is not evaluated any more in the run. */
export const COST_FAILURES_BEFORE_SKIP = 3;
/** A rule may spend this many times the per-evaluation limit on one document, over all its `given` matches. */
export const DOCUMENT_BUDGET_FACTOR = 10;

export interface CompiledPolicyRule {
  /** The `given` paths (one, or a list); absent: the whole document. */
  given?: PathStep[][];
  expression?: CompiledExpression;
  messageExpression?: CompiledExpression;
  assertions?: CompiledAssertions;
}

/** What a run learnt of one failing policy rule: plain data, which a worker thread hands to the main thread. */
export interface EvaluationFailure {
  ruleId: string;
  /** The policy file of the rule. */
  file: string;
  spot: SourceSpot;
  documents: number;
  costFailures: number;
  skipped: number;
  first: { document: string; file?: string; error: string };
}

function documentLabel(doc: RuleDocument): string {
  const metadata = doc.data['metadata'];
  const name = typeof metadata === 'object' && metadata !== null ? (metadata as Record<string, unknown>)['name'] : undefined;
  return typeof name === 'string' && name !== '' ? `${doc.kind} "${name}"` : `an unnamed ${doc.kind}`;
}

function hint(error: string): string {
  if (/field not found|no such key/.test(error)) return '; test optional fields with has() first, e.g. has(self.x) && self.x > 0';
  if (/cost limit/.test(error)) return '; the expression does too much work (nested macros over large lists?)';
  return '';
}

/** A loaded policy file: its text and lines, for positions and code frames, and the rule settings in force for it. */
export interface PolicyFile {
  text: string;
  lineCounter: LineCounter;
  settings: RuleSettings;
}

/** What one lint run learns about failing policy rules; lives in the object `loadPolicies` returns. */
export class EvaluationSink {
  private readonly failures = new Map<string, EvaluationFailure>();
  private readonly data = new WeakMap<object, CelInput>();
  currentFile: string | undefined;
  /** Every loaded policy file, by the name it is shown with. */
  readonly sources = new Map<string, PolicyFile>();

  constructor(
    readonly documentBudget: number,
    /** The `policy/evaluation-error` rule, which reports the failures. */
    private readonly evaluationError: ReportingRule,
  ) {}

  /** A document's data (or its previous version's) converted for CEL, once per document. */
  celData(data: RuleDocument['data']): CelInput {
    let converted = this.data.get(data);
    if (converted === undefined) {
      converted = toCelData(data);
      this.data.set(data, converted);
    }
    return converted;
  }

  skipping(rule: PolicyRule): boolean {
    return (this.failures.get(rule.meta.id)?.costFailures ?? 0) >= COST_FAILURES_BEFORE_SKIP;
  }

  record(rule: PolicyRule, spot: SourceSpot, doc: RuleDocument, error: string, costExceeded: boolean, skipped = false): void {
    let failure = this.failures.get(rule.meta.id);
    if (!failure) {
      const first = { document: documentLabel(doc), error, ...(this.currentFile !== undefined ? { file: this.currentFile } : {}) };
      failure = { ruleId: rule.meta.id, file: rule.origin.file, spot, documents: 0, costFailures: 0, skipped: 0, first };
      this.failures.set(rule.meta.id, failure);
    }
    failure.documents++;
    if (costExceeded) failure.costFailures++;
    if (skipped) failure.skipped++;
  }

  clear(): void {
    this.failures.clear();
  }

  /** The failures recorded so far, forgotten here: what a worker thread hands over after each chunk of files. */
  take(): EvaluationFailure[] {
    const taken = [...this.failures.values()];
    this.failures.clear();
    return taken;
  }

  /** Failures another thread recorded (of the same policies, loaded there), added in the order files were linted. */
  merge(failures: readonly EvaluationFailure[]): void {
    for (const failure of failures) {
      const known = this.failures.get(failure.ruleId);
      if (!known) this.failures.set(failure.ruleId, { ...failure });
      else {
        known.documents += failure.documents;
        known.costFailures += failure.costFailures;
        known.skipped += failure.skipped;
      }
    }
  }

  /** One `policy/evaluation-error` diagnostic per failing rule, in the policy file, at the failing expression. */
  problems(): FileResult[] {
    const byFile = new Map<string, DiagnosticSink>();
    for (const failure of this.failures.values()) {
      const { ruleId, file, spot, documents, skipped, first } = failure;
      let sink = byFile.get(file);
      if (!sink) {
        const source = this.sources.get(file);
        sink = new DiagnosticSink({ text: source?.text ?? '', lineCounter: source?.lineCounter, settings: source?.settings ?? new Map(), docsUrl: docsUrlFor });
        byFile.set(file, sink);
      }
      const data = {
        rule: ruleId,
        count: documents === 1 ? '1 document' : `${documents} documents`,
        failure: `${first.document}${first.file !== undefined ? ` in ${first.file}` : ''}: ${first.error}${hint(first.error)}`,
        skipped: skipped ? ` After ${COST_FAILURES_BEFORE_SKIP} documents over the cost limit it was skipped on the other ${skipped}.` : '',
      };
      sink.emit({ rule: this.evaluationError, messageId: 'failed', data, range: spot.range, pointer: spot.path, document: spot.document });
    }
    return [...byFile].map(([file, sink]) => {
      const { diagnostics, frameLines } = sink.finish({ withFrames: this.sources.has(file) });
      return { file, diagnostics, documents: 0, skipped: 0, ...(frameLines ? { frameLines } : {}) };
    });
  }
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

  constructor(
    readonly spec: PolicyRuleSpec,
    readonly origin: PolicyOrigin,
    private readonly compiled: CompiledPolicyRule,
    private readonly sink: EvaluationSink,
  ) {
    this.meta = {
      id: spec.id,
      description: spec.description,
      severity: spec.severity,
      sources: ['security'],
      ...(spec.match?.kinds ? { kinds: [...spec.match.kinds] } : {}),
      // Like Kubernetes' transition rules: a rule that reads the old version runs only on updates.
      ...(this.usesOld ? { transition: true } : {}),
      messages: { violation: '{{message}}' },
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
    if (expression && this.sink.skipping(this)) {
      this.sink.record(this, this.spotOf('expression'), doc, 'skipped', true, true);
      return;
    }
    let failed: { spot: SourceSpot; error: string; costExceeded: boolean } | undefined;
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
        root = this.sink.celData(doc.data);
        if (doc.old) oldRoot = this.sink.celData(doc.old);
      } catch (error) {
        failed ??= { spot: this.spotOf('expression'), error: (error as Error).message, costExceeded: false };
        break;
      }
      const bindings = { self: celAt(root, target.path), object: root, oldObject: oldRoot, oldSelf: oldRoot === null ? null : celAt(oldRoot, target.path) };
      const outcome = expression.evaluate(bindings);
      spent += outcome.cost;
      if (spent > this.sink.documentBudget) {
        failed ??= { spot: this.spotOf('expression'), error: `the rule spent more than ${this.sink.documentBudget} cost units on this document (over ${targets.length} matches of given)`, costExceeded: true };
        break;
      }
      const verdict = this.verdict(outcome);
      if ('error' in verdict) {
        failed ??= { spot: this.spotOf('expression'), error: verdict.error, costExceeded: verdict.costExceeded };
        if (verdict.costExceeded) break;
        continue;
      }
      if (verdict.compliant) continue;
      const message = this.message(bindings, (error) => {
        failed ??= { spot: this.spotOf('messageExpression'), error, costExceeded: false };
      });
      ctx.report({ messageId: 'violation', path: target.path, at: reportAt(target.path, target.value), data: { message } });
    }
    if (failed) this.sink.record(this, failed.spot, doc, failed.error, failed.costExceeded);
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

  private spotOf(field: 'expression' | 'messageExpression'): SourceSpot {
    return this.origin[field] ?? this.origin.rule;
  }
}

