/**
 * The state of one editor session: which documents are open, what each was last linted to, which config and
 * policy problems were published where. The protocol wiring is in server.ts.
 */
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MessageType, ShowMessageNotification, type Connection, type Diagnostic as LspDiagnostic, type TextDocuments } from 'vscode-languageserver/node.js';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { isConfigFileName } from '../settings-file/load.js';
import { isYamlFileName } from '../settings-file/paths.js';
import { textLines } from '../engine/message-text.js';
import { lintBuffer, type LintOptions } from '../engine/lint.js';
import { checkText } from '../engine/decode.js';
import { emptyResult, type Diagnostic, type FileResult } from '../engine/types.js';
import { isTemplatedYaml } from '../engine/templated.js';
import type { RuleSet } from '../project/rule-set.js';
import { lintFile, resolveInputs } from '../project/files.js';
import { DEFAULT_CLIENT_SETTINGS, type ClientSettings } from './client-settings.js';
import { noFixesProblem, unknownRuleProblem } from '../engine/settings.js';
import { lintOptionsFor, type ProjectLinting } from '../project/file-linting.js';
import { overridePatterns, type RuleOverride } from '../project/settings.js';
import { toLspDiagnostic } from './convert.js';
import { DocumentLinting } from './linting.js';
import { policyFixtureDiagnostics } from './policy-fixture.js';
import { byFile, RuleSets } from './rule-sets.js';
import type { LoadedRules } from './workspace-symbols.js';
import { EditorSuppressions } from '../project/suppressions.js';

/** Time a document must stay unchanged before it is linted again. */
export const LINT_DELAY_MS = 150;

export interface Analysis {
  version: number;
  result: FileResult;
  stale: ReadonlySet<Diagnostic>;
  ruleSet: RuleSet | undefined;
  /** Lints another text of the same document with the same options (fix-all re-lints until stable). */
  lint(text: string): FileResult;
}

export function pathOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

/**
 * Helm templates are not manifests until rendered: the editor says so by language, the engine by the text. A text
 * the CLI refuses (NUL bytes) is none either: the CLI says it is binary, before it looks for `{{`.
 */
function isTemplate(document: TextDocument, path: string): boolean {
  if (document.languageId === 'helm') return true;
  const checked = checkText(document.getText());
  return checked.ok && isTemplatedYaml(checked.text, path);
}

export class Session {
  readonly ruleSets: RuleSets;
  private readonly suppressions: EditorSuppressions;
  readonly analyses = new Map<string, Analysis>();
  private readonly linting = new Map<string, DocumentLinting>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Config and policy problems by absolute file, as last published, with the URI they went to. */
  private problems = new Map<string, Diagnostic[]>();
  private problemUris = new Map<string, string>();
  /** The editor's settings: for files outside every folder, and by workspace folder (each may differ). */
  settings: ClientSettings = DEFAULT_CLIENT_SETTINGS;
  folderSettings = new Map<string, ClientSettings>();
  /** Settles once the editor's settings were read (at once for a client without `workspace/configuration`). */
  settingsReady: Promise<void> = Promise.resolve();
  /** The client pulls diagnostics (`textDocument/diagnostic`): nothing is pushed for documents. */
  pull = false;
  shuttingDown = false;
  /** Called after the rule sets were reloaded (watchers follow the new policy paths). */
  onReload: () => void = () => undefined;

  constructor(
    private readonly connection: Connection,
    readonly documents: TextDocuments<TextDocument>,
    roots: string[],
  ) {
    this.ruleSets = new RuleSets({ openText: (path) => this.openDocument(path)?.getText(), logError: (what, error) => this.logError(what, error) }, roots);
    this.suppressions = new EditorSuppressions(this.ruleSets.readFile, (line) => this.warn(line));
  }

