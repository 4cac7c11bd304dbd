import { describe, expect, it } from 'vitest';
import { TEST_MS } from './client.js';
import { frame, serverStarter } from './stdio.js';

const start = serverStarter();

const closing = (reason: string): string => `platlint lsp: ${reason}; closing the connection\n`;
const HOVER = { id: 7, method: 'textDocument/hover', params: { textDocument: { uri: 'file:///nowhere/a.yaml' }, position: { line: 0, character: 0 } } };

/** Writes the bytes after a good initialize; the server must answer that, then exit 1 with the one line. */
async function fatal(bytes: string | Buffer, reason: string): Promise<void> {
  const server = start();
  await server.initialize();
  server.write(bytes);
  expect(await server.exit()).toBe(1);
  expect(server.stderr).toBe(closing(reason));
  // Nothing was taken from the bad frame: the only answer is initialize's.
  expect(server.received.map((m) => m['id'])).toEqual([0]);
}

describe('platlint lsp --stdio: malformed frames close the connection with one line, never a hang', () => {
  it('a Content-Length that is not a number', () => fatal('Content-Length: abc\r\n\r\n{}', 'Content-Length is not a number of bytes'), TEST_MS);

  it('a Content-Length with a sign or a unit, which parseInt would take', async () => {
    await fatal('Content-Length: -2\r\n\r\n{}', 'Content-Length is not a number of bytes');
    await fatal('Content-Length: 2 bytes\r\n\r\n{}', 'Content-Length is not a number of bytes');
  }, TEST_MS);

  it('a missing Content-Length header', () => fatal('Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}', 'a message has no Content-Length header'), TEST_MS);

  it('two Content-Length headers', () => fatal('Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}', 'a message has two Content-Length headers'), TEST_MS);

  it('a Content-Length over the limit, refused before a byte of its body is awaited', () =>
    fatal('Content-Length: 99999999999\r\n\r\n', 'Content-Length 99999999999 is over the limit of 268435456 bytes'), TEST_MS);

  it('a charset other than utf-8', () => fatal('Content-Length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=latin1\r\n\r\n{}', 'Content-Type names a charset other than utf-8'), TEST_MS);

  it('a Content-Length too short: the body is cut and is not JSON', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', ...HOVER });
    await fatal(`Content-Length: ${body.length - 5}\r\n\r\n${body}`, `a message body of ${body.length - 5} bytes is not JSON (a wrong Content-Length?)`);
  }, TEST_MS);

  it('a Content-Length too long followed by the next message: the body runs into it and is not JSON', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', ...HOVER });
    await fatal(Buffer.concat([Buffer.from(`Content-Length: ${body.length + 30}\r\n\r\n${body}`), frame({ jsonrpc: '2.0', ...HOVER, id: 8 })]), `a message body of ${body.length + 30} bytes is not JSON (a wrong Content-Length?)`);
  }, TEST_MS);

  it('a Content-Length too long with nothing after it: given up once no byte came for 10 s', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', ...HOVER });
    const server = start();
    await server.initialize();
    server.write(`Content-Length: ${body.length + 10}\r\n\r\n${body}`);
    expect(await server.exit(25_000)).toBe(1);
    expect(server.stderr).toBe(closing(`a message stopped after ${body.length} of its ${body.length + 10} bytes and nothing came for 10 s (a wrong Content-Length?)`));
  }, 40_000);

  it('garbage bytes: binary, or text with no header line', async () => {
    await fatal(Buffer.from([0x00, 0xff, 0x13, 0x0d, 0x0a, 0x0d, 0x0a]), 'a header line is not "Name: value"');
    await fatal('hello\r\nContent-Length: 2\r\n\r\n{}', 'a header line is not "Name: value"');
    await fatal('x'.repeat(9_000), 'a header runs over 8192 bytes without the blank line that ends it');
  }, TEST_MS);

  it('garbage before the very first message', async () => {
    const server = start();
    server.write(Buffer.concat([Buffer.from('GET / HTTP/1.1\r\n\r\n'), frame({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { processId: null, capabilities: {} } })]));
    expect(await server.exit()).toBe(1);
    expect(server.stderr).toBe(closing('a header line is not "Name: value"'));
    expect(server.received).toEqual([]);
  }, TEST_MS);

  it('keeps serving after a body that is JSON but not JSON-RPC, answering InvalidRequest (-32600)', async () => {
    const server = start();
    await server.initialize();
    const body = '[1,2]';
    server.write(`Content-Length: ${body.length}\r\n\r\n${body}`);
    server.send({ id: 'x', result: 1, error: { code: 1, message: 'both' } });
    server.send({ id: null, method: 'textDocument/hover', params: HOVER.params });
    server.send(HOVER);
    expect(await server.response(7)).toEqual({ jsonrpc: '2.0', id: 7, result: null });
    const refused = 'a message that is not a JSON-RPC request, notification or response was refused';
    expect(server.received.filter((m) => m['error'])).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: refused } },
      { jsonrpc: '2.0', id: 'x', error: { code: -32600, message: refused } },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: refused } },
    ]);
    expect(server.logged()).toEqual([`platlint: ${refused}`, `platlint: ${refused}`, `platlint: ${refused}`]);
    server.send({ id: 9, method: 'shutdown' });
    await server.response(9);
    server.send({ method: 'exit' });
    expect(await server.exit()).toBe(0);
    expect(server.stderr).toBe('');
  }, TEST_MS);

  it('reads messages split anywhere and packed together, with extra headers and a utf-8 Content-Type', async () => {
    const server = start();
    const init = frame({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { processId: null, capabilities: {} } });
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...HOVER, params: { ...HOVER.params, textDocument: { uri: 'file:///nowhere/é.yaml' } } }), 'utf8');
    const hover = Buffer.concat([Buffer.from(`content-length: ${body.length}\r\nContent-Type: application/vscode-jsonrpc; charset=utf8\r\nX-Extra: 1\r\n\r\n`), body]);
    const all = Buffer.concat([init, hover, frame({ jsonrpc: '2.0', id: 9, method: 'shutdown' })]);
    // Byte by byte through the first header, the multi-byte character cut in half, then the rest in one write.
    const cut = init.length + hover.indexOf(Buffer.from('é')) + 1;
    for (let i = 0; i < 25; i++) server.write(all.subarray(i, i + 1));
    server.write(all.subarray(25, cut));
    await new Promise((resolve) => setTimeout(resolve, 50));
    server.write(all.subarray(cut));
    expect(await server.response(7)).toEqual({ jsonrpc: '2.0', id: 7, result: null });
    expect(await server.response(9)).toEqual({ jsonrpc: '2.0', id: 9, result: null });
    server.child.stdin.end();
    expect(await server.exit()).toBe(0);
    expect(server.stderr).toBe('');
  }, TEST_MS);
});
