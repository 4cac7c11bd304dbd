import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { afterAll } from 'vitest';
import { tempTree } from '../helpers/files.js';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type ClientCapabilities,
  type CodeAction,
  type InitializeResult,
  type LogMessageParams,
  type MessageConnection,
  type PublishDiagnosticsParams,
  type Range,
  type ShowMessageParams,
} from 'vscode-languageserver/node.js';
import { startLanguageServer } from '../../src/lsp/server.js';

/** A User with a misspelt field (`emial`) and a quoted number (`tokenGeneration: "3"`): two diagnostics. */
export const BROKEN_USER = [
  'apiVersion: management.platform/v1',
  'kind: User',
  'metadata:',
  '  name: jane',
  'spec:',
  '  username: jane',
  '  emial: jane@example.com',
  '  tokenGeneration: "3"',
  '',
].join('\n');

export const WAIT_MS = 4_000;
export const TEST_MS = 10_000;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

export function workspace(files: Record<string, string>): string {
  const dir = tempTree('platlint-lsp-', files);
  dirs.push(dir);
  return dir;
}

export function within<T>(promise: Promise<T>, what: string, ms = WAIT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A language client over in-memory streams, with the server running in this process. */
export class Client {
  /** What the client answers to `workspace/configuration` for the `platlint` section (a function: by scopeUri). */
  settings: unknown = null;
  readonly connection: MessageConnection;
  readonly messages: ShowMessageParams[] = [];
  /** Every window/logMessage, in order. */
  readonly logs: LogMessageParams[] = [];
  /** Every publishDiagnostics, in order. */
  readonly published: PublishDiagnosticsParams[] = [];
  private readonly unread = new Map<string, PublishDiagnosticsParams[]>();
  private readonly waiting = new Map<string, (p: PublishDiagnosticsParams) => void>();
  readonly closed: Promise<void>;
  refreshes = 0;
  private versions = new Map<string, number>();

  constructor(readonly root: string) {
    const toServer = new PassThrough();
    const toClient = new PassThrough();
    startLanguageServer({ cwd: root, input: toServer, output: toClient });
    this.connection = createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
    this.connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
      this.published.push(params);
      const waiter = this.waiting.get(params.uri);
      if (waiter) {
        this.waiting.delete(params.uri);
        waiter(params);
      } else {
        this.unread.set(params.uri, [...(this.unread.get(params.uri) ?? []), params]);
      }
    });
    this.connection.onRequest('window/showMessageRequest', (params: ShowMessageParams) => {
      this.messages.push(params);
      return null;
    });
    this.connection.onNotification('window/logMessage', (params: LogMessageParams) => {
      this.logs.push(params);
    });
    this.connection.onRequest('workspace/configuration', (params: { items: { scopeUri?: string }[] }) =>
      params.items.map((item) => (typeof this.settings === 'function' ? (this.settings as (scope?: string) => unknown)(item.scopeUri) : this.settings)),
    );
    this.connection.onRequest('client/registerCapability', () => null);
    this.connection.onRequest('workspace/diagnostic/refresh', () => {
      this.refreshes++;
      return null;
    });
    this.closed = new Promise((resolve) => this.connection.onClose(() => resolve()));
    this.connection.listen();
  }

  uri(name: string): string {
    return pathToFileURL(join(this.root, name)).href;
  }

  async initialize(capabilities: ClientCapabilities = {}, folders: string[] | null = null): Promise<InitializeResult> {
    const result = await within(this.connection.sendRequest<InitializeResult>('initialize', {
      processId: null,
      rootUri: pathToFileURL(this.root).href,
      capabilities,
      workspaceFolders: folders && folders.map((f) => ({ uri: pathToFileURL(f).href, name: f })),
    }), 'initialize');
    await this.connection.sendNotification('initialized', {});
    return result;
  }

  /** The next diagnostics published for the document (already received ones first). */
  diagnostics(uri: string): Promise<PublishDiagnosticsParams> {
    const queued = this.unread.get(uri)?.shift();
    if (queued) return Promise.resolve(queued);
    return within(new Promise((resolve) => this.waiting.set(uri, resolve)), `diagnostics for ${uri}`);
  }

  async open(name: string, text: string, languageId = 'yaml'): Promise<string> {
    const uri = this.uri(name);
    this.versions.set(uri, 1);
    await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
    return uri;
  }

  async change(uri: string, text: string): Promise<number> {
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    await this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
    return version;
  }

  codeActions(uri: string, range: Range, diagnostics: unknown[] = [], only?: string[]): Promise<CodeAction[]> {
    return within(this.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range,
      context: { diagnostics, ...(only ? { only } : {}) },
    }), 'code actions');
  }

  request<T>(method: string, params: unknown): Promise<T> {
    return within(this.connection.sendRequest<T>(method, params), method);
  }

  /** Edits a range of the document as typing does (incremental sync). */
  async edit(uri: string, range: Range, text: string): Promise<number> {
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    await this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ range, text }] });
    return version;
  }

  /** Waits for diagnostics of the document that satisfy a condition, skipping earlier ones. */
  async diagnosticsUntil(uri: string, done: (p: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams> {
    for (;;) {
      const next = await this.diagnostics(uri);
      if (done(next)) return next;
    }
  }

  async stop(): Promise<void> {
    await within(this.connection.sendRequest('shutdown'), 'shutdown');
    await this.connection.sendNotification('exit');
    await within(this.closed, 'the server to close the connection');
    this.connection.dispose();
  }
}

