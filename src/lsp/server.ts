import { statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format } from 'node:util';
import {
  CodeActionKind,
  createConnection,
  DidChangeWatchedFilesNotification,
  ExitNotification,
  ProposedFeatures,
  StreamMessageReader,
  StreamMessageWriter,
  TextDocuments,
  TextDocumentSyncKind,
  type CodeAction,
  type Connection,
  type Diagnostic as LspDiagnostic,
  type Disposable,
  type FileSystemWatcher,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver/node.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CONFIG_FILE_NAMES, ConfigError } from '../config/load.js';
import { lintText, type LintOptions } from '../engine/lint.js';
import type { Diagnostic, FileResult } from '../engine/types.js';
import { loadRuleSet, type RuleSet } from '../cli/rule-set.js';
import { codeActions, FIX_ALL_KIND, toLspDiagnostic } from './convert.js';

export interface LanguageServerOptions {
  /** Where the configuration is looked for when the client names no workspace folder. */
  cwd: string;
  /**
   * The protocol streams; stdin/stdout when not given. With streams given (tests, embedding) the `exit` notification
   * closes the connection and ends `output` instead of exiting the process.
   */
  input?: NodeJS.ReadableStream;
  output?: NodeJS.WritableStream;
}

/** Time a document must stay unchanged before it is linted again. */
export const LINT_DELAY_MS = 150;

const YAML_URI = /\.ya?ml$/i;

interface Analysis {
  version: number;
  result: FileResult;
  /** Lints another text of the same document with the same options (fix-all re-lints until stable). */
  lint(text: string): FileResult;
  /** `policy/evaluation-error` diagnostics of this lint, by policy file. */
  evaluation: Map<string, Diagnostic[]>;
}

function emptyResult(file: string): FileResult {
  return { file, diagnostics: [], documents: 0, skipped: 0 };
}

function pathOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

