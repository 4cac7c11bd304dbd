/**
 * Globs micromatch cannot compile, given to the language server as a user's editor does: over stdio to the built
 * `platlint lsp --stdio`. A mistake is a line in the editor's log or a diagnostic on the config file, the open file
 * keeps its diagnostics, and nothing reaches the client as a stack trace.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BROKEN_USER, TEST_MS, workspace } from './client.js';
import { serverStarter, type Received, type StdioServer } from './stdio.js';

const LONG = 'a'.repeat(70_000);
const TOO_LONG = 'the glob is 70,000 characters long; a glob has at most 65,536';

const startServer = serverStarter();

/** The diagnostics published for a file of the server's workspace, as [code, line, character, message]. */
async function published(server: StdioServer, name: string): Promise<[unknown, number, number, string][]> {
  const uri = pathToFileURL(join(server.root, name)).href;
  const message = await server.next(`diagnostics for ${name}`, (m) => m['method'] === 'textDocument/publishDiagnostics' && (m['params'] as { uri: string }).uri === uri);
  const { diagnostics } = message['params'] as { diagnostics: { code: unknown; range: { start: { line: number; character: number } }; message: string }[] };
  return diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character, d.message]);
}

const stackTraces = (messages: readonly Received[]): Received[] => messages.filter((m) => /\n\s+at /.test(JSON.stringify(m).replace(/\\n/g, '\n')));

async function stop(server: StdioServer): Promise<number | null> {
  await server.request(99, 'shutdown');
  server.send({ method: 'exit' });
  return server.exit();
}

describe('a glob micromatch cannot compile, in the language server', () => {
  it("in the editor's settings: left out with a line in the log, the other settings apply, no stack trace", async () => {
    const server = startServer(workspace({}));
    await server.initialize();
    server.send({ method: 'workspace/didChangeConfiguration', params: { settings: { platlint: { rules: { [LONG]: 'off', 'schema/unknown-field': 'off' } } } } });
    server.open('jane.yaml', BROKEN_USER);
    expect((await published(server, 'jane.yaml')).map(([code, line]) => [code, line])).toEqual([['schema/type', 7]]);
    expect(server.logged().filter((line) => line.includes(TOO_LONG))).toEqual([`platlint: platlint.rules.${'a'.repeat(119)}…: ${TOO_LONG}`]);
    expect(stackTraces(server.received)).toEqual([]);
    expect(await stop(server)).toBe(0);
    expect(server.stderr).toBe('');
  }, TEST_MS * 3);

  it('in .platlint.yaml: a diagnostic at the glob on the config file, and the open file linted with the defaults', async () => {
    const server = startServer(workspace({ '.platlint.yaml': `ignore: ["${LONG}"]\n` }));
    await server.initialize();
    server.open('jane.yaml', BROKEN_USER);
    expect((await published(server, 'jane.yaml')).map(([code, line]) => [code, line])).toEqual([['schema/unknown-field', 6], ['schema/type', 7]]);
    expect(await published(server, '.platlint.yaml')).toEqual([['config-file/invalid', 0, 9, `ignore.0: ${TOO_LONG} (linting with the built-in defaults until it is fixed)`]]);
    expect(stackTraces(server.received)).toEqual([]);
    expect(await stop(server)).toBe(0);
    expect(server.stderr).toBe('');
  }, TEST_MS * 3);
});
