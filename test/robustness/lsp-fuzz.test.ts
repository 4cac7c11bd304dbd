import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Random } from '../bench/random.js';
import { ROOT } from '../helpers/cli.js';
import { exampleTexts } from '../helpers/mutants.js';
import { workspace } from '../lsp/client.js';
import { serverStarter, type Received, type StdioServer } from '../lsp/stdio.js';

/**
 * Property-based fuzzing of `platlint lsp --stdio` with messages an editor could send, each in the right shape or with
 * values of the wrong type anywhere in its params (null, -1, 2^31, objects for strings, URIs of devices and of
 * nothing): every request is answered without an internal error, every line in the log says what was wrong, and the
 * server still lints a document right after. Fixed seed, so a CI failure reproduces; FUZZ_RUNS and FUZZ_SEED move the
 * search locally.
 */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 2);
const SEED = Number(process.env['FUZZ_SEED'] ?? 53);
const MESSAGES = 200;

const EXAMPLES = exampleTexts();
/** The examples, and a policy and an admission policy, where completion and hover read CEL. */
const TEXTS = [...Object.values(EXAMPLES), ...['fixtures/policies/no-cluster-admin/policy.yaml', 'fixtures/vap/users/policy.yaml'].map((file) => readFileSync(join(ROOT, file), 'utf8'))];

const HOSTILE: unknown[] = [null, -1, 2 ** 31, 0.5, '', 'x'.repeat(10_000), {}, [], true, 'file:///dev/zero', 'file:///%ZZ', 'untitled:Untitled-1', '\u0000', '\ud800', { line: 0 }, [{ line: 0, character: 0 }]];

type Message = { request: boolean; method: string; params: unknown };

function messages(seed: number, root: string): Message[] {
  // The messages of one session from the one seed fast-check draws.
  const random = new Random(seed, 0);
  const uris = [...Object.keys(EXAMPLES).map((name) => pathToFileURL(join(root, name)).href), pathToFileURL(join(root, 'new.yaml')).href, 'untitled:x'];
  const position = (): unknown => ({ line: random.int(60), character: random.int(60) });
  const templates: (() => Message)[] = [
    () => ({ request: false, method: 'textDocument/didOpen', params: { textDocument: { uri: random.pick(uris), languageId: 'yaml', version: random.int(9), text: random.pick(TEXTS) } } }),
    () => ({ request: false, method: 'textDocument/didChange', params: { textDocument: { uri: random.pick(uris), version: 10 + random.int(99) }, contentChanges: [random.pick([{ text: 'kind: User\n' }, { range: { start: position(), end: position() }, text: random.pick(['x', '\n', ': ', '- ']) }])] } }),
    () => ({ request: false, method: 'textDocument/didClose', params: { textDocument: { uri: random.pick(uris) } } }),
    () => ({ request: false, method: 'textDocument/didSave', params: { textDocument: { uri: random.pick(uris) } } }),
    () => ({ request: true, method: 'textDocument/hover', params: { textDocument: { uri: random.pick(uris) }, position: position() } }),
    () => ({ request: true, method: 'textDocument/completion', params: { textDocument: { uri: random.pick(uris) }, position: position() } }),
    () => ({ request: true, method: 'textDocument/signatureHelp', params: { textDocument: { uri: random.pick(uris) }, position: position() } }),
    () => ({ request: true, method: 'textDocument/definition', params: { textDocument: { uri: random.pick(uris) }, position: position() } }),
    () => ({ request: true, method: 'textDocument/references', params: { textDocument: { uri: random.pick(uris) }, position: position(), context: { includeDeclaration: random.chance(0.5) } } }),
    () => ({ request: true, method: 'textDocument/prepareRename', params: { textDocument: { uri: random.pick(uris) }, position: position() } }),
    () => ({ request: true, method: 'textDocument/rename', params: { textDocument: { uri: random.pick(uris) }, position: position(), newName: random.pick(['renamed', 'in', '', 'email']) } }),
    () => ({ request: true, method: 'textDocument/codeAction', params: { textDocument: { uri: random.pick(uris) }, range: { start: position(), end: position() }, context: { diagnostics: [] } } }),
    () => ({ request: true, method: 'textDocument/documentSymbol', params: { textDocument: { uri: random.pick(uris) } } }),
    () => ({ request: true, method: 'workspace/symbol', params: { query: random.pick(['', 'acme', 'ü/', 3]) } }),
    () => ({ request: true, method: 'textDocument/diagnostic', params: { textDocument: { uri: random.pick(uris) } } }),
    () => ({ request: true, method: 'workspace/diagnostic', params: { previousResultIds: [] } }),
    () => ({ request: true, method: 'workspace/executeCommand', params: { command: random.pick(['platlint.lintWorkspace', 'unknown.command']), arguments: [random.pick(uris)] } }),
    () => ({ request: false, method: 'workspace/didChangeConfiguration', params: { settings: { platlint: { rules: { 'user/email': random.pick(['off', 'warning', 'nope', 3]) } } } } }),
    () => ({ request: false, method: 'workspace/didChangeWatchedFiles', params: { changes: [{ uri: random.pick(uris), type: 1 + random.int(3) }] } }),
    () => ({ request: false, method: 'workspace/didChangeWorkspaceFolders', params: { event: { added: [{ uri: random.pick(uris), name: 'x' }], removed: [] } } }),
    () => ({ request: false, method: '$/cancelRequest', params: { id: random.int(MESSAGES) } }),
  ];
  const corrupt = (value: unknown, depth: number): unknown => {
    if (random.chance(0.15) || depth > 5) return random.pick(HOSTILE);
    if (Array.isArray(value)) return value.map((item) => corrupt(item, depth + 1));
    if (typeof value !== 'object' || value === null) return value;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (random.chance(0.05)) continue;
      out[key] = random.chance(0.3) ? corrupt(item, depth + 1) : item;
    }
    return out;
  };
  return Array.from({ length: MESSAGES }, () => {
    const message = random.pick(templates)();
    return random.chance(0.5) ? { ...message, params: corrupt(message.params, 0) } : message;
  });
}

