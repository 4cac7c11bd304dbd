/**
 * Loads policy files into rules. Every mistake in a policy (YAML, unknown field, wrong type, bad rule id, bad
 * `given` path, CEL syntax or type error, bad regular expression) is a `policy/invalid` diagnostic at its own
 * position in the policy file; the rule concerned is left out, the other rules and files still load.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { builtinRules } from '../../rules/index.js';
import policyInvalidRule from '../../rules/policy/invalid/index.js';
import { decodeSource } from '../engine/decode.js';
import { FileReporter } from '../engine/reporter.js';
import { docsUrlFor } from '../engine/docs.js';
import type { RuleSettings } from '../engine/settings.js';
import { emptyResult, type FileResult, type Finding } from '../engine/types.js';
import { readYaml, unreadableText } from '../engine/read-yaml.js';
import { isRecord } from '../platform/data.js';
import { PolicyCel, DEFAULT_COST_LIMIT } from './cel.js';
import { RuleCompiler } from './compile-rule.js';
import { explainPolicyRule } from './explain.js';
import { DOCUMENT_BUDGET_FACTOR, PolicyRule } from './rule.js';
import { evaluationProblems, type LoadedPolicyFile } from './evaluation.js';
import { policyDocumentSchema } from './schema.js';
import { describeSchemaErrors, placeProblem, type Problem } from './schema-problems.js';
import { PolicySource } from './source.js';
import type { PolicyRuleSpec } from './types.js';
import { AdmissionLoader, type AdmissionReporter, type AdmissionRuntime, type AdmissionSettings } from './vap/load.js';
import type { AdmissionPolicyRule } from './vap/rule.js';

export interface LoadPoliciesOptions {
  /** The Kubernetes version whose CEL environment the expressions run in (default: the newest platlint knows). */
  kubernetesVersion?: string;
  /** Cost units one evaluation of an expression may spend (default: Kubernetes' per-call limit). */
  costLimit?: number;
  /** Ids policy rules may not take (default: every built-in rule's). */
  reservedIds?: Iterable<string>;
  /** The rule settings in force for a policy file (severities of `policy/invalid`, `yaml/syntax`...); default: defaults. */
  settingsFor?: (absolute: string) => RuleSettings;
  /** `admission` in .platlint.yaml: the user, the authorizer's answers, kinds' resources. */
  admission?: AdmissionSettings;
}

export interface LoadedPolicies {
  /** The valid policy rules, in file order, then the ValidatingAdmissionPolicies': pass them to the engine with the built-in rules. */
  rules: (PolicyRule | AdmissionPolicyRule)[];
  /** What the ValidatingAdmissionPolicies share, when there are some: the objects of the linted files they read. */
  admission?: AdmissionRuntime;
  /** `policy/invalid` diagnostics in the policy files, and files that could not be read (`ioError`). */
  problems: FileResult[];
  /** The Markdown page of a policy rule (`platlint explain`), or undefined for another id. */
  explain(id: string): string | undefined;
  /** The `docsUrl` a policy rule declares. */
  docsUrl(id: string): string | undefined;
  /**
   * One `policy/evaluation-error` diagnostic per policy rule that could not check some documents of these results
   * (`FileResult.failedChecks`), in its policy file; the results in the order the run delivers them.
   */
  evaluationProblems(results: readonly Pick<FileResult, 'file' | 'failedChecks'>[]): FileResult[];
  /** The text a policy file (named as in `problems`) was read as: the offsets of its problems' edits are into it. */
  sourceText(file: string): string | undefined;
}

/**
 * A policy file as the project layer hands it over (src/project/policy-files.ts): its bytes, or why it or the path
 * that named it cannot be read. `file` is how reports name it, `absolute` what its rule settings are found by.
 */
export type PolicyFile = { file: string; absolute: string; bytes: Uint8Array } | { file: string; ioError: string };

let compiledValidator: ValidateFunction | undefined;

/** Compiled once per process, on first use: ajv's code generation is the slowest part of loading policies. */
function policyValidator(): ValidateFunction {
  compiledValidator ??= new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, verbose: true }).compile(policyDocumentSchema);
  return compiledValidator;
}

class Loader {
  readonly rules: PolicyRule[] = [];
  readonly problems: FileResult[] = [];
  /** Every loaded policy file, by the name it is shown with. */
  readonly sources = new Map<string, LoadedPolicyFile>();
  readonly compiler: RuleCompiler;
  readonly admission: AdmissionLoader;
  private readonly settingsFor: LoadPoliciesOptions['settingsFor'];
  /** Each file's diagnostics are finished once every file is read: a binding may name a policy of another file. */
  private readonly finishers: (() => void)[] = [];

  constructor(options: LoadPoliciesOptions) {
    const costLimit = options.costLimit ?? DEFAULT_COST_LIMIT;
    const runtime = new PolicyCel(options.kubernetesVersion, costLimit);
    this.compiler = new RuleCompiler(runtime, new Set(options.reservedIds ?? builtinRules.map((r) => r.meta.id)), costLimit * DOCUMENT_BUDGET_FACTOR);
    this.admission = new AdmissionLoader(runtime.environment, options.admission ?? {});
    this.settingsFor = options.settingsFor;
  }

