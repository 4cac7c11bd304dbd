import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';
import { hostileFile, refusalOf, type HostileFile } from '../helpers/files.js';
import { BROKEN_USER, TEST_MS, workspace } from './client.js';
import { serverStarter, type Received, type StdioServer } from './stdio.js';

/**
 * The files the language server reads for itself, as a FIFO (reading it would block the server for good) or a link
 * to /dev/zero (endless), with the server started as editors start it (`platlint lsp --stdio`, the built CLI): each
 * is said once, as a diagnostic on the configuration or a warning (window/showMessage), the rest is linted with what
 * can be read, and the server keeps answering. The guard is the test's time limit.
 */
const start = serverStarter();

const PACK = join(ROOT, 'fixtures/policies/no-cluster-admin');
const FIXTURE = readFileSync(join(PACK, 'tests/valid.yaml'), 'utf8');

interface PublishedDiagnostic {
  message: string;
  code: string;
  range: { start: { line: number; character: number } };
}

/** The first non-empty diagnostics published for a file: message, line, character and rule of each. */
async function published(server: StdioServer, name: string): Promise<[string, number, number, string][]> {
  const uri = pathToFileURL(join(server.root, name)).href;
  const diagnostics = (m: Received): PublishedDiagnostic[] => (m['params'] as { diagnostics: PublishedDiagnostic[] }).diagnostics;
  const found = await server.next(`diagnostics of ${name}`, (m) => m['method'] === 'textDocument/publishDiagnostics' && (m['params'] as { uri: string }).uri === uri && diagnostics(m).length > 0);
  return diagnostics(found).map((d) => [d.message, d.range.start.line, d.range.start.character, d.code]);
}

/** The warnings shown to the person (window/showMessage). */
function shown(server: StdioServer): unknown[] {
  return server.received.filter((m) => m['method'] === 'window/showMessage').map((m) => m['params']);
}

/** The manifest is linted with the built-in defaults (BROKEN_USER's two problems), and the server still answers. */
async function lintsAndAnswers(server: StdioServer, id: number): Promise<void> {
  const uri = server.open('users/jane.yaml', BROKEN_USER);
  expect((await published(server, 'users/jane.yaml')).map(([, , , code]) => code)).toEqual(['schema/unknown-field', 'schema/type']);
  const symbols = await server.request(id, 'textDocument/documentSymbol', { textDocument: { uri } });
  expect((symbols['result'] as { name: string }[]).map((s) => s.name)).toEqual(['User jane']);
}

async function stop(server: StdioServer): Promise<void> {
  await server.request(99, 'shutdown');
  server.send({ method: 'exit' });
  expect(await server.exit()).toBe(0);
  expect(server.stderr).toBe('');
}

describe.each<Exclude<HostileFile, '/dev/zero'>>(['a FIFO', 'a link to /dev/zero'])('the language server, with its own files as %s', (kind) => {
  it('.platlint.yaml: a diagnostic on it, and the defaults', async () => {
    const server = start(workspace({ 'users/jane.yaml': BROKEN_USER }));
    const config = hostileFile(server.root, '.platlint.yaml', kind);
    await server.initialize();
    await lintsAndAnswers(server, 1);
    expect(await published(server, '.platlint.yaml')).toEqual([[`cannot read config file ${config}: ${refusalOf(kind)} (linting with the built-in defaults until it is fixed)`, 0, 0, 'config-file/invalid']]);
    expect(shown(server)).toEqual([]);
    await stop(server);
  }, TEST_MS);

  it('a policy file the configuration names: a diagnostic at its entry', async () => {
    const server = start(workspace({ 'users/jane.yaml': BROKEN_USER, '.platlint.yaml': 'policies: [policies/acme.yaml]\n' }));
    hostileFile(server.root, 'policies/acme.yaml', kind);
    await server.initialize();
    await lintsAndAnswers(server, 1);
    expect(await published(server, '.platlint.yaml')).toEqual([[`policies: policies/acme.yaml: cannot read the policy (${refusalOf(kind)})`, 0, 11, 'config-file/invalid']]);
    await stop(server);
  }, TEST_MS);

  it('the baseline: a warning, and nothing suppressed', async () => {
    const server = start(workspace({ 'users/jane.yaml': BROKEN_USER }));
    const baseline = hostileFile(server.root, '.platlint-baseline.json', kind);
    await server.initialize();
    await lintsAndAnswers(server, 1);
    expect(shown(server)).toEqual([{ type: 2, message: `platlint: cannot read baseline ${baseline}: ${refusalOf(kind)} (the baseline is not applied until it is fixed)` }]);
    await stop(server);
  }, TEST_MS);

  it('.platlintignore, when the workspace is linted: a warning', async () => {
    const server = start(workspace({ 'users/jane.yaml': BROKEN_USER }));
    const ignore = hostileFile(server.root, '.platlintignore', kind);
    await server.initialize();
    const linted = await server.request(1, 'workspace/executeCommand', { command: 'platlint.lintWorkspace', arguments: [] });
    expect(linted['result']).toEqual({ problems: 2 });
    expect(shown(server)).toEqual([{ type: 2, message: `platlint: cannot read ${ignore}: ${refusalOf(kind)}` }]);
    await lintsAndAnswers(server, 2);
    await stop(server);
  }, TEST_MS);

  it("a policy test fixture's previous version: a diagnostic on the fixture", async () => {
    const pack = { 'packs/acme/policy.yaml': readFileSync(join(PACK, 'policy.yaml'), 'utf8'), 'packs/acme/tests/jane.yaml': FIXTURE };
    const server = start(workspace({ '.platlint.yaml': 'policies: [packs/acme]\n', ...pack, 'users/jane.yaml': BROKEN_USER }));
    const previous = hostileFile(server.root, 'packs/acme/tests/jane.old.yaml', kind);
    await server.initialize();
    server.open('packs/acme/tests/jane.yaml', FIXTURE);
    expect(await published(server, 'packs/acme/tests/jane.yaml')).toEqual([[`policy test: cannot read ${previous}: ${refusalOf(kind)}`, 0, 0, 'policy/fixture-mismatch']]);
    await lintsAndAnswers(server, 1);
    await stop(server);
  }, TEST_MS);
});
