/**
 * The round trip of `platlint policy export`: every User object of the fixtures and examples, judged by the original
 * rules (built-in rules, or policy rules) and by the ValidatingAdmissionPolicies exported from them, as platlint's
 * own VAP evaluator decides them (src/policy/vap/, through the loader `platlint --policy` uses). For each rule and
 * object, the severities the rule reports must be the severities the exported bindings give: error for Deny (and
 * for an evaluation error under failurePolicy Fail), warning for Warn, info for Audit.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { lintText } from '../../src/engine/lint.js';
import { join, relative } from 'node:path';
import { defaultOptionsOf } from '../../src/engine/define-rule.js';
import { effectiveSeverity, messageSpec } from '../../src/engine/settings.js';
import type { Diagnostic, Rule, RuleContext, RuleDocument, Severity } from '../../src/engine/types.js';
import { ChangeContext } from '../../src/change/context.js';
import { exportYaml } from '../../src/policy/export/index.js';
import { loadPolicyPaths } from '../../src/project/policy-files.js';
import { AdmissionPolicyRule } from '../../src/policy/vap/rule.js';
import type { ValidationAction } from '../../src/policy/vap/types.js';
import { companionOf, lintFixture } from '../../src/site/fixtures.js';
import { FIXTURES } from './fixtures.js';
import { tempTree } from './files.js';

const SEVERITY_OF_ACTION: Readonly<Record<ValidationAction, Severity>> = { Deny: 'error', Warn: 'warning', Audit: 'info' };

/** One rule's verdict and the exported policies' verdict on one object, where they differ. */
export interface Mismatch {
  file: string;
  object: string;
  rule: string;
  reported: Severity[];
  admission: Severity[];
}

export interface RoundTrip {
  mismatches: Mismatch[];
  /** Objects judged (each User of each fixture, as a create or an update). */
  objects: number;
  /** Per rule, on how many objects it reported something. */
  reportedOn: Map<string, number>;
}

/** Every YAML file under fixtures/ that is linted on its own: `X.old.yaml` and patch bases go with their fixture. */
export function manifestFiles(dir = FIXTURES): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...manifestFiles(path));
    else if (/\.ya?ml$/.test(name) && !/(?:^|\.)(?:old|base)\.ya?ml$/.test(name)) out.push(path);
  }
  return out;
}

/** The severities a rule's reports have, by default settings. */
function severityOf(rule: Rule, messageId: string): Severity {
  return effectiveSeverity(rule.meta, messageSpec(rule, messageId), undefined);
}

/** What the kubectl sends the API server for a document: a List's items carry the apiVersion and kind of the List's items. */
function asSent(doc: RuleDocument, data: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return { ...data, apiVersion: typeof data['apiVersion'] === 'string' ? data['apiVersion'] : doc.apiVersion, kind: typeof data['kind'] === 'string' ? data['kind'] : doc.kind };
}

function objectLabel(doc: RuleDocument): string {
  const metadata = doc.data['metadata'];
  const name = typeof metadata === 'object' && metadata !== null ? (metadata as Record<string, unknown>)['name'] : undefined;
  return `${doc.kind} ${typeof name === 'string' ? name : '(unnamed)'}${doc.old ? ' (update)' : ''}`;
}

const sorted = (set: ReadonlySet<Severity>): Severity[] => [...set].sort();

/** The id of the rule (or twin check) an exported policy stands for: its `platlint.dev/rule` annotation. */
function exportedIds(documents: readonly Record<string, unknown>[]): Map<string, string> {
  const ids = new Map<string, string>();
  for (const doc of documents) {
    const metadata = doc['metadata'] as { name: string; annotations: Record<string, string> };
    ids.set(metadata.name, metadata.annotations['platlint.dev/rule'] ?? '');
  }
  return ids;
}

/**
 * The exported `documents`, loaded as `platlint --policy` loads them, and the original `rules`, judging the same
 * objects. `ruleOf` names the original rule of an exported id (a twin's check is its rule's).
 */
export class AdmissionRoundTrip {
  readonly result: RoundTrip = { mismatches: [], objects: 0, reportedOn: new Map() };
  private readonly judge: Rule;
  private source = '';

