/**
 * Loads policy files into rules. Every mistake in a policy (YAML, unknown field, wrong type, bad rule id, bad
 * `given` path, CEL syntax or type error, bad regular expression) is a `policy/invalid` diagnostic at its own
 * position in the policy file; the rule concerned is left out, the other rules and files still load.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { builtinRules } from '../../rules/index.js';
import policyInvalidRule from '../../rules/policy/invalid/index.js';
import { shown } from '../engine/message-text.js';
import { decodeSource } from '../engine/decode.js';
import { FileReporter } from '../engine/reporter.js';
import { docsUrlFor } from '../engine/docs.js';
import { globProblem } from '../engine/globs.js';
import type { RuleSettings } from '../engine/settings.js';
import type { FileResult, Finding, PathSegment } from '../engine/types.js';
import { readYaml, unreadableText } from '../engine/read-yaml.js';
import { PolicyCel, DEFAULT_COST_LIMIT, type CompiledExpression } from './cel.js';
import { explainPolicyRule } from './explain.js';
import { parsePath } from './path.js';
import { DOCUMENT_BUDGET_FACTOR, PolicyRule, type CompiledPolicyRule } from './rule.js';
import { evaluationProblems, type LoadedPolicyFile } from './evaluation.js';
import { policyDocumentSchema } from './schema.js';
import { schemaProblem, type Problem } from './schema-problems.js';
import { compileAssertions } from './compile-assertions.js';
import { PolicySource } from './source.js';
import type { PolicyOrigin, PolicyRuleSpec } from './types.js';

export interface LoadPoliciesOptions {
  /** The Kubernetes version whose CEL environment the expressions run in (default: the newest platlint knows). */
  kubernetesVersion?: string;
  /** Cost units one evaluation of an expression may spend (default: Kubernetes' per-call limit). */
  costLimit?: number;
  /** Ids policy rules may not take (default: every built-in rule's). */
  reservedIds?: Iterable<string>;
  /** The rule settings in force for a policy file (severities of `policy/invalid`, `yaml/syntax`...); default: defaults. */
  settingsFor?: (absolute: string) => RuleSettings;
}

export interface LoadedPolicies {
  /** The valid policy rules, in file order: pass them to the engine with the built-in rules. */
  rules: PolicyRule[];
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
}