function isInside(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** Diagnostics by absolute file; policy problems name their files relative to the directory the rule set loaded from. */
function byFile(results: readonly FileResult[], base: string): Map<string, Diagnostic[]> {
  const out = new Map<string, Diagnostic[]>();
  for (const r of results) {
    const file = resolve(base, r.file);
    if (r.diagnostics.length) out.set(file, [...(out.get(file) ?? []), ...r.diagnostics]);
  }
  return out;
}

/** Starts the platlint language server (`platlint lsp --stdio`); it runs until the client sends `exit`. */
export function startLanguageServer(options: LanguageServerOptions): void {
  const embedded = options.input !== undefined || options.output !== undefined;
  // Raw process streams let the library exit the process when the client goes away; given streams never do.
  const connection: Connection = embedded
    ? createConnection(ProposedFeatures.all, new StreamMessageReader(options.input ?? process.stdin), new StreamMessageWriter(options.output ?? process.stdout))
    : createConnection(ProposedFeatures.all, process.stdin, process.stdout);
  if (!embedded) {
    // Anything printed to stdout would corrupt the protocol stream.
    const toLog = (...args: unknown[]): void => connection.console.log(format(...args));
    Object.assign(console, { log: toLog, info: toLog, debug: toLog });
  }
  const documents = new TextDocuments(TextDocument);

  let roots: string[] = [resolve(options.cwd)];
  let documentChanges = false;
  let watchDynamic = false;
  let watchRelative = false;
  let workspaceFolderEvents = false;
  let shuttingDown = false;

  /** Rule sets by workspace root, loaded on first use; a reload drops them all. */
  const ruleSets = new Map<string, Promise<RuleSet>>();
  let generation = 0;
  /** Absolute policy files and directories of the loaded rule sets: saving one reloads. */
  const policyPaths = new Map<string, string[]>();
  /** Config errors already shown, so that one broken file is one message, not one per reload. */
  const shownErrors = new Set<string>();

  const timers = new Map<string, NodeJS.Timeout>();
  const analyses = new Map<string, Analysis>();
  const lintDiagnostics = new Map<string, { version: number; diagnostics: LspDiagnostic[] }>();
  /** `policy/invalid` problems by root then policy file, and evaluation errors by linted document then policy file. */
  const loadProblems = new Map<string, Map<string, Diagnostic[]>>();
  const evaluationProblems = new Map<string, Map<string, Diagnostic[]>>();
  /** Policy files whose problems were published, with the URI they went to. */
  let policyPublished = new Map<string, string>();
  let watcherRegistration: Promise<Disposable> | undefined;
  let watcherKey = '';

  const logError = (what: string, error: unknown): void => {
    connection.console.error(`platlint: ${what}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  };

  const showError = (message: string): void => {
    // A `window/showMessageRequest` (typed void without actions): a client that lacks it answers with an error.
    Promise.resolve<unknown>(connection.window.showErrorMessage(message)).catch((error: unknown) => logError('cannot show a message', error));
  };

  const isYaml = (document: TextDocument): boolean => document.languageId === 'yaml' || YAML_URI.test(document.uri.replace(/[?#].*$/, ''));

  const rootFor = (path: string | undefined): string => {
    const inside = path === undefined ? [] : roots.filter((r) => isInside(path, r)).sort((a, b) => b.length - a.length);
    return inside[0] ?? roots[0] ?? resolve(options.cwd);
  };

  /** The path rule settings and ignores are matched against; untitled documents count as files in the root. */
  const filenameOf = (uri: string): string => {
    const path = pathOf(uri);
    if (path !== undefined) return path;
    const name = decodeURIComponent(uri.replace(/[?#].*$/, '').replace(/^[a-z][a-z0-9+.-]*:/i, '')).split(/[\\/]/).pop() || 'untitled.yaml';
    return join(roots[0] ?? resolve(options.cwd), name);
  };

  const openUriOf = (path: string): string | undefined => documents.all().find((d) => pathOf(d.uri) === path)?.uri;

  const policyDiagnosticsFor = (path: string | undefined): LspDiagnostic[] => {
    if (path === undefined) return [];
    const seen = new Set<string>();
    const out: LspDiagnostic[] = [];
    for (const problems of [...loadProblems.values(), ...evaluationProblems.values()]) {
      for (const d of problems.get(path) ?? []) {
        const key = JSON.stringify([d.ruleId, d.line, d.column, d.endLine, d.endColumn, d.message]);
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(toLspDiagnostic(d));
      }
    }
    return out;
  };

  const publish = (uri: string): void => {
    if (shuttingDown) return;
    const linted = lintDiagnostics.get(uri);
    const diagnostics = [...(linted?.diagnostics ?? []), ...policyDiagnosticsFor(pathOf(uri))];
    void connection.sendDiagnostics({ uri, ...(linted ? { version: linted.version } : {}), diagnostics });
  };

  /** Publishes the problems of policy files (open or not) and clears the ones that went away. */
  const refreshPolicyDiagnostics = (): void => {
    const paths = new Set<string>();
    for (const problems of [...loadProblems.values(), ...evaluationProblems.values()]) for (const path of problems.keys()) paths.add(path);
    const next = new Map<string, string>();
    for (const path of paths) next.set(path, openUriOf(path) ?? pathToFileURL(path).href);
    for (const [path, uri] of policyPublished) if (!next.has(path)) publish(openUriOf(path) ?? uri);
    for (const uri of next.values()) publish(uri);
    policyPublished = next;
  };

  const isRuleSetFile = (path: string | undefined): boolean =>
    path !== undefined && (CONFIG_FILE_NAMES.includes(basename(path)) || [...policyPaths.values()].flat().some((p) => isInside(path, p)));

  const updateWatchers = (): void => {
    if (!watchDynamic || shuttingDown) return;
    const watchers: FileSystemWatcher[] = CONFIG_FILE_NAMES.map((name) => ({ globPattern: `**/${name}` }));
    for (const path of new Set([...policyPaths.values()].flat())) {
      let directory = false;
      try {
        directory = statSync(path).isDirectory();
      } catch {
        // A policy path that does not exist yet may still be created.
      }
      const [base, pattern] = directory ? [path, '**/*.{yaml,yml}'] : [dirname(path), basename(path)];
      if (watchRelative) {
        watchers.push({ globPattern: { baseUri: pathToFileURL(base).href, pattern } });
      } else {
        const root = roots.find((r) => isInside(base, r));
        if (root) watchers.push({ globPattern: [relative(root, base).split(sep).join('/'), pattern].filter(Boolean).join('/') });
      }
    }
    const key = JSON.stringify(watchers);
    if (key === watcherKey) return;
    watcherKey = key;
    const previous = watcherRegistration;
    watcherRegistration = connection.client.register(DidChangeWatchedFilesNotification.type, { watchers });
    watcherRegistration.catch((error: unknown) => logError('cannot watch the configuration files', error));
    previous?.then((registration) => registration.dispose(), () => undefined);
  };

  const load = async (root: string): Promise<RuleSet> => {
    const loading = generation;
    let ruleSet: RuleSet;
    try {
      ruleSet = await loadRuleSet({}, root);
      for (const key of [...shownErrors]) if (key.startsWith(`${root}\u0000`)) shownErrors.delete(key);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!(error instanceof ConfigError)) logError('cannot load the configuration', error);
      const key = `${root}\u0000${message}`;
      if (!shownErrors.has(key)) {
        shownErrors.add(key);
        showError(`platlint: ${message}${/[.?!]$/.test(message) ? '' : '.'} Linting with the built-in defaults until the configuration is fixed.`);
      }
      ruleSet = await loadRuleSet({ config: false }, root);
    }
    // Reloaded meanwhile: this rule set is already stale, and its problems with it.
    if (loading !== generation) return ruleSet;
    const problems = ruleSet.policies?.problems ?? [];
    for (const problem of problems) {
      if (problem.ioError && !shownErrors.has(`${root}\u0000${problem.ioError}`)) {
        shownErrors.add(`${root}\u0000${problem.ioError}`);
        showError(`platlint: ${problem.ioError}`);
      }
    }
    loadProblems.set(root, byFile(problems, root));
    policyPaths.set(root, ruleSet.config.policyPaths());
    refreshPolicyDiagnostics();
    updateWatchers();
    return ruleSet;
  };

  const ruleSetFor = async (root: string): Promise<RuleSet> => {
    for (;;) {
      const current = generation;
      let pending = ruleSets.get(root);
      if (!pending) {
        pending = load(root);
        ruleSets.set(root, pending);
      }
      const ruleSet = await pending;
      // A reload while this one loaded: lint with the newer rules.
      if (current === generation) return ruleSet;
    }
  };

  /** Lints the document's current text (no publishing); undefined when it is gone or not YAML. */
  const analyse = async (uri: string): Promise<Analysis | undefined> => {
    const before = documents.get(uri);
    if (!before || !isYaml(before)) return undefined;
    const filename = filenameOf(uri);
    const root = rootFor(pathOf(uri));
    const ruleSet = await ruleSetFor(root);
    const document = documents.get(uri);
    if (!document) return undefined;
    if (ruleSet.config.isIgnored(filename)) {
      return { version: document.version, result: emptyResult(filename), lint: () => emptyResult(filename), evaluation: new Map() };
    }
    const lintOptions: LintOptions = { filename, rules: ruleSet.rules, settings: ruleSet.config.settingsFor(filename), docsUrl: ruleSet.docsUrl };
    const policies = ruleSet.policies;
    const lint = (text: string): FileResult => {
      try {
        return lintText(text, lintOptions);
      } catch (error) {
        logError(`cannot lint ${filename}`, error);
        return emptyResult(filename);
      }
    };
    policies?.clearEvaluationProblems();
    policies?.setCurrentFile(filename);
    const result = lint(document.getText());
    policies?.setCurrentFile(undefined);
    const evaluation = byFile(policies?.evaluationProblems() ?? [], root);
    return { version: document.version, result, lint, evaluation };
  };

  const lintAndPublish = async (uri: string): Promise<void> => {
    try {
      const analysis = await analyse(uri);
      if (!analysis || shuttingDown || documents.get(uri)?.version !== analysis.version) return;
      analyses.set(uri, analysis);
      lintDiagnostics.set(uri, { version: analysis.version, diagnostics: analysis.result.diagnostics.map(toLspDiagnostic) });
      publish(uri);
      const previous = evaluationProblems.get(uri);
      if (JSON.stringify([...(previous ?? [])]) !== JSON.stringify([...analysis.evaluation])) {
        if (analysis.evaluation.size) evaluationProblems.set(uri, analysis.evaluation);
        else evaluationProblems.delete(uri);
        refreshPolicyDiagnostics();
      }
    } catch (error) {
      logError(`cannot lint ${uri}`, error);
    }
  };

  const schedule = (uri: string, delay: number): void => {
    clearTimeout(timers.get(uri));
    timers.set(uri, setTimeout(() => {
      timers.delete(uri);
      void lintAndPublish(uri);
    }, delay));
  };

  const reload = (): void => {
    generation++;
    ruleSets.clear();
    // Results of the old rules must not feed code actions until the documents are linted again.
    analyses.clear();
    policyPaths.clear();
    loadProblems.clear();
    evaluationProblems.clear();
    refreshPolicyDiagnostics();
    for (const document of documents.all()) if (isYaml(document)) schedule(document.uri, 0);
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const folders = (params.workspaceFolders ?? []).map((f) => pathOf(f.uri)).filter((p): p is string => p !== undefined);
    const root = params.rootUri ? pathOf(params.rootUri) : (params.rootPath ?? undefined);
    roots = folders.length ? folders : root ? [resolve(root)] : roots;
    const capabilities = params.capabilities;
    documentChanges = capabilities.workspace?.workspaceEdit?.documentChanges === true;
    watchDynamic = capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    watchRelative = capabilities.workspace?.didChangeWatchedFiles?.relativePatternSupport === true;
    workspaceFolderEvents = capabilities.workspace?.workspaceFolders === true;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND] },
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'platlint' },
    };
  });

  connection.onInitialized(() => {
    updateWatchers();
    if (workspaceFolderEvents) {
      connection.workspace.onDidChangeWorkspaceFolders((event) => {
        const removed = new Set(event.removed.map((f) => pathOf(f.uri)));
        const added = event.added.map((f) => pathOf(f.uri)).filter((p): p is string => p !== undefined);
        roots = [...roots.filter((r) => !removed.has(r)), ...added];
        if (roots.length === 0) roots = [resolve(options.cwd)];
        reload();
      });
    }
  });

  documents.onDidChangeContent(({ document }) => {
    if (isYaml(document)) schedule(document.uri, LINT_DELAY_MS);
  });

  documents.onDidSave(({ document }) => {
    if (isRuleSetFile(pathOf(document.uri))) reload();
    else if (isYaml(document)) schedule(document.uri, 0);
  });

  documents.onDidClose(({ document }) => {
    clearTimeout(timers.get(document.uri));
    timers.delete(document.uri);
    analyses.delete(document.uri);
    const linted = lintDiagnostics.delete(document.uri);
    const hadEvaluation = evaluationProblems.delete(document.uri);
    if (linted && !shuttingDown) void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
    if (hadEvaluation || policyPublished.has(pathOf(document.uri) ?? '')) refreshPolicyDiagnostics();
  });

  connection.onDidChangeWatchedFiles(({ changes }) => {
    if (changes.some((c) => isRuleSetFile(pathOf(c.uri)))) reload();
  });

  connection.onDidChangeConfiguration(() => reload());

  connection.onCodeAction(async (params): Promise<CodeAction[]> => {
    try {
      const uri = params.textDocument.uri;
      const document = documents.get(uri);
      if (!document || !isYaml(document)) return [];
      let analysis = analyses.get(uri);
      // Offsets are only valid for the text they were computed on: re-lint an edited document now.
      if (!analysis || analysis.version !== document.version) analysis = await analyse(uri);
      const current = documents.get(uri);
      if (!analysis || !current || current.version !== analysis.version) return [];
      return codeActions({
        document: current,
        result: analysis.result,
        range: params.range,
        contextDiagnostics: params.context.diagnostics,
        ...(params.context.only ? { only: params.context.only } : {}),
        lint: analysis.lint,
        documentChanges,
      });
    } catch (error) {
      logError('cannot compute code actions', error);
      return [];
    }
  });

  connection.onShutdown(() => {
    shuttingDown = true;
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
  });

  if (embedded) {
    // Replaces the library's handler, which exits the process.
    connection.onNotification(ExitNotification.type, () => {
      shuttingDown = true;
      for (const timer of timers.values()) clearTimeout(timer);
      connection.dispose();
      options.output?.end();
    });
  }

  documents.listen(connection);
  connection.listen();
}
