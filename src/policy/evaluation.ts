/**
 * Evaluating policies without shared state. What a policy rule keeps while it checks is per file and handed to it by
 * the engine (`FileEvaluation`, through `RuleContext.fileState`): the documents converted for CEL once for all the
 * policy rules, and how often each rule went over its budget in the file. What it could not check goes into the
 * file's result (`FileResult.failedChecks`), whichever thread linted it; the run then reports each failing rule
 * once, in its policy file (`evaluationProblems`), from the results in the order it delivers them.
 */
import type { CelInput } from './cel.js';
import type { LineCounter } from 'yaml';
import policyEvaluationErrorRule from '../../rules/policy/evaluation-error/index.js';
import { docsUrlFor } from '../engine/docs.js';
import { FileReporter } from '../engine/reporter.js';
import type { RuleSettings } from '../engine/settings.js';
import type { CheckFailure, FileResult, RuleDocument } from '../engine/types.js';
import { toKindCelData } from './data.js';
import type { PolicyOrigin } from './types.js';

/** After this many documents of a file over the cost limit, a rule is not evaluated on the rest of the file. */
export const COST_FAILURES_BEFORE_SKIP = 3;

/** The key under which the policy rules keep their evaluation state for a file (RuleContext.fileState). */
export const FILE_EVALUATION: object = Object.freeze({ name: 'policy evaluation' });

/** What the policy rules keep while one file is linted. */
export class FileEvaluation {
  private readonly converted = new WeakMap<object, CelInput>();
  private readonly overBudget = new Map<string, number>();

  /** A document's data (or its previous version's) converted for CEL, once per file for every policy rule. */
  celData(data: RuleDocument['data'], kind: RuleDocument['kind']): CelInput {
    let converted = this.converted.get(data);
    if (converted === undefined) {
      converted = toKindCelData(data, kind);
      this.converted.set(data, converted);
    }
    return converted;
  }

  /** A rule spent more than its budget on a document of this file. */
  spentBudget(ruleId: string): void {
    this.overBudget.set(ruleId, (this.overBudget.get(ruleId) ?? 0) + 1);
  }

  /** The rule went over its budget on enough documents of this file: it is not evaluated on the rest of it. */
  skipping(ruleId: string): boolean {
    return (this.overBudget.get(ruleId) ?? 0) >= COST_FAILURES_BEFORE_SKIP;
  }
}

/** The document, as the failure message names it. */
export function documentLabel(doc: RuleDocument): string {
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
export interface LoadedPolicyFile {
  text: string;
  lineCounter: LineCounter;
  settings: RuleSettings;
}

/** A policy rule's failures over a run: the first, in the order of the files, and how many. */
interface RunFailures {
  first: CheckFailure & { file: string };
  documents: number;
  skipped: number;
}

/**
 * One `policy/evaluation-error` diagnostic per policy rule that could not check some documents of these results,
 * in its policy file, at the failing expression; files in the order given (the first failure is the first there).
 */
export function evaluationProblems(
  results: readonly Pick<FileResult, 'file' | 'failedChecks'>[],
  origins: ReadonlyMap<string, PolicyOrigin>,
  sources: ReadonlyMap<string, LoadedPolicyFile>,
): FileResult[] {
  const byRule = new Map<string, RunFailures>();
  for (const { file, failedChecks } of results) {
    for (const checks of failedChecks ?? []) {
      const known = byRule.get(checks.rule);
      if (known) {
        known.documents += checks.documents;
        known.skipped += checks.skipped;
      } else byRule.set(checks.rule, { first: { ...checks.first, file }, documents: checks.documents, skipped: checks.skipped });
    }
  }
  const reporters = new Map<string, FileReporter>();
  for (const [rule, { first, documents, skipped }] of byRule) {
    const origin = origins.get(rule);
    if (!origin) continue;
    let reporter = reporters.get(origin.file);
    if (!reporter) {
      const source = sources.get(origin.file);
      reporter = new FileReporter({ text: source?.text ?? '', lineCounter: source?.lineCounter, settings: source?.settings ?? new Map(), docsUrl: docsUrlFor });
      reporters.set(origin.file, reporter);
    }
    const spot = origin[first.at] ?? origin.rule;
    const finding = policyEvaluationErrorRule.finding('failed', {
      rule,
      count: documents === 1 ? '1 document' : `${documents} documents`,
      failure: `${first.document} in ${first.file}: ${first.error}${hint(first.error)}`,
      skipped: skipped ? ` After ${COST_FAILURES_BEFORE_SKIP} documents over the cost limit in a file, it was skipped on the other ${skipped} there.` : '',
    });
    reporter.report({ ...finding, range: spot.range, pointer: spot.path, document: spot.document });
  }
  return [...reporters].flatMap(([file, reporter]) => {
    const { diagnostics, frameLines } = reporter.finish({ withFrames: sources.has(file) });
    return diagnostics.length ? [{ file, diagnostics, documents: 0, skipped: 0, ...(frameLines ? { frameLines } : {}) }] : [];
  });
}