  /** One line the person should see (a file platlint cannot read), shown by the editor as a warning (window/showMessage). */
  warn(line: string): void {
    if (!this.shuttingDown) void this.connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: `platlint: ${line}` });
  }

  /** One line in the client's log. */
  log(line: string): void {
    this.connection.console.error(`platlint: ${line}`);
  }

  /** A stack trace in the client's log helps no user (the CLI reproduces a bug with its stack): the message only. */
  logError(what: string, error: unknown): void {
    const reason = textLines(error instanceof Error ? error.message : String(error)).join('; ');
    this.log(`${what}: ${reason}`);
  }

  openDocument(path: string): TextDocument | undefined {
    return this.documents.all().find((d) => pathOf(d.uri) === path);
  }

  /** Linted as a manifest: a YAML file on disk that is not Helm, nor a config or policy file. */
  isManifest(document: TextDocument): boolean {
    const path = pathOf(document.uri);
    if (path === undefined) return false;
    if (document.languageId !== 'yaml' && !isYamlFileName(path)) return false;
    return !isConfigFileName(path) && !isTemplate(document, path);
  }

  /** Lints the document's current text (no publishing); undefined when it is gone or not a manifest. */
  async analyse(uri: string): Promise<Analysis | undefined> {
    const before = this.documents.get(uri);
    const path = pathOf(uri);
    if (!before || path === undefined || !this.isManifest(before)) return undefined;
    await this.settingsReady;
    const ruleSet = await this.ruleSets.ruleSetFor(path);
    const document = this.documents.get(uri);
    if (!document) return undefined;
    if (this.settingsFor(path).enable && ruleSet.isPolicyFixture(path)) {
      const text = document.getText();
      const result = { ...emptyResult(path), diagnostics: await policyFixtureDiagnostics(path, text, ruleSet.config.baseDir, this.ruleSets.readFile) };
      return { version: document.version, result, stale: new Set(), ruleSet, lint: () => result };
    }
    if (!this.settingsFor(path).enable || ruleSet.config.isIgnored(path) || (await this.ruleSets.isRuleSetFile(path))) {
      return { version: document.version, result: emptyResult(path), stale: new Set(), ruleSet, lint: () => emptyResult(path) };
    }
    const options = this.lintOptions(ruleSet, path);
    const lint = (text: string): FileResult => {
      try {
        return lintBuffer(text, options);
      } catch (error) {
        this.logError(`cannot lint ${path}`, error);
        return emptyResult(path);
      }
    };
    let linting = this.linting.get(uri);
    if (!linting) {
      linting = new DocumentLinting();
      this.linting.set(uri, linting);
    }
    const policies = ruleSet.policies;
    // Admission policies read the Namespaces and parameter objects of the files linted: the open ones, as they are.
    const admission = policies?.admission;
    const clusterObjects = admission?.readsClusterObjects ? this.documents.all().filter((d) => this.isManifest(d)).flatMap((d) => admission.clusterObjectsIn(d.getText())) : [];
    admission?.cluster.useLinted(clusterObjects);
    let linted;
    try {
      // A document's result holds for the rule sets loaded (a policy edited re-lints every document) and the objects read.
      linted = linting.lint(document.getText(), options, `${this.ruleSets.revision}\u0000${clusterObjects.length ? JSON.stringify(clusterObjects) : ''}`);
    } catch (error) {
      this.logError(`cannot lint ${path}`, error);
      linted = { result: emptyResult(path), stale: new Set<Diagnostic>() };
    }
    // What the policies could not check of this document, said in their files (its documents reused or not).
    const evaluation = byFile(ruleSet.policies?.evaluationProblems([linted.result]) ?? [], ruleSet.config.baseDir);
    if (JSON.stringify([...evaluation]) !== JSON.stringify([...(this.evaluation.get(uri) ?? [])])) this.evaluationChanged = true;
    this.evaluation.set(uri, evaluation);
    return { version: document.version, ...linted, ruleSet, lint };
  }

  /** `policy/evaluation-error` problems by linted document, then by policy file. */
  private readonly evaluation = new Map<string, Map<string, Diagnostic[]>>();
  /** A lint changed them since the problems were last gathered. */
  private evaluationChanged = false;
  /** The rule sets' revision the problems were last gathered at. */
  private problemsRevision: number | undefined;

  settingsFor(path: string): ClientSettings {
    return this.folderSettings.get(this.ruleSets.rootFor(path)) ?? this.settings;
  }

  /** The editor's overrides checked against each rule set they were applied with: each mistake is said once. */
  private readonly checkedOverrides = new WeakMap<readonly RuleOverride[], WeakSet<RuleSet>>();

  private warnUnknownRules(ruleSet: RuleSet, overrides: readonly RuleOverride[]): void {
    let checked = this.checkedOverrides.get(overrides);
    if (!checked) this.checkedOverrides.set(overrides, (checked = new WeakSet()));
    if (checked.has(ruleSet)) return;
    checked.add(ruleSet);
    for (const override of overrides) {
      for (const pattern of overridePatterns(override)) {
        const problem = 'severity' in override ? unknownRuleProblem(pattern, ruleSet.rules) : noFixesProblem(pattern, ruleSet.rules);
        const setting = 'severity' in override ? `platlint.rules.${pattern}` : `platlint.${'patterns' in override ? 'fixable' : 'unfixable'}: ${pattern}`;
        if (problem !== undefined) this.connection.console.warn(`platlint: ${setting}: ${problem}`);
      }
    }
  }

  /** How the file is linted: as the CLI lints it, with the editor's settings on top. */
  projectLinting(ruleSet: RuleSet, path: string): ProjectLinting {
    const { overrides } = this.settingsFor(path);
    this.warnUnknownRules(ruleSet, overrides);
    // The baseline and exceptions hide in the editor what they hide on the command line.
    return { ruleSet, overrides, suppressorFor: (file) => this.suppressions.forFile(ruleSet, file) };
  }

  lintOptions(ruleSet: RuleSet, path: string): LintOptions {
    return lintOptionsFor(this.projectLinting(ruleSet, path), path);
  }

  /**
   * The problems found in a policy file, when they were found in the document's text as it is now: their edits'
   * offsets are into that text (an edit since, not yet loaded again, would move them).
   */
  async currentProblems(document: TextDocument): Promise<Diagnostic[]> {
    const path = pathOf(document.uri);
    const found = path === undefined ? undefined : await this.ruleSets.policyFileProblems(path);
    return found?.text === document.getText() ? found.diagnostics : [];
  }

  /** What the document's diagnostics are now: its lint, and the problems found in it as a config or policy file. */
  diagnosticsFor(uri: string): LspDiagnostic[] {
    const analysis = this.analyses.get(uri);
    const path = pathOf(uri);
    const linted = analysis ? analysis.result.diagnostics.map((d) => toLspDiagnostic(d, analysis.stale.has(d))) : [];
    return [...linted, ...(path === undefined ? [] : (this.problems.get(path) ?? []).map((d) => toLspDiagnostic(d)))];
  }

  publish(uri: string): void {
    if (this.shuttingDown || this.pull) return;
    const analysis = this.analyses.get(uri);
    void this.connection.sendDiagnostics({ uri, ...(analysis ? { version: analysis.version } : {}), diagnostics: this.diagnosticsFor(uri) });
  }

  /** Asks a pulling client to pull again (the rules changed). */
  private refreshPulls(): void {
    if (this.pull && !this.shuttingDown) this.connection.languages.diagnostics.refresh();
  }

  async lintAndPublish(uri: string): Promise<void> {
    try {
      const analysis = await this.analyse(uri);
      if (!analysis || this.shuttingDown || this.documents.get(uri)?.version !== analysis.version) return;
      this.analyses.set(uri, analysis);
      this.publish(uri);
      // Most keystrokes change neither the rule sets nor a policy's evaluation problems: nothing to gather again.
      if (this.evaluationChanged || this.ruleSets.revision !== this.problemsRevision) await this.refreshProblems();
    } catch (error) {
      this.logError(`cannot lint ${uri}`, error);
    }
  }

  /** Publishes config and policy problems (open files or not) and clears the ones that went away. */
  async refreshProblems(): Promise<void> {
    const revision = this.ruleSets.revision;
    this.evaluationChanged = false;
    const next = await this.ruleSets.problems();
    this.problemsRevision = revision;
    for (const byPolicy of this.evaluation.values()) {
      for (const [file, list] of byPolicy) next.set(file, [...(next.get(file) ?? []), ...list]);
    }
    if (JSON.stringify([...next]) === JSON.stringify([...this.problems])) return;
    const before = this.problemUris;
    this.problems = next;
    this.problemUris = new Map([...next.keys()].map((path) => [path, this.openDocument(path)?.uri ?? pathToFileURL(path).href]));
    for (const [path, uri] of before) if (!this.problemUris.has(path)) this.publish(this.openDocument(path)?.uri ?? uri);
    for (const uri of this.problemUris.values()) this.publish(uri);
    this.refreshPulls();
  }

  schedule(uri: string, delay: number): void {
    clearTimeout(this.timers.get(uri));
    this.timers.set(uri, setTimeout(() => {
      this.timers.delete(uri);
      void this.lintAndPublish(uri);
    }, delay));
  }

  private reloadTimer: NodeJS.Timeout | undefined;

  /** The rules changed (config or policy edited, saved or changed on disk, settings, folders): lint everything again. */
  reload(delay = 0): void {
    clearTimeout(this.reloadTimer);
    this.reloadTimer = setTimeout(() => {
      this.ruleSets.reload();
      // Results of the old rules must not feed code actions until the documents are linted again.
      this.analyses.clear();
      this.evaluation.clear();
      for (const document of this.documents.all()) {
        if (this.isManifest(document)) this.schedule(document.uri, 0);
      }
      void this.settleProblems();
      this.refreshPulls();
      this.onReload();
    }, delay);
  }

  /** Loads the rule sets of the open config files, so that their mistakes show with no manifest open. */
  private async settleProblems(): Promise<void> {
    for (const document of this.documents.all()) {
      const path = pathOf(document.uri);
      if (path !== undefined && isConfigFileName(path)) await this.ruleSets.ruleSetFor(path).catch((error: unknown) => this.logError('cannot load the configuration', error));
    }
    await this.refreshProblems();
  }

  async opened(document: TextDocument): Promise<void> {
    const path = pathOf(document.uri);
    if (path !== undefined && isConfigFileName(path)) await this.settleProblems();
    else if (path !== undefined && this.problems.has(path)) this.publish(document.uri);
  }

  closed(document: TextDocument): void {
    clearTimeout(this.timers.get(document.uri));
    this.timers.delete(document.uri);
    this.linting.delete(document.uri);
    const linted = this.analyses.delete(document.uri);
    const path = pathOf(document.uri);
    if (this.evaluation.delete(document.uri)) void this.refreshProblems();
    if (linted && !this.shuttingDown && !this.pull && !(path !== undefined && this.problems.has(path))) {
      void this.connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
    }
  }

  /** The current analysis of an open document, linting it now if it changed since. */
  async current(uri: string): Promise<Analysis | undefined> {
    const document = this.documents.get(uri);
    if (!document) return undefined;
    let analysis = this.analyses.get(uri);
    if (!analysis || analysis.version !== document.version) analysis = await this.analyse(uri);
    if (!analysis || this.documents.get(uri)?.version !== analysis.version) return undefined;
    this.analyses.set(uri, analysis);
    return analysis;
  }

  /** Every YAML file of the workspace folders, linted from disk (open files from their buffers). */
  async lintWorkspace(): Promise<{ uri: string; version: number | null; diagnostics: LspDiagnostic[] }[]> {
    const out: { uri: string; version: number | null; diagnostics: LspDiagnostic[] }[] = [];
    for (const root of this.ruleSets.roots) {
      const inputs = resolveInputs([root], root);
      // An ignore file that cannot be read (a FIFO, a device) is said as the CLI says it; the walk goes on.
      for (const error of inputs.errors) this.warn(error);
      for (const file of inputs.files) {
        const uri = pathToFileURL(file).href;
        const open = this.documents.get(uri);
        if (open) {
          const analysis = await this.current(uri);
          out.push({ uri, version: open.version, diagnostics: analysis ? this.diagnosticsFor(uri) : [] });
          continue;
        }
        if (isConfigFileName(file) || (await this.ruleSets.isRuleSetFile(file))) continue;
        const ruleSet = await this.ruleSets.ruleSetFor(file);
        if (!this.settingsFor(file).enable || ruleSet.config.isIgnored(file)) continue;
        // Read and decoded as the CLI reads it: a FIFO or device is refused rather than read forever, a binary or
        // UTF-16 file or a template gets what the CLI says of it.
        const result = lintFile(this.projectLinting(ruleSet, file), file, root);
        if (result.ioError !== undefined) {
          this.log(result.ioError);
          continue;
        }
        out.push({ uri, version: null, diagnostics: result.diagnostics.map((d) => toLspDiagnostic(d)) });
      }
    }
    return out;
  }

  /**
   * The custom rules of the workspace: the rule sets of the workspace folders and of the open documents are loaded
   * (those of other folders with their own config file are, once a file of theirs was linted or opened).
   */
  async workspaceRules(): Promise<LoadedRules[]> {
    // A rule set belongs to a directory: any file name directly in the folder finds the folder's config file.
    const files = [...this.ruleSets.roots.map((root) => join(root, 'workspace.yaml')), ...this.documents.all().flatMap((d) => pathOf(d.uri) ?? [])];
    for (const file of files) await this.ruleSets.ruleSetFor(file);
    return (await this.ruleSets.loadedRuleSets()).map((ruleSet) => ({ rules: ruleSet.rules, policyFileUri: (file) => RuleSets.policyFileUri(ruleSet, file) }));
  }

  /** Workspace diagnostics for clients that only take pushed ones: published for every file, open or not. */
  async pushWorkspace(): Promise<number> {
    const reports = await this.lintWorkspace();
    for (const report of reports) {
      if (this.documents.get(report.uri)) continue;
      if (!this.shuttingDown) void this.connection.sendDiagnostics({ uri: report.uri, diagnostics: report.diagnostics });
    }
    return reports.reduce((n, r) => n + r.diagnostics.length, 0);
  }

  stop(): void {
    this.shuttingDown = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    clearTimeout(this.reloadTimer);
  }
}
