/**
 * Loads policy files into rules. Every mistake in a policy (YAML, unknown field, wrong type, bad rule id, bad
 * `given` path, CEL syntax or type error, bad regular expression) is a `policy/invalid` diagnostic at its own
 * position in the policy file; the rule concerned is left out, the other rules and files still load.
 */
import { statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { builtinRules } from '../../rules/index.js';
import { decodeSource } from '../engine/decode.js';
import { DiagnosticSink } from '../engine/diagnostics.js';
import { docsUrlFor } from '../engine/docs.js';
import { isRuleEnabled, type RuleSettings } from '../engine/settings.js';
import type { FileResult, Rule, RuleMeta } from '../engine/types.js';
import { isRecord } from '../platform/data.js';
import { goDecode } from '../yaml/go-decode.js';
import { parseYaml } from '../yaml/parse.js';
import { PolicyCel, DEFAULT_COST_LIMIT } from './cel.js';
import { RuleCompiler } from './compile-rule.js';
import { explainPolicyRule } from './explain.js';
import { DOCUMENT_BUDGET_FACTOR, EvaluationSink, PolicyRule, type EvaluationFailure } from './rule.js';
import { policyDocumentSchema } from './schema.js';
import { placeProblem, schemaProblem, type Problem } from './schema-problems.js';
import { PolicySource } from './source.js';
import { AdmissionLoader, type AdmissionReporter, type AdmissionRuntime, type AdmissionSettings } from './vap/load.js';
import type { AdmissionPolicyRule } from './vap/rule.js';
import { walkYamlFiles } from '../cli/files.js';
import { isKaptestFolder } from './fixtures.js';
import { readRegularFile, SIZE_LIMITS } from '../cli/read-file.js';
import type { PolicyRuleSpec, SourceSpot } from './types.js';

export interface LoadPoliciesOptions {
  /** The Kubernetes version whose CEL environment the expressions run in (default: the newest platlint knows). */
  kubernetesVersion?: string;
  /** Cost units one evaluation of an expression may spend (default: Kubernetes' per-call limit). */
  costLimit?: number;
  /** Ids policy rules may not take (default: every built-in rule's). */
  reservedIds?: Iterable<string>;
  /** The content of a policy file when it is not the disk's (an editor's unsaved buffer), else undefined. */
  readFile?: (absolute: string) => Uint8Array | undefined;
  /** The rule settings in force for a policy file (severities of `policy/invalid`, `yaml/syntax`...); default: defaults. */
  settingsFor?: (absolute: string) => RuleSettings;
  /** `admission` in .platlint.yaml: the user, the authorizer's answers, kinds' resources. */
  admission?: AdmissionSettings;
}

export interface LoadedPolicies {
  /** The valid policy rules, in file order, then the ValidatingAdmissionPolicies': pass them to the engine with the built-in rules. */
  rules: (PolicyRule | AdmissionPolicyRule)[];
  /** What the ValidatingAdmissionPolicies share, when there are some: the CLI adds the objects they read. */
  admission?: AdmissionRuntime;
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
  /** The evaluation errors recorded so far, as data, forgotten here: a worker thread's, for the main thread. */
  takeEvaluationFailures(): EvaluationFailure[];
  /** Evaluation errors a worker thread recorded with the same policies. */
  mergeEvaluationFailures(failures: readonly EvaluationFailure[]): void;
}

// Dot-directories (.git) are never walked (cli/files.ts).
const SKIPPED_DIRS = new Set(['node_modules', 'tests', 'test', '__tests__']);

/**
 * Policy files under a directory, in a stable order; `tests` folders (policy test fixtures) and kaptest's `*.test`
 * folders (unless `kaptest`, for `policy test`) are skipped, and so is what the directory's `.gitignore` /
 * `.platlintignore` leave out. Throws when a directory cannot be read.
 */
export function findPolicyFiles(dir: string, options: { kaptest?: boolean } = {}): string[] {
  const errors: string[] = [];
  const skipDir = options.kaptest ? undefined : isKaptestFolder;
  const files = walkYamlFiles(dir, errors, { skipDirs: SKIPPED_DIRS, cwd: dir, ...(skipDir ? { skipDir } : {}) });
  if (errors.length) throw new Error(errors[0]);
  return files;
}

/** A policy file's bytes from disk, or why they cannot be read (read-file.ts: a regular file of sane size). */
export function readPolicyFile(absolute: string): Uint8Array | string {
  const read = readRegularFile(absolute, SIZE_LIMITS.policy);
  return 'bytes' in read ? read.bytes : `cannot read the policy (${read.reason})`;
}

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
  readonly admission: AdmissionLoader;
  private readonly compiler: RuleCompiler;
  private readonly readFile: LoadPoliciesOptions['readFile'];
  private readonly settingsFor: LoadPoliciesOptions['settingsFor'];
  private readonly invalid = builtinRule('policy/invalid').meta;
  private readonly syntax = builtinRule('yaml/syntax').meta;
  private readonly loadedFiles = new Set<string>();
  /** Each file's diagnostics are finished once every file is read: a binding may name a policy of another file. */
  private readonly finishers: (() => void)[] = [];

  constructor(options: LoadPoliciesOptions) {
    const costLimit = options.costLimit ?? DEFAULT_COST_LIMIT;
    const runtime = new PolicyCel(options.kubernetesVersion, costLimit);
    this.sink = new EvaluationSink(costLimit * DOCUMENT_BUDGET_FACTOR, builtinRule('policy/evaluation-error').meta);
    this.compiler = new RuleCompiler(runtime, new Set(options.reservedIds ?? builtinRules.map((r) => r.meta.id)), this.sink);
    this.admission = new AdmissionLoader(runtime.environment, options.admission ?? {}, this.invalid);
    this.readFile = options.readFile;
    this.settingsFor = options.settingsFor;
  }

  /** Every file's problems, in the order the files were loaded. */
  finish(): void {
    for (const finish of this.finishers) finish();
  }

  private result(file: string): FileResult {
    return { file, diagnostics: [], documents: 0, skipped: 0 };
  }

  loadPath(path: string, cwd: string): void {
    const absolute = resolve(cwd, path);
    let isDir: boolean;
    try {
      isDir = statSync(absolute).isDirectory();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      this.problems.push({ ...this.result(path), ioError: code === 'ENOENT' ? 'no such policy file or directory' : `cannot read the policy (${code ?? (error as Error).message})` });
      return;
    }
    if (!isDir) {
      this.loadFile(path, absolute);
      return;
    }
    let files: string[];
    try {
      files = findPolicyFiles(absolute);
    } catch (error) {
      this.problems.push({ ...this.result(path), ioError: `cannot read the policy directory (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` });
      return;
    }
    if (files.length === 0) {
      this.problems.push({ ...this.result(path), ioError: 'no policy files (*.yaml, *.yml) in this directory' });
      return;
    }
    for (const file of files) this.loadFile(join(path, relative(absolute, file)), file);
  }

  loadFile(display: string, absolute: string): void {
    // A file named twice (itself and through its directory) is loaded once.
    if (this.loadedFiles.has(absolute)) return;
    this.loadedFiles.add(absolute);
    const result = this.result(display);
    const read = this.readFile?.(absolute) ?? readPolicyFile(absolute);
    if (typeof read === 'string') {
      this.problems.push({ ...result, ioError: read });
      return;
    }
    const bytes = read;
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
    this.finishers.push(() => {
      const { diagnostics, frameLines } = sink.finish({ withFrames: true });
      if (diagnostics.length) this.problems.push({ ...result, diagnostics, ...(frameLines ? { frameLines } : {}) });
    });
    if (unreadable !== undefined || !parsed) {
      report(this.syntax, 'syntax', unreadable ?? '', fileStart(0));
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
      const admission: AdmissionReporter = (problem, as) => {
        const { spot, message } = placeProblem(problem, source);
        if (as) report(as.rule, as.messageId, message, spot);
        else invalid({ spot, message });
      };
      const decoded = (): unknown => goDecode(doc, text).data;
      if (isRecord(data) && this.admission.add(display, data, decoded, () => source.spot(['metadata', 'name']), admission)) return;
      this.loadDocument(display, data, source, invalid);
    });
    if (policies === 0 && mistakes === 0) {
      report(this.invalid, 'invalid', 'The file holds no policy: write a document with apiVersion: platlint/v1 and kind: Policy, or a ValidatingAdmissionPolicy', fileStart(0));
    }
    this.sink.sources.set(display, { text, lineCounter: parsed.lineCounter, settings });
  }

  private loadDocument(file: string, data: unknown, source: PolicySource, report: (problem: Problem) => void): void {
    const badRules = new Set<number>();
    let documentBad = false;
    // Compiled on the first platlint Policy: a run of ValidatingAdmissionPolicies alone never pays for it.
    const validate = policyValidator();
    if (!validate(data)) {
      const seen = new Set<string>();
      for (const error of validate.errors ?? []) {
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
      const rule = this.compiler.compile(file, doc.metadata.name, spec, ['spec', 'rules', index], source, report);
      if (rule) this.rules.push(rule);
    });
  }

}

/**
 * Loads policy files and directories (resolved against `cwd`; directories are searched for `*.yaml`/`*.yml`,
 * skipping `tests` folders). Never throws for a user mistake: problems come back as diagnostics in the policy files.
 */
export function loadPolicies(paths: readonly string[], cwd: string, options: LoadPoliciesOptions = {}): LoadedPolicies {
  const loader = new Loader(options);
  for (const path of paths) loader.loadPath(path, cwd);
  const admission = loader.admission.finish();
  loader.finish();
  const { problems, sink } = loader;
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
    setCurrentFile: (file) => {
      sink.currentFile = file;
    },
    evaluationProblems: () => sink.problems(),
    clearEvaluationProblems: () => sink.clear(),
    takeEvaluationFailures: () => sink.take(),
    mergeEvaluationFailures: (failures) => sink.merge(failures),
  };
}