/** Answers the server's own requests (settings, refreshes, registrations) as a client would. */
function answerServer(server: StdioServer, answered: Set<unknown>, settings: () => unknown): void {
  for (const message of server.received) {
    if (typeof message['method'] !== 'string' || message['id'] === undefined || answered.has(message['id'])) continue;
    answered.add(message['id']);
    server.send({ id: message['id'], result: message['method'] === 'workspace/configuration' ? [settings()] : null });
  }
}

const start = serverStarter();

describe(`fuzzing the language server (${RUNS} sessions of ${MESSAGES} messages, seed ${SEED})`, () => {
  it('answers every request without an internal error, logs only what was wrong with a message, and lints right after', async () => {
    let sessions = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer(), async (seed) => {
        sessions++;
        const root = workspace(EXAMPLES);
        const server = start(root);
        const capabilities = { textDocument: { diagnostic: {} }, workspace: { configuration: true, workspaceFolders: true } };
        const initialized = await server.request(0, 'initialize', { processId: null, rootUri: pathToFileURL(root).href, capabilities, workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'ws' }] });
        expect(initialized['result']).toBeDefined();
        server.send({ method: 'initialized', params: {} });
        const answered = new Set<unknown>();
        let settings: unknown = { rules: { 'user/email': 'off' } };
        // The server asks for settings whenever they may have changed, also while the test waits for an answer.
        const answering = setInterval(() => answerServer(server, answered, () => settings), 10);
        try {
          const requests: number[] = [];
          for (const [i, message] of messages(seed, root).entries()) {
            if (message.request) {
              requests.push(i + 1);
              server.send({ id: i + 1, method: message.method, params: message.params });
            } else server.send({ method: message.method, params: message.params });
          }
          settings = {};
          for (const id of requests) {
            const response: Received = await server.response(id);
            const error = response['error'] as { code: number } | undefined;
            // InvalidParams for the wrong types, RequestCancelled for a cancelled request; never InternalError.
            if (error) expect([-32602, -32800]).toContain(error.code);
          }
          for (const line of server.logged()) expect(line).toMatch(/^platlint: (\S+: )?\S+ must (be|map) /);
          const probe = pathToFileURL(join(root, 'probe.yaml')).href;
          server.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: probe, languageId: 'yaml', version: 1, text: 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: Bad_Name\n' } } });
          const report = await server.request(MESSAGES + 1, 'textDocument/diagnostic', { textDocument: { uri: probe } });
          const items = (report['result'] as { items: { code: string; range: unknown }[] }).items;
          expect(items.map((d) => [d.code, d.range])).toEqual([['meta/name', { start: { line: 3, character: 8 }, end: { line: 3, character: 16 } }]]);
          await server.request(MESSAGES + 2, 'shutdown');
          server.send({ method: 'exit' });
          expect(await server.exit()).toBe(0);
          expect(server.stderr).toBe('');
        } finally {
          clearInterval(answering);
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    expect(sessions).toBe(RUNS);
  }, 120_000);
});