  /** Every file's problems, in the order the files were loaded. */
  finish(): void {
    for (const finish of this.finishers) finish();
  }

  load(input: PolicyFile): void {
    if ('ioError' in input) {
      this.problems.push({ ...emptyResult(input.file), ioError: input.ioError });
      return;
    }
    this.loadFile(input.file, input.absolute, input.bytes);
  }

  private loadFile(display: string, absolute: string, bytes: Uint8Array): void {
    const result = emptyResult(display);
    const decoded = decodeSource(bytes);
    const read = readYaml(decoded.ok ? decoded.text : '');
    const { text, lineCounter } = read.parsed;
    const settings = this.settingsFor?.(absolute) ?? new Map();
    const reporter = new FileReporter({ text, lineCounter, settings, docsUrl: docsUrlFor });
    // Counted whether or not their rules are on: a file with mistakes is not one that "holds no policy".
    let mistakes = 0;
    const report = (finding: Finding): void => {
      mistakes++;
      reporter.report(finding);
    };
    const invalid = (problem: Problem): void => {
      const { range, path, document } = problem.spot;
      const suggestions = problem.suggestions ? { suggestions: problem.suggestions } : {};
      report({ ...policyInvalidRule.finding('invalid', { detail: problem.message }), range, pointer: path, document, ...suggestions });
    };
    this.finishers.push(() => {
      const { diagnostics, frameLines } = reporter.finish({ withFrames: true });
      if (diagnostics.length) this.problems.push({ ...result, diagnostics, ...(frameLines ? { frameLines } : {}) });
    });
    if (!decoded.ok) {
      report(unreadableText(decoded.reason, 0));
      return;
    }
    let policies = 0;
    // Read as the platform reads YAML, as Kubernetes reads a policy: what reading finds is reported like in any file.
    for (const finding of read.findings) report(finding);
    for (const document of read.documents) {
      for (const finding of [...document.findings, ...document.duplicateKeys, ...document.decoding]) report(finding);
      const { data, doc, index } = document;
      if (document.unreadable || data === null || data === undefined) continue;
      policies++;
      const source = new PolicySource(text, lineCounter, doc, index);
      const admission: AdmissionReporter = (problem, as) => {
        const { spot, message, suggestions } = placeProblem(problem, source);
        const { range, path, document } = spot;
        report({ ...(as ?? policyInvalidRule.finding('invalid', { detail: message })), data: { detail: message }, range, pointer: path, document, ...(suggestions ? { suggestions } : {}) });
      };
      if (isRecord(data) && this.admission.add(display, data, () => source.spot(['metadata', 'name']), admission)) continue;
      this.loadDocument(display, data, source, invalid);
    }
    if (policies === 0 && mistakes === 0) {
      const detail = 'The file holds no policy: write a document with apiVersion: platlint/v1 and kind: Policy, or a ValidatingAdmissionPolicy';
      report({ ...policyInvalidRule.finding('invalid', { detail }), range: [0, 1], pointer: '', document: 0 });
    }
    this.sources.set(display, { text, lineCounter, settings });
  }

  private loadDocument(file: string, data: unknown, source: PolicySource, report: (problem: Problem) => void): void {
    const badRules = new Set<number>();
    let documentBad = false;
    // Compiled on the first platlint Policy: a run of ValidatingAdmissionPolicies alone never pays for it.
    const validate = policyValidator();
    if (!validate(data)) {
      for (const { instancePath, problem } of describeSchemaErrors(validate.errors ?? [], data)) {
        report(placeProblem(problem, source));
        const match = /^\/spec\/rules\/(\d+)(?:\/|$)/.exec(instancePath);
        if (match) badRules.add(Number(match[1]));
        else documentBad = true;
      }
    }
    if (documentBad) return;
    const doc = data as { metadata: { name: string }; spec: { rules: PolicyRuleSpec[] } };
    doc.spec.rules.forEach((spec, index) => {
      if (badRules.has(index)) return;
      const rule = this.compiler.compile(file, doc.metadata.name, spec, ['spec', 'rules', index], source, report);
      if (rule) this.rules.push(rule);
    });
  }

}

/**
 * Loads policy files into rules (src/project/policy-files.ts finds and reads them). Never throws for a user mistake:
 * problems come back as diagnostics in the policy files, and as the files that could not be read.
 */
export function loadPolicies(files: readonly PolicyFile[], options: LoadPoliciesOptions = {}): LoadedPolicies {
  const loader = new Loader(options);
  for (const file of files) loader.load(file);
  const admission = loader.admission.finish();
  loader.finish();
  const { problems, sources } = loader;
  const rules = [...loader.rules, ...(admission?.rules ?? [])];
  const byId = new Map(rules.map((r) => [r.meta.id, r]));
  return {
    rules,
    ...(admission ? { admission: admission.runtime } : {}),
    problems,
    explain: (id) => {
      const rule = byId.get(id);
      return rule ? explainPolicyRule(rule) : undefined;
    },
    docsUrl: (id) => {
      const rule = byId.get(id);
      return rule instanceof PolicyRule ? rule.docsUrl : undefined;
    },
    evaluationProblems: (results) => evaluationProblems(results, loader.compiler.declared, sources),
    sourceText: (file) => sources.get(file)?.text,
  };
}
