import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { ensureBuiltCli } from '../integrations/built-cli.js';
import { within, workspace } from './client.js';

/** A JSON-RPC message as the server wrote it. */
export type Received = Record<string, unknown>;

/** One framed message, as a client writes it. */
export function frame(message: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
}

/**
 * `platlint lsp --stdio` run as editors run it, driven by raw bytes: what is written to its stdin is exactly what the
 * test says, and its stdout is read back with the base protocol's framing, checked strictly.
 */
export class StdioServer {
  readonly child: ChildProcessWithoutNullStreams;
  readonly received: Received[] = [];
  stderr = '';
  /** The exit code (a signal counts as null), once the process ended. */
  readonly exited: Promise<number | null>;
  private stdout = Buffer.alloc(0);
  private waiters: (() => void)[] = [];

  constructor(readonly root: string) {
    this.child = spawn(process.execPath, [BIN, 'lsp', '--stdio'], { cwd: root, stdio: 'pipe', env: { ...process.env, NO_COLOR: '1' } });
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.stdout = Buffer.concat([this.stdout, chunk]);
      this.readFrames();
    });
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString('utf8');
    });
    // A server that exited early closes its stdin: writes after that are the test's business, not an error.
    this.child.stdin.on('error', () => undefined);
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
  }

  private readFrames(): void {
    for (;;) {
      const end = this.stdout.indexOf('\r\n\r\n');
      if (end < 0) return;
      const header = /^Content-Length: (\d+)$/.exec(this.stdout.subarray(0, end).toString('ascii'));
      if (!header?.[1]) throw new Error(`the server wrote a malformed header: ${JSON.stringify(this.stdout.subarray(0, end).toString())}`);
      const length = Number(header[1]);
      if (this.stdout.length < end + 4 + length) return;
      this.received.push(JSON.parse(this.stdout.subarray(end + 4, end + 4 + length).toString('utf8')) as Received);
      this.stdout = this.stdout.subarray(end + 4 + length);
      for (const wake of this.waiters.splice(0)) wake();
    }
  }

  write(bytes: string | Buffer): void {
    this.child.stdin.write(bytes);
  }

  send(message: Record<string, unknown>): void {
    this.write(frame({ jsonrpc: '2.0', ...message }));
  }

  /** Opens the workspace's file `name` with this text (didOpen); its URI. */
  open(name: string, text: string): string {
    const uri = pathToFileURL(join(this.root, name)).href;
    this.send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'yaml', version: 1, text } } });
    return uri;
  }

  /** The first message received that satisfies the condition (waiting for it if need be). */
  async next(what: string, matches: (message: Received) => boolean): Promise<Received> {
    for (;;) {
      const found = this.received.find(matches);
      if (found) return found;
      await within(new Promise<void>((resolve) => this.waiters.push(resolve)), what);
    }
  }

  /** The response to the request with this id. */
  response(id: number | string | null): Promise<Received> {
    return this.next(`the response to ${JSON.stringify(id)}`, (m) => m['id'] === id && m['method'] === undefined);
  }

  /** Sends a request and waits for its response. */
  request(id: number, method: string, params?: unknown): Promise<Received> {
    this.send({ id, method, ...(params === undefined ? {} : { params }) });
    return this.response(id);
  }

  /** `initialize` with the folder it runs in as the root, then `initialized`. */
  async initialize(): Promise<void> {
    const answer = await this.request(0, 'initialize', { processId: null, rootUri: pathToFileURL(this.root).href, capabilities: {} });
    if (!answer['result']) throw new Error(`initialize failed: ${JSON.stringify(answer)}`);
    this.send({ method: 'initialized', params: {} });
  }

  /** The lines the server wrote to the client's log (`window/logMessage`). */
  logged(): string[] {
    return this.received.filter((m) => m['method'] === 'window/logMessage').map((m) => (m['params'] as { message: string }).message);
  }

  /** Waits for the process to end; how long is the test's to say. */
  exit(ms?: number): Promise<number | null> {
    return within(this.exited, 'the server to exit', ms);
  }

  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill();
  }
}

/** For a test file: builds the CLI first if need be; each server started is killed after its test. */
export function serverStarter(): (root?: string) => StdioServer {
  const servers: StdioServer[] = [];
  beforeAll(() => {
    ensureBuiltCli();
  }, 180_000);
  afterEach(() => {
    for (const server of servers.splice(0)) server.kill();
  });
  return (root = workspace({})) => {
    const server = new StdioServer(root);
    servers.push(server);
    return server;
  };
}