  constructor(rules: readonly Rule[], documents: readonly Record<string, unknown>[], ruleOf: (exportedId: string) => string = (id) => id) {
    const ids = exportedIds(documents);
    const dir = tempTree('platlint-roundtrip-', { 'exported.yaml': exportYaml(documents) });
    let loaded;
    try {
      loaded = loadPolicyPaths(['exported.yaml'], dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const problems = loaded.problems.flatMap((p) => [p.ioError ?? '', ...p.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`)]).filter((line) => line !== '');
    if (problems.length) throw new Error(`the export does not load: ${problems.join('; ')}`);
    const admission = loaded.admission;
    if (!admission) throw new Error('the export holds no ValidatingAdmissionPolicy');
    const policies = loaded.rules.filter((r): r is AdmissionPolicyRule => r instanceof AdmissionPolicyRule);
    const { result } = this;
    this.judge = {
      meta: { id: 'test/roundtrip', description: 'The round trip of the export', severity: 'error', sources: ['spec'], kinds: ['User'] },
      messages: { none: 'never reported' },
      check: (doc, ctx) => {
        result.objects++;
        const reported = new Map<string, Set<Severity>>(rules.map((r) => [r.meta.id, new Set()]));
        for (const rule of rules) {
          // A transition rule judges updates only; the policy exported from it matches UPDATE only.
          if (rule.meta.transition && !doc.old) continue;
          const inner: RuleContext = { ...ctx, facts: ctx.facts, options: defaultOptionsOf(rule.meta.optionsSchema), report: (r) => reported.get(rule.meta.id)?.add(severityOf(rule, r.messageId)) };
          rule.check?.(doc, inner);
        }
        const admitted = new Map<string, Set<Severity>>(rules.map((r) => [r.meta.id, new Set()]));
        const input = { object: asSent(doc, doc.data), oldObject: doc.old ? asSent(doc, doc.old) : null, operation: doc.old ? ('UPDATE' as const) : ('CREATE' as const), userInfo: admission.userInfo, dryRun: false };
        for (const policy of policies) {
          const severities = admitted.get(ruleOf(ids.get(policy.bound.policy.spec.name) ?? ''));
          if (!severities) throw new Error(`the exported policy ${policy.bound.policy.spec.name} stands for no rule of the round trip`);
          for (const outcome of admission.policies.decide(policy.bound, input)) {
            for (const decision of outcome.decisions) {
              if (decision.action !== 'deny') continue;
              if (decision.enforced) severities.add('error');
              else for (const action of outcome.actions) severities.add(SEVERITY_OF_ACTION[action]);
            }
          }
        }
        for (const rule of rules) {
          const id = rule.meta.id;
          const mine = reported.get(id) ?? new Set<Severity>();
          const theirs = admitted.get(id) ?? new Set<Severity>();
          if (mine.size) result.reportedOn.set(id, (result.reportedOn.get(id) ?? 0) + 1);
          if (sorted(mine).join() !== sorted(theirs).join()) result.mismatches.push({ file: this.source, object: objectLabel(doc), rule: id, reported: sorted(mine), admission: sorted(theirs) });
        }
      },
    };
  }

  /** A fixture, with the previous version or patch base beside it (src/site/fixtures.ts). */
  judgeFile(path: string): void {
    const text = readFileSync(path, 'utf8');
    // A patch of the examples is applied to the previous version the docs name, not to a base of its folder.
    const companion = companionOf(path);
    if (companion?.role === 'base' && !existsSync(companion.file)) return this.judgeText(relative(FIXTURES, path), text);
    this.source = relative(FIXTURES, path);
    this.failures(lintFixture(path, text, { rules: [this.judge], pruneSections: false }));
  }

  /** A manifest, as an update of `previous` when given (as `platlint diff` pairs them). */
  judgeText(source: string, text: string, previous?: string): void {
    this.source = source;
    const change = previous === undefined ? undefined : new ChangeContext({ text: () => previous, files: () => ['old.yaml'], oldPathOf: () => 'old.yaml' });
    const filename = 'test.yaml';
    this.failures(lintText(text, { filename, rules: [this.judge], settings: new Map(), pruneSections: false, ...(change ? { previousOf: change.previousFor(filename, text) } : {}) }).diagnostics);
  }

  /** The judge reports nothing: a diagnostic of it is a failure of its own (internal/rule-error), which must not hide. */
  private failures(diagnostics: readonly Diagnostic[]): void {
    const failures = diagnostics.filter((d) => d.ruleId === 'internal/rule-error');
    if (failures.length) throw new Error(`${this.source}: ${failures.map((d) => d.message).join('; ')}`);
  }
}

/** Judges every User of the fixtures and examples (or of `files`). */
export function roundTrip(rules: readonly Rule[], documents: readonly Record<string, unknown>[], ruleOf?: (exportedId: string) => string, files = manifestFiles()): RoundTrip {
  const trip = new AdmissionRoundTrip(rules, documents, ruleOf);
  for (const path of files) trip.judgeFile(path);
  return trip.result;
}
