import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROKEN_USER, TEST_MS, workspace } from './client.js';
import { serverStarter } from './stdio.js';

const start = serverStarter();

const hover = (uri: string) => ({ textDocument: { uri }, position: { line: 0, character: 0 } });
const notInitialized = (id: number, method: string) => ({ jsonrpc: '2.0', id, error: { code: -32002, message: `${method}: the server is not initialized (send initialize first)` } });
const shutDown = (id: number, method: string) => ({ jsonrpc: '2.0', id, error: { code: -32600, message: `${method}: the server is shut down (only the exit notification is taken)` } });

describe('platlint lsp --stdio: the lifecycle of the LSP specification', () => {
  it('answers requests before initialize with ServerNotInitialized (-32002) and drops notifications', async () => {
    const root = workspace({});
    const server = start(root);
    const uri = server.open('jane.yaml', BROKEN_USER);
    expect(await server.request(1, 'textDocument/hover', hover(uri))).toEqual(notInitialized(1, 'textDocument/hover'));
    expect(await server.request(2, 'textDocument/completion', hover(uri))).toEqual(notInitialized(2, 'textDocument/completion'));
    expect(await server.request(3, 'shutdown')).toEqual(notInitialized(3, 'shutdown'));
    expect(await server.request(4, 'no/such/method', {})).toEqual(notInitialized(4, 'no/such/method'));
    await server.initialize();
    // The document opened before initialize was dropped: nothing was linted, and it is not open now.
    expect(await server.request(5, 'textDocument/documentSymbol', { textDocument: { uri } })).toEqual({ jsonrpc: '2.0', id: 5, result: [] });
    expect(server.received.filter((m) => m['method'] === 'textDocument/publishDiagnostics')).toEqual([]);
    // Nothing is written to the client's log before initialize.
    expect(server.logged()).toEqual([]);
  }, TEST_MS);

  it('answers requests after shutdown with InvalidRequest (-32600) and exits 0 on exit', async () => {
    const root = workspace({});
    const server = start(root);
    await server.initialize();
    expect(await server.request(1, 'shutdown')).toEqual({ jsonrpc: '2.0', id: 1, result: null });
    expect(await server.request(2, 'textDocument/hover', hover(pathToFileURL(join(root, 'a.yaml')).href))).toEqual(shutDown(2, 'textDocument/hover'));
    expect(await server.request(3, 'shutdown')).toEqual(shutDown(3, 'shutdown'));
    expect(await server.request(4, 'initialize', { processId: null, capabilities: {} })).toEqual(shutDown(4, 'initialize'));
    server.send({ method: 'exit' });
    expect(await server.exit()).toBe(0);
    expect(server.stderr).toBe('');
  }, TEST_MS);

  it('exits 1 on exit without shutdown, before or after initialize', async () => {
    const before = start();
    before.send({ method: 'exit' });
    expect(await before.exit()).toBe(1);
    const root = workspace({});
    const after = start(root);
    await after.initialize();
    after.send({ method: 'exit' });
    expect(await after.exit()).toBe(1);
    expect([before.stderr, after.stderr]).toEqual(['', '']);
  }, TEST_MS);

  it('exits when its input ends: 0 after shutdown, 1 without', async () => {
    const root = workspace({});
    const clean = start(root);
    await clean.initialize();
    await clean.request(1, 'shutdown');
    clean.child.stdin.end();
    expect(await clean.exit()).toBe(0);
    const lost = start(root);
    await lost.initialize();
    lost.child.stdin.end();
    expect(await lost.exit()).toBe(1);
  }, TEST_MS);

  it('refuses a second initialize with InvalidRequest (-32600) and keeps the first', async () => {
    const root = workspace({});
    const server = start(root);
    await server.initialize();
    const again = await server.request(1, 'initialize', { processId: null, capabilities: {} });
    expect(again).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32600, message: 'initialize: the server is initialized already' } });
    expect(server.logged()).toEqual(['platlint: initialize: the server is initialized already']);
  }, TEST_MS);

  it('answers initialize with params in the wrong shape with InvalidParams (-32602), and stays uninitialized', async () => {
    const root = workspace({});
    const server = start(root);
    expect(await server.request(1, 'initialize', { processId: null })).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'initialize: capabilities must be an object' } });
    expect(await server.request(2, 'initialize', { processId: 'me', capabilities: {} })).toEqual({ jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'initialize: processId must be an integer' } });
    expect(await server.request(3, 'initialize', [1, 2])).toEqual({ jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'initialize: params must be an object' } });
    expect(await server.request(4, 'shutdown')).toEqual(notInitialized(4, 'shutdown'));
    await server.initialize();
    expect(server.logged()).toEqual([]);
  }, TEST_MS);
});
