/**
 * Globs micromatch cannot compile, given to the language server as a user's editor does: over stdio to the built
 * `platlint lsp --stdio`. A mistake is a line in the editor's log or a diagnostic on the config file, the open file
 * keeps its diagnostics, and nothing reaches the client as a stack trace.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type LogMessageParams, type MessageConnection, type PublishDiagnosticsParams } from 'vscode-languageserver/node.js';
import { BIN } from '../helpers/cli.js';
import { BROKEN_USER, TEST_MS, within, workspace } from './client.js';

const LONG = 'a'.repeat(70_000);
const TOO_LONG = 'the glob is 70,000 characters long; a glob has at most 65,536';

interface StdioServer {
  connection: MessageConnection;
  logs: LogMessageParams[];
  stderr: () => string;
  /** The first diagnostics published for a file of the workspace. */
  diagnostics(name: string): Promise<PublishDiagnosticsParams>;
  stop(): Promise<number | null>;
}

/** The built server started as an editor starts it, answering `workspace/configuration` with `settings` for the workspace folder. */
async function startServer(root: string, settings: unknown): Promise<StdioServer> {
  const server = spawn(process.execPath, [BIN, 'lsp', '--stdio'], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
  const connection = createMessageConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
  const logs: LogMessageParams[] = [];
  const published = new Map<string, PublishDiagnosticsParams>();
  const waiting = new Map<string, (params: PublishDiagnosticsParams) => void>();
  connection.onNotification('window/logMessage', (params: LogMessageParams) => logs.push(params));
  connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
    if (!published.has(params.uri)) published.set(params.uri, params);
    waiting.get(params.uri)?.(params);
  });
  connection.onRequest('workspace/configuration', (params: { items: { scopeUri?: string }[] }) => params.items.map((item) => (item.scopeUri ? settings : null)));
  connection.onRequest('client/registerCapability', () => null);
  connection.listen();
  await within(connection.sendRequest('initialize', { processId: null, rootUri: pathToFileURL(root).href, capabilities: { workspace: { configuration: true } } }), 'initialize', 20_000);
  await connection.sendNotification('initialized', {});
  return {
    connection,
    logs,
    stderr: () => stderr,
    diagnostics: (name) => {
      const uri = pathToFileURL(join(root, name)).href;
      const known = published.get(uri);
      return known ? Promise.resolve(known) : within(new Promise((resolve) => waiting.set(uri, resolve)), `diagnostics for ${name}`, 20_000);
    },
    stop: async () => {
      await within(connection.sendRequest('shutdown'), 'shutdown');
      await connection.sendNotification('exit');
      const code = await within(exited, 'the server to exit');
      connection.dispose();
      return code;
    },
  };
}

async function open(server: StdioServer, root: string, name: string, text: string): Promise<void> {
  await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: pathToFileURL(join(root, name)).href, languageId: 'yaml', version: 1, text } });
}

describe('a glob micromatch cannot compile, in the language server', () => {
  it("in the editor's settings: left out with a line in the log, the other settings apply, no stack trace", async () => {
    const root = workspace({});
    const server = await startServer(root, { rules: { [LONG]: 'off', 'schema/unknown-field': 'off' } });
    await open(server, root, 'jane.yaml', BROKEN_USER);
    expect((await server.diagnostics('jane.yaml')).diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([['schema/type', 7]]);
    expect(server.logs.filter((log) => log.message.includes(TOO_LONG))).toEqual([{ type: 2, message: `platlint: platlint.rules.${'a'.repeat(119)}…: ${TOO_LONG}` }]);
    expect(server.logs.filter((log) => /\n\s+at /.test(log.message))).toEqual([]);
    expect(await server.stop()).toBe(0);
    expect(server.stderr()).toBe('');
  }, TEST_MS * 3);

  it('in .platlint.yaml: a diagnostic at the glob on the config file, and the open file linted with the defaults', async () => {
    const root = workspace({ '.platlint.yaml': `ignore: ["${LONG}"]\n` });
    const server = await startServer(root, null);
    await open(server, root, 'jane.yaml', BROKEN_USER);
    expect((await server.diagnostics('jane.yaml')).diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([['schema/unknown-field', 6], ['schema/type', 7]]);
    const config = await server.diagnostics('.platlint.yaml');
    expect(config.diagnostics.map((d) => [d.code, d.range.start, d.message])).toEqual([
      ['config-file/invalid', { line: 0, character: 9 }, `ignore.0: ${TOO_LONG} (linting with the built-in defaults until it is fixed)`],
    ]);
    expect(server.logs.filter((log) => /\n\s+at /.test(log.message))).toEqual([]);
    expect(await server.stop()).toBe(0);
    expect(server.stderr()).toBe('');
  }, TEST_MS * 3);
});
