import { statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { format } from 'node:util';
import {
  CodeActionKind,
  createConnection,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  ExitNotification,
  ProposedFeatures,
  StreamMessageWriter,
  TextDocuments,
  TextDocumentSyncKind,
  type CodeAction,
  type Connection,
  type Disposable,
  type FileSystemWatcher,
  type InitializeParams,
  type InitializeResult,
  ErrorCodes,
  ResponseError,
  type Location,
  type Position,
  type ReferenceParams,
  type RenameParams,
  type TextDocumentPositionParams,
  type WorkspaceEdit,
} from 'vscode-languageserver/node.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CONFIG_FILE_NAMES } from '../settings-file/load.js';
import { builtinRules } from '../../rules/index.js';
import { parseClientSettings, SETTINGS_SECTION, type ClientSettings } from './client-settings.js';
import { completionsAt } from './completion.js';
import { codeActions, FIX_ALL_KIND, policyFileActions } from './convert.js';
import { hoverAt } from './hover.js';
import { definitionAt } from './definition.js';
import { signatureHelpAt } from './policy-signatures.js';
import { isInside, RuleSets } from './rule-sets.js';
import { prepareVariableRename, renameVariable, variableReferences } from './vap-variables.js';
import { pathOf, Session } from './session.js';
import { followDocuments } from './document-events.js';
import { documentSymbols } from './symbols.js';
import { workspaceSymbols } from './workspace-symbols.js';
import { relativeTo } from '../settings-file/paths.js';
import { FrameError, FrameReader, IgnoredMessage } from './frames.js';
import { Lifecycle } from './lifecycle.js';
import { clampPosition, clampRange } from './params.js';

export { LINT_DELAY_MS } from './session.js';

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

/** `workspace/executeCommand`: lint every YAML file of the workspace folders and publish the results. */
export const LINT_WORKSPACE_COMMAND = 'platlint.lintWorkspace';

/** Starts the platlint language server (`platlint lsp --stdio`); it runs until the client sends `exit`. */
export function startLanguageServer(options: LanguageServerOptions): void {
  const embedded = options.input !== undefined || options.output !== undefined;
  const output = options.output ?? process.stdout;
  const reader = new FrameReader(options.input ?? process.stdin);
  const writer = new StreamMessageWriter(output);
  const lifecycle = new Lifecycle(
    (response) => void writer.write(response).catch(() => undefined),
    (line) => session.log(line),
  );
  const connection: Connection = createConnection(ProposedFeatures.all, reader, writer, { messageStrategy: lifecycle });
  /** The client is gone or unreadable: the process ends (0 after `shutdown`, as LSP's `exit`); given streams just close. */
  const end = (code: number, line?: string): void => {
    session.stop();
    if (embedded) {
      connection.dispose();
      output.end();
      return;
    }
    if (line) process.stderr.write(`${line}\n`);
    process.exit(code);
  };
  reader.onError((error) => {
    if (error instanceof FrameError) end(1, `platlint lsp: ${error.message}; closing the connection`);
    else if (error instanceof IgnoredMessage) session.log(error.message);
    else session.logError('cannot handle a message', error);
  });
  reader.onClose(() => end(lifecycle.shutDown ? 0 : 1));
  if (!embedded) {
    // Anything printed to stdout would corrupt the protocol stream.
    const toLog = (...args: unknown[]): void => connection.console.log(format(...args));
    Object.assign(console, { log: toLog, info: toLog, debug: toLog });
  }
  const documents = new TextDocuments(TextDocument);
  const session = new Session(connection, documents, [resolve(options.cwd)]);

  let documentChanges = false;
  let watchDynamic = false;
  let watchRelative = false;
  let workspaceFolderEvents = false;
  let pullConfiguration = false;
  let configurationEvents = false;
  let readSettings: () => Promise<void> = () => Promise.resolve();
  let watcherRegistration: Promise<Disposable> | undefined;
  let watcherKey = '';

  const updateWatchers = async (): Promise<void> => {
    if (!watchDynamic || session.shuttingDown) return;
    const watchers: FileSystemWatcher[] = CONFIG_FILE_NAMES.map((name) => ({ globPattern: `**/${name}` }));
    for (const path of await session.ruleSets.watchedPaths()) {
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
        const root = session.ruleSets.roots.find((r) => isInside(base, r));
        if (root) watchers.push({ globPattern: [relativeTo(root, base), pattern].filter(Boolean).join('/') });
      }
    }
    const key = JSON.stringify(watchers);
    if (key === watcherKey) return;
    watcherKey = key;
    const previous = watcherRegistration;
    watcherRegistration = connection.client.register(DidChangeWatchedFilesNotification.type, { watchers });
    watcherRegistration.catch((error: unknown) => session.logError('cannot watch the configuration files', error));
    previous?.then((registration) => registration.dispose(), () => undefined);
  };
  session.onReload = () => void updateWatchers();

  /** Reads the `platlint` settings, once for the window and once per workspace folder (scopeUri): each mistake said once. */
  const fetchSettings = async (pushed?: unknown): Promise<void> => {
    const said = new Set<string>();
    const read = (value: unknown): ClientSettings => {
      const { settings, problems } = parseClientSettings(value);
      for (const problem of problems) {
        if (!said.has(problem)) connection.console.warn(`platlint: ${problem}`);
        said.add(problem);
      }
      return settings;
    };
    session.folderSettings = new Map();
    if (!pullConfiguration) {
      session.settings = read(pushed);
      return;
    }
    const roots = session.ruleSets.roots;
    try {
      const values: unknown[] = await connection.workspace.getConfiguration([
        { section: SETTINGS_SECTION },
        ...roots.map((root) => ({ scopeUri: pathToFileURL(root).href, section: SETTINGS_SECTION })),
      ]);
      session.settings = read(values[0]);
      roots.forEach((root, i) => session.folderSettings.set(root, read(values[i + 1])));
    } catch (error) {
      session.logError('cannot read the editor settings', error);
    }
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const folders = (params.workspaceFolders ?? []).map((f) => pathOf(f.uri)).filter((p): p is string => p !== undefined);
    const root = params.rootUri ? pathOf(params.rootUri) : (params.rootPath ?? undefined);
    if (folders.length) session.ruleSets.roots = folders;
    else if (root) session.ruleSets.roots = [resolve(root)];
    const capabilities = params.capabilities;
    documentChanges = capabilities.workspace?.workspaceEdit?.documentChanges === true;
    watchDynamic = capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    watchRelative = capabilities.workspace?.didChangeWatchedFiles?.relativePatternSupport === true;
    workspaceFolderEvents = capabilities.workspace?.workspaceFolders === true;
    pullConfiguration = capabilities.workspace?.configuration === true;
    configurationEvents = capabilities.workspace?.didChangeConfiguration?.dynamicRegistration === true;
    session.pull = capabilities.textDocument?.diagnostic !== undefined;
    // Documents opened before the settings arrive wait for them rather than flash the config file's severities.
    let settingsRead: () => void = () => undefined;
    if (pullConfiguration) session.settingsReady = new Promise((resolve) => (settingsRead = resolve));
    readSettings = async () => {
      await fetchSettings();
      settingsRead();
    };
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND] },
        hoverProvider: true,
        completionProvider: { triggerCharacters: [':', ',', '.'] },
        signatureHelpProvider: { triggerCharacters: ['(', ','], retriggerCharacters: [')'] },
        definitionProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        documentSymbolProvider: true,
        workspaceSymbolProvider: true,
        diagnosticProvider: { identifier: 'platlint', interFileDependencies: false, workspaceDiagnostics: true },
        executeCommandProvider: { commands: [LINT_WORKSPACE_COMMAND] },
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'platlint' },
    };
  });

  connection.onInitialized(async () => {
    void updateWatchers();
    if (configurationEvents) void connection.client.register(DidChangeConfigurationNotification.type, { section: SETTINGS_SECTION });
    if (workspaceFolderEvents) {
      connection.workspace.onDidChangeWorkspaceFolders((event) => {
        const removed = new Set(event.removed.map((f) => pathOf(f.uri)));
        const added = event.added.map((f) => pathOf(f.uri)).filter((p): p is string => p !== undefined);
        const roots = [...session.ruleSets.roots.filter((r) => !removed.has(r)), ...added];
        session.ruleSets.roots = roots.length ? roots : [resolve(options.cwd)];
        void fetchSettings().then(() => session.reload());
      });
    }
    await readSettings();
  });

  followDocuments(connection, documents, session);

  connection.onDidChangeConfiguration(async (params) => {
    const pushed: unknown = (params.settings as Record<string, unknown> | null | undefined)?.[SETTINGS_SECTION];
    await fetchSettings(pushed);
    session.reload();
  });

  connection.onCodeAction(async (params): Promise<CodeAction[]> => {
    try {
      const uri = params.textDocument.uri;
      const analysis = await session.current(uri);
      const document = documents.get(uri);
      if (!document) return [];
      const request = { document, range: clampRange(document, params.range), contextDiagnostics: params.context.diagnostics, ...(params.context.only ? { only: params.context.only } : {}), documentChanges };
      // A policy file is linted too (as a file with no platform object); its own problems come from its rule sets.
      const linted = analysis ? codeActions({ ...request, result: analysis.result, lint: analysis.lint }) : [];
      return [...linted, ...policyFileActions({ ...request, diagnostics: await session.currentProblems(document) })];
    } catch (error) {
      session.logError('cannot compute code actions', error);
      return [];
    }
  });

  /**
   * A request at a position of an open document of the workspace, answered with the document, its path and the
   * position clamped to it; `none` for another document, or when answering fails (said in the editor's log).
   */
  const atPosition =
    <T, P extends TextDocumentPositionParams = TextDocumentPositionParams>(what: string, none: T, answer: (document: TextDocument, path: string, position: Position, params: P) => T | Promise<T>) =>
    async (params: P): Promise<T> => {
      try {
        const document = documents.get(params.textDocument.uri);
        const path = pathOf(params.textDocument.uri);
        return document && path !== undefined ? await answer(document, path, clampPosition(document, params.position), params) : none;
      } catch (error) {
        session.logError(`cannot ${what}`, error);
        return none;
      }
    };

  connection.onHover(
    atPosition('compute the hover', null, async (document, path, position) => {
      const analysis = session.isManifest(document) ? await session.current(document.uri) : undefined;
      const ruleSet = analysis?.ruleSet ?? (await session.ruleSets.ruleSetFor(path));
      return hoverAt(document, position, {
        rules: ruleSet.rules,
        docsUrl: (id) => ruleSet.docsUrl(id),
        diagnostics: analysis?.result.diagnostics ?? [],
        // A policy file is no config file: its CEL, given paths and keys have their own hover.
        isConfigFile: await session.ruleSets.isSettingsFile(path),
        embedded: ruleSet.config.embeddedFor(path).map((source) => source.at),
        ...(ruleSet.config.kubernetesVersion ? { kubernetesVersion: ruleSet.config.kubernetesVersion } : {}),
      });
    }),
  );

  connection.onCompletion(
    atPosition('compute completions', [], async (document, path, position) => {
      const isConfigFile = await session.ruleSets.isSettingsFile(path);
      if (!(session.isManifest(document) || isConfigFile)) return [];
      const ruleSet = await session.ruleSets.ruleSetFor(path);
      const embedded = ruleSet.config.embeddedFor(path).map((source) => source.at);
      const kubernetesVersion = ruleSet.config.kubernetesVersion;
      return completionsAt(document, position, { rules: ruleSet.rules.length ? ruleSet.rules : builtinRules, isConfigFile, embedded, ...(kubernetesVersion ? { kubernetesVersion } : {}) });
    }),
  );

  connection.onSignatureHelp(
    atPosition('compute signature help', null, async (document, path, position) => signatureHelpAt(document, position, (await session.ruleSets.ruleSetFor(path)).config.kubernetesVersion)),
  );

  connection.onDefinition(
    atPosition('find the definition', null, async (document, path, position) => {
      const ruleSet = await session.ruleSets.ruleSetFor(path);
      const policyFileUri = (file: string): string => RuleSets.policyFileUri(ruleSet, file);
      const settingsFile = ruleSet.config.files.find((file) => file.path === path);
      return definitionAt(document, position, { rules: ruleSet.rules, isConfigFile: await session.ruleSets.isSettingsFile(path), policyFileUri, settingsFile });
    }),
  );

  connection.onReferences(atPosition<Location[], ReferenceParams>('find the references', [], (document, _path, position, params) => variableReferences(document, position, params.context.includeDeclaration)));

  connection.onPrepareRename(atPosition('prepare the rename', null, (document, _path, position) => prepareVariableRename(document, position)));

  connection.onRenameRequest(
    atPosition<WorkspaceEdit | ResponseError | null, RenameParams>('rename', null, (document, _path, position, params) => {
      const renamed = renameVariable(document, position, params.newName);
      if (renamed && 'refused' in renamed) return new ResponseError(ErrorCodes.InvalidRequest, renamed.refused);
      return renamed?.edit ?? null;
    }),
  );

  connection.onDocumentSymbol(({ textDocument }) => {
    const document = documents.get(textDocument.uri);
    return document && session.isManifest(document) ? documentSymbols(document) : [];
  });

  connection.onWorkspaceSymbol(async ({ query }) => {
    try {
      return workspaceSymbols(await session.workspaceRules(), query);
    } catch (error) {
      session.logError('cannot list the workspace symbols', error);
      return [];
    }
  });

  connection.languages.diagnostics.on(async ({ textDocument }) => {
    const analysis = await session.current(textDocument.uri);
    return { kind: 'full', items: analysis || pathOf(textDocument.uri) !== undefined ? session.diagnosticsFor(textDocument.uri) : [] };
  });

  connection.languages.diagnostics.onWorkspace(async () => {
    const reports = await session.lintWorkspace();
    return { items: reports.map((r) => ({ kind: 'full' as const, uri: r.uri, version: r.version, items: r.diagnostics })) };
  });

  connection.onExecuteCommand(async ({ command }) => {
    if (command !== LINT_WORKSPACE_COMMAND) return null;
    return { problems: await session.pushWorkspace() };
  });

  connection.onShutdown(() => session.stop());

  // Given streams: replaces the library's handler, which exits the process (0 after `shutdown`, else 1).
  if (embedded) connection.onNotification(ExitNotification.type, () => end(0));

  documents.listen(connection);
  connection.listen();
}
