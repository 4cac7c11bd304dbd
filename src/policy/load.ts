/**
 * Loads policy files into rules. Every mistake in a policy (YAML, unknown field, wrong type, bad rule id, bad
 * `given` path, CEL syntax or type error, bad regular expression) is a `policy/invalid` diagnostic at its own
 * position in the policy file; the rule concerned is left out, the other rules and files still load.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { builtinRules } from '../../rules/index.js';
import { shown } from '../../rules/message-text.js';
import { decodeSource } from '../engine/decode.js';
import { DiagnosticSink } from '../engine/diagnostics.js';
import { docsUrlFor } from '../engine/docs.js';
import { globProblem } from '../engine/globs.js';
import { isRuleEnabled, type RuleSettings } from '../engine/settings.js';
import type { FileResult, PathSegment, Rule, RuleMeta } from '../engine/types.js';
import { parseYaml } from '../yaml/parse.js';
import { PolicyCel, DEFAULT_COST_LIMIT, type CompiledExpression } from './cel.js';
import { explainPolicyRule } from './explain.js';
import { parsePath } from './path.js';
import { DOCUMENT_BUDGET_FACTOR, EvaluationSink, PolicyRule, type CompiledPolicyRule } from './rule.js';
import { policyDocumentSchema } from './schema.js';
import { schemaProblem, type Problem } from './schema-problems.js';
import { compileAssertions } from './compile-assertions.js';
import { PolicySource } from './source.js';
import type { PolicyOrigin, PolicyRuleSpec, SourceSpot } from './types.js';

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
  /** Names the file being linted, for the evaluation problems' messages. */
  setCurrentFile(file: string | undefined): void;
  /** One `policy/evaluation-error` diagnostic per policy rule that failed to evaluate during the run. */
  evaluationProblems(): FileResult[];
  /** Forgets the evaluation errors recorded so far (a new run, e.g. in an editor). */
  clearEvaluationProblems(): void;
}

const POLICY_ID = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\/[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/;
/** `oldObject` and `oldSelf` are the previous version (and the old value at `given`) on updates, null otherwise. */
const VARIABLES = ['self', 'object', 'oldObject', 'oldSelf'] as const;

/**
 * A policy file as the project layer hands it over (src/project/policy-files.ts): its bytes, or why it or the path
 * that named it cannot be read. `file` is how reports name it, `absolute` what its rule settings are found by.
 */
export type PolicyFile = { file: string; absolute: string; bytes: Uint8Array } | { file: string; ioError: string };

/** The built-in rule that reports a kind of problem in policy files. */
function builtinRule(id: string): Rule {
  const rule = builtinRules.find((r) => r.meta.id === id);
  if (!rule) throw new Error(`no built-in rule ${id}`);
  return rule;
}

let compiledValidator: ValidateFunction | undefined;

/** Compiled once per process, on first use: ajv's code generation is the slowest part of loading policies. */
function policyValidator(): ValidateFunction {
  compiledValidator ??= new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, verbose: true }).compile(policyDocumentSchema);
  return compiledValidator;
}

class Loader {
  readonly rules: PolicyRule[] = [];
  readonly problems: FileResult[] = [];
  readonly sink: EvaluationSink;
  private readonly validate = policyValidator();
  private readonly runtime: PolicyCel;
  private readonly reserved: Set<string>;
  private readonly settingsFor: LoadPoliciesOptions['settingsFor'];
  private readonly invalid = builtinRule('policy/invalid').meta;
  private readonly syntax = builtinRule('yaml/syntax').meta;
  private readonly declared = new Map<string, PolicyOrigin>();