const POLICY_ID = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\/[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/;
/** `oldObject` and `oldSelf` are the previous version (and the old value at `given`) on updates, null otherwise. */
const VARIABLES = ['self', 'object', 'oldObject', 'oldSelf'] as const;

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
  readonly declared = new Map<string, PolicyOrigin>();
  private readonly documentBudget: number;
  private readonly validate = policyValidator();
  private readonly runtime: PolicyCel;
  private readonly reserved: Set<string>;
  private readonly settingsFor: LoadPoliciesOptions['settingsFor'];

  constructor(options: LoadPoliciesOptions) {
    const costLimit = options.costLimit ?? DEFAULT_COST_LIMIT;
    this.runtime = new PolicyCel(options.kubernetesVersion, costLimit);
    this.documentBudget = costLimit * DOCUMENT_BUDGET_FACTOR;
    this.reserved = new Set(options.reservedIds ?? builtinRules.map((r) => r.meta.id));
    this.settingsFor = options.settingsFor;
  }

  private result(file: string): FileResult {
    return { file, diagnostics: [], documents: 0, skipped: 0 };
  }

  load(input: PolicyFile): void {
    if ('ioError' in input) {
      this.problems.push({ ...this.result(input.file), ioError: input.ioError });
      return;
    }
    this.loadFile(input.file, input.absolute, input.bytes);
  }

  private loadFile(display: string, absolute: string, bytes: Uint8Array): void {
    const result = this.result(display);
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
      report({ ...policyInvalidRule.finding('invalid', { detail: problem.message }), range, pointer: path, document });
    };
    const finish = (): void => {
      const { diagnostics, frameLines } = reporter.finish({ withFrames: true });
      if (diagnostics.length) this.problems.push({ ...result, diagnostics, ...(frameLines ? { frameLines } : {}) });
    };
    if (!decoded.ok) {
      report(unreadableText(decoded.reason, 0));
      finish();
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
      this.loadDocument(display, data, new PolicySource(text, lineCounter, doc, index), invalid);
    }
    if (policies === 0 && mistakes === 0) {
      const detail = 'The file holds no policy: write a document with apiVersion: platlint/v1 and kind: Policy';
      report({ ...policyInvalidRule.finding('invalid', { detail }), range: [0, 1], pointer: '', document: 0 });
    }
    this.sources.set(display, { text, lineCounter, settings });
    finish();
  }

  private loadDocument(file: string, data: unknown, source: PolicySource, report: (problem: Problem) => void): void {
    const badRules = new Set<number>();
    let documentBad = false;
    if (!this.validate(data)) {
      const seen = new Set<string>();
      for (const error of this.validate.errors ?? []) {
        const problem = schemaProblem(error, source);
        const key = `${problem.spot.line}:${problem.spot.column}:${problem.message}`;
        if (seen.has(key)) continue;
        seen.add(key);
        report(problem);
        const match = /^\/spec\/rules\/(\d+)(?:\/|$)/.exec(error.instancePath);
        if (match) badRules.add(Number(match[1]));
        else documentBad = true;
      }
    }
    if (documentBad) return;
    const doc = data as { metadata: { name: string }; spec: { rules: PolicyRuleSpec[] } };
    doc.spec.rules.forEach((spec, index) => {
      if (badRules.has(index)) return;
      const rule = this.compileRule(file, doc.metadata.name, spec, ['spec', 'rules', index], source, report);
      if (rule) this.rules.push(rule);
    });
  }

  private compileRule(file: string, policyName: string, spec: PolicyRuleSpec, at: PathSegment[], source: PolicySource, report: (problem: Problem) => void): PolicyRule | undefined {
    let ok = true;
    const fail = (path: PathSegment[], message: string, where: 'key' | 'value' = 'value'): void => {
      ok = false;
      report({ spot: source.spot([...at, ...path], where), message });
    };
    const failIn = (path: PathSegment[], offset: number, message: string): void => {
      ok = false;
      report({ spot: source.spotInValue([...at, ...path], offset), message });
    };

    // Identity.
    if (!POLICY_ID.test(spec.id)) {
      fail(['id'], `The rule id "${spec.id}" must be lowercase and namespaced, like acme/no-cluster-admin (letters, digits and dashes; parts separated by "/")`);
    } else if (this.reserved.has(spec.id)) {
      fail(['id'], `The rule id "${spec.id}" is the id of a built-in rule; give policy rules ids of their own, namespaced with your organisation (e.g. acme/...)`);
    } else {
      const previous = this.declared.get(spec.id);
      if (previous) fail(['id'], `The rule id "${spec.id}" is already declared in ${previous.file}:${previous.rule.line}; rule ids must be unique`);
    }
    if (spec.description.trim() === '') fail(['description'], 'The description is empty: say what the rule requires, e.g. "Disallow cluster-admin for Git-managed users"');
    if (spec.docsUrl !== undefined && !/^https?:\/\/[^\s]+$/.test(spec.docsUrl)) fail(['docsUrl'], `docsUrl must be an http(s) URL, not "${spec.docsUrl}"`);

    // Match.
    const match = spec.match;
    if (match?.kinds && match.kinds.length === 0) fail(['match', 'kinds'], 'match.kinds is empty, so the rule would never apply; list User, Config or both, or leave kinds out');
    if (match?.names) {
      if (match.names.length === 0) fail(['match', 'names'], 'match.names is empty, so the rule would never apply; list globs such as "*" or leave names out');
      match.names.forEach((glob, i) => {
        if (glob === '') {
          fail(['match', 'names', i], 'An empty name glob matches nothing');
          return;
        }
        const problem = globProblem(glob);
        if (problem !== undefined) fail(['match', 'names', i], `Invalid glob "${shown(glob)}": ${problem}`);
      });
    }
    match?.labels?.matchExpressions?.forEach((req, i) => {
      const needsValues = req.operator === 'In' || req.operator === 'NotIn';
      if (req.key === '') fail(['match', 'labels', 'matchExpressions', i, 'key'], 'The label key is empty');
      if (needsValues && !req.values?.length) fail(['match', 'labels', 'matchExpressions', i, 'operator'], `The ${req.operator} operator needs a non-empty list of values`);
      if (!needsValues && req.values !== undefined) fail(['match', 'labels', 'matchExpressions', i, 'values'], `The ${req.operator} operator takes no values; remove them`, 'key');
    });

    // What is checked.
    const compiled: CompiledPolicyRule = {};
    if (spec.given !== undefined) {
      const list = Array.isArray(spec.given);
      const paths = Array.isArray(spec.given) ? spec.given : [spec.given];
      if (paths.length === 0) fail(['given'], 'given is an empty list, so the rule would check nothing; write a path, e.g. spec.clusterRoles[*]');
      compiled.given = [];
      paths.forEach((path, i) => {
        const parsed = parsePath(path);
        if (parsed.ok) compiled.given?.push(parsed.steps);
        else failIn(list ? ['given', i] : ['given'], parsed.offset, `Invalid given path "${path}": ${parsed.error}`);
      });
    }
    const hasExpression = spec.expression !== undefined;
    if (hasExpression && spec.assertions) fail(['assertions'], 'Give either expression or assertions, not both; split them into two rules', 'key');
    if (!hasExpression && !spec.assertions) fail([], 'The rule checks nothing: give an expression (CEL, with message or messageExpression) or assertions');
    if (spec.message !== undefined && spec.messageExpression !== undefined) fail(['messageExpression'], 'Give either message or messageExpression, not both', 'key');
    if (hasExpression && spec.message === undefined && spec.messageExpression === undefined) fail(['expression'], 'An expression rule needs a message or a messageExpression saying what is wrong and what to do', 'key');
    if (spec.message !== undefined && spec.message.trim() === '') fail(['message'], 'The message is empty');
    const cel = (field: 'expression' | 'messageExpression', text: string, result: 'bool' | 'string'): CompiledExpression | undefined => {
      const outcome = this.runtime.compile(text, result, VARIABLES);
      if (outcome.ok) return outcome.expression;
      failIn([field], outcome.problem.offset, `${field === 'expression' ? 'Expression' : 'Message expression'}: ${outcome.problem.message}`);
      return undefined;
    };
    if (spec.expression !== undefined) {
      const expression = cel('expression', spec.expression, 'bool');
      if (expression) compiled.expression = expression;
    }
    if (spec.messageExpression !== undefined) {
      const messageExpression = cel('messageExpression', spec.messageExpression, 'string');
      if (messageExpression) compiled.messageExpression = messageExpression;
    }
    if (spec.assertions) {
      const assertions = compileAssertions(spec, fail);
      if (assertions) compiled.assertions = assertions;
    }
    if (!ok) return undefined;

    const origin: PolicyOrigin = {
      file,
      policyName,
      rule: source.spot([...at, 'id']),
      ...(spec.expression !== undefined ? { expression: source.spot([...at, 'expression']) } : {}),
      ...(spec.messageExpression !== undefined ? { messageExpression: source.spot([...at, 'messageExpression']) } : {}),
      ...(spec.assertions ? { assertions: source.spot([...at, 'assertions'], 'key') } : {}),
    };
    this.declared.set(spec.id, origin);
    return new PolicyRule(spec, origin, compiled, this.documentBudget);
  }

}

/**
 * Loads policy files into rules (src/project/policy-files.ts finds and reads them). Never throws for a user mistake:
 * problems come back as diagnostics in the policy files, and as the files that could not be read.
 */
export function loadPolicies(files: readonly PolicyFile[], options: LoadPoliciesOptions = {}): LoadedPolicies {
  const loader = new Loader(options);
  for (const file of files) loader.load(file);
  const { rules, problems, sources, declared } = loader;
  const byId = new Map(rules.map((r) => [r.meta.id, r]));
  return {
    rules,
    problems,
    explain: (id) => {
      const rule = byId.get(id);
      return rule ? explainPolicyRule(rule) : undefined;
    },
    docsUrl: (id) => byId.get(id)?.docsUrl,
    evaluationProblems: (results) => evaluationProblems(results, declared, sources),
  };
}