  constructor(options: LoadPoliciesOptions) {
    const costLimit = options.costLimit ?? DEFAULT_COST_LIMIT;
    this.runtime = new PolicyCel(options.kubernetesVersion, costLimit);
    this.sink = new EvaluationSink(costLimit * DOCUMENT_BUDGET_FACTOR, builtinRule('policy/evaluation-error').meta);
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
    const text = decoded.ok ? decoded.text : '';
    let parsed: ReturnType<typeof parseYaml> | undefined;
    let unreadable = decoded.ok ? undefined : decoded.reason;
    try {
      if (decoded.ok) parsed = parseYaml(text);
    } catch (error) {
      unreadable = `the file cannot be parsed (${(error as Error).message})`;
    }
    const settings = this.settingsFor?.(absolute) ?? new Map();
    const sink = new DiagnosticSink({ text, lineCounter: parsed?.lineCounter, settings, docsUrl: docsUrlFor });
    // Counted whether or not their rules are on: a file with mistakes is not one that "holds no policy".
    let mistakes = 0;
    const report = (rule: RuleMeta, messageId: string, detail: string, at: Pick<SourceSpot, 'range' | 'path' | 'document'>): void => {
      mistakes++;
      if (isRuleEnabled(rule, settings.get(rule.id))) sink.emit({ rule, messageId, data: { detail }, range: at.range, pointer: at.path, document: at.document });
    };
    const fileStart = (document: number): Pick<SourceSpot, 'range' | 'path' | 'document'> => ({ range: [0, 1], path: '', document });
    const invalid = (problem: Problem): void => report(this.invalid, 'invalid', problem.message, problem.spot);
    const finish = (): void => {
      const { diagnostics, frameLines } = sink.finish({ withFrames: true });
      if (diagnostics.length) this.problems.push({ ...result, diagnostics, ...(frameLines ? { frameLines } : {}) });
    };
    if (unreadable !== undefined || !parsed) {
      report(this.syntax, 'syntax', unreadable ?? '', fileStart(0));
      finish();
      return;
    }
    let policies = 0;
    parsed.documents.forEach((doc, index) => {
      for (const error of doc.errors) {
        const [start, end] = error.pos;
        const detail = (error.message.split('\n')[0] ?? error.code).replace(/ at line \d+, column \d+:?$/, '');
        report(this.syntax, 'syntax', detail, { range: [start, Math.max(end, start + 1)], path: '', document: index });
      }
      if (doc.errors.length || doc.contents === null) return;
      let data: unknown;
      try {
        data = doc.toJS({ maxAliasCount: 100 });
      } catch (error) {
        report(this.invalid, 'invalid', `YAML error: ${(error as Error).message}`, fileStart(index));
        return;
      }
      if (data === null || data === undefined) return;
      policies++;
      const source = new PolicySource(text, parsed.lineCounter, doc, index);
      this.loadDocument(display, data, source, invalid);
    });
    if (policies === 0 && mistakes === 0) {
      report(this.invalid, 'invalid', 'The file holds no policy: write a document with apiVersion: platlint/v1 and kind: Policy', fileStart(0));
    }
    this.sink.sources.set(display, { text, lineCounter: parsed.lineCounter, settings });
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
    return new PolicyRule(spec, origin, compiled, this.sink);
  }

}

/**
 * Loads policy files into rules (src/project/policy-files.ts finds and reads them). Never throws for a user mistake:
 * problems come back as diagnostics in the policy files, and as the files that could not be read.
 */
export function loadPolicies(files: readonly PolicyFile[], options: LoadPoliciesOptions = {}): LoadedPolicies {
  const loader = new Loader(options);
  for (const file of files) loader.load(file);
  const { rules, problems, sink } = loader;
  const byId = new Map(rules.map((r) => [r.meta.id, r]));
  return {
    rules,
    problems,
    explain: (id) => {
      const rule = byId.get(id);
      return rule ? explainPolicyRule(rule) : undefined;
    },
    docsUrl: (id) => byId.get(id)?.docsUrl,
    setCurrentFile: (file) => {
      sink.currentFile = file;
    },
    evaluationProblems: () => sink.problems(),
    clearEvaluationProblems: () => sink.clear(),
  };
}
