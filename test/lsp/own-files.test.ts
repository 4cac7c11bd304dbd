import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic, DocumentSymbol } from 'vscode-languageserver/node.js';
import { ROOT } from '../helpers/cli.js';
import { hostileFile, mkfifo, refusalOf, type HostileFile } from '../helpers/files.js';
import { BROKEN_USER, Client, TEST_MS, workspace } from './client.js';

/**
 * The files the language server reads for itself, as a FIFO (reading it would block the server for good) or a link
 * to /dev/zero (endless), with the server started as editors start it (`platlint lsp --stdio`, the built CLI): each
 * is said once, as a diagnostic on the configuration or a message, the rest is linted with what can be read, and
 * the server keeps answering. The guard is the test's time limit.
 */
const PACK = join(ROOT, 'fixtures/policies/no-cluster-admin');
const FIXTURE = readFileSync(join(PACK, 'tests/valid.yaml'), 'utf8');
type Kind = Exclude<HostileFile, '/dev/zero'>;

const said = (diagnostics: readonly Diagnostic[]): [string, number, number, string][] =>
  diagnostics.map((d) => [d.message, d.range.start.line, d.range.start.character, String(d.code)]);

/** The server still answers: the symbols of the open manifest. */
async function answers(client: Client, uri: string): Promise<void> {
  const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
  expect(symbols.map((s) => s.name)).toEqual(['User jane']);
}

/** The manifest is linted with the built-in defaults: BROKEN_USER's two problems. */
async function lintedWithDefaults(client: Client, uri: string): Promise<void> {
  const published = await client.diagnosticsUntil(uri, (p) => p.diagnostics.length > 0);
  expect(published.diagnostics.map((d) => d.code)).toEqual(['schema/unknown-field', 'schema/type']);
}

describe.each<Kind>(['a FIFO', 'a link to /dev/zero'])('the language server, with its own files as %s', (kind) => {
  it('.platlint.yaml: a diagnostic on it, and the defaults', { timeout: TEST_MS }, async () => {
    const dir = workspace({ 'users/jane.yaml': BROKEN_USER });
    const config = hostileFile(dir, '.platlint.yaml', kind);
    const client = new Client(dir, 'stdio');
    await client.initialize();
    const manifest = await client.open('users/jane.yaml', BROKEN_USER);
    await lintedWithDefaults(client, manifest);
    const problems = await client.diagnosticsUntil(client.uri('.platlint.yaml'), (p) => p.diagnostics.length > 0);
    expect(said(problems.diagnostics)).toEqual([[`cannot read config file ${config}: ${refusalOf(kind)} (linting with the built-in defaults until it is fixed)`, 0, 0, 'config-file/invalid']]);
    await answers(client, manifest);
    expect(client.messages).toEqual([]);
    await client.stop();
  });

  it('a policy file the configuration names: a diagnostic at its entry', { timeout: TEST_MS }, async () => {
    const dir = workspace({ 'users/jane.yaml': BROKEN_USER, '.platlint.yaml': 'policies: [policies/acme.yaml]\n' });
    hostileFile(dir, 'policies/acme.yaml', kind);
    const client = new Client(dir, 'stdio');
    await client.initialize();
    const manifest = await client.open('users/jane.yaml', BROKEN_USER);
    await lintedWithDefaults(client, manifest);
    const problems = await client.diagnosticsUntil(client.uri('.platlint.yaml'), (p) => p.diagnostics.length > 0);
    expect(said(problems.diagnostics)).toEqual([[`policies: policies/acme.yaml: cannot read the policy (${refusalOf(kind)})`, 0, 11, 'config-file/invalid']]);
    await answers(client, manifest);
    await client.stop();
  });

  it('the baseline: a warning, and nothing suppressed', { timeout: TEST_MS }, async () => {
    const dir = workspace({ 'users/jane.yaml': BROKEN_USER });
    const baseline = hostileFile(dir, '.platlint-baseline.json', kind);
    const client = new Client(dir, 'stdio');
    await client.initialize();
    const manifest = await client.open('users/jane.yaml', BROKEN_USER);
    await lintedWithDefaults(client, manifest);
    const message = await client.messageSaying('baseline');
    expect(message).toEqual({ type: 2, message: `platlint: cannot read baseline ${baseline}: ${refusalOf(kind)} (the baseline is not applied until it is fixed)` });
    await answers(client, manifest);
    expect(client.messages).toHaveLength(1);
    await client.stop();
  });

  it('.platlintignore and a manifest, when the workspace is linted: a warning each', { timeout: TEST_MS }, async () => {
    const dir = workspace({ 'users/jane.yaml': BROKEN_USER });
    const ignore = hostileFile(dir, '.platlintignore', kind);
    // The walk takes a link named *.yaml for a manifest: it is refused as the CLI refuses it.
    mkfifo(join(dir, 'pipe'));
    symlinkSync(kind === 'a FIFO' ? join(dir, 'pipe') : '/dev/zero', join(dir, 'users/bob.yaml'));
    const client = new Client(dir, 'stdio');
    await client.initialize();
    const manifest = await client.open('users/jane.yaml', BROKEN_USER);
    expect(await client.request('workspace/executeCommand', { command: 'platlint.lintWorkspace', arguments: [] })).toEqual({ problems: 2 });
    expect(client.messages).toEqual([
      { type: 2, message: `platlint: cannot read ${ignore}: ${refusalOf(kind)}` },
      { type: 2, message: `platlint: cannot read ${join(dir, 'users/bob.yaml')}: ${refusalOf(kind)}; pipe it to platlint - instead` },
    ]);
    await answers(client, manifest);
    await client.stop();
  });

  it("a policy test fixture's previous version: a diagnostic on the fixture", { timeout: TEST_MS }, async () => {
    const dir = workspace({ '.platlint.yaml': 'policies: [packs/acme]\n', 'packs/acme/policy.yaml': readFileSync(join(PACK, 'policy.yaml'), 'utf8'), 'packs/acme/tests/jane.yaml': FIXTURE, 'users/jane.yaml': BROKEN_USER });
    const previous = hostileFile(dir, 'packs/acme/tests/jane.old.yaml', kind);
    const client = new Client(dir, 'stdio');
    await client.initialize();
    const fixture = await client.open('packs/acme/tests/jane.yaml', FIXTURE);
    const published = await client.diagnosticsUntil(fixture, (p) => p.diagnostics.length > 0);
    expect(said(published.diagnostics)).toEqual([[`policy test: cannot read ${previous}: ${refusalOf(kind)}`, 0, 0, 'policy/invalid']]);
    const manifest = await client.open('users/jane.yaml', BROKEN_USER);
    await lintedWithDefaults(client, manifest);
    await answers(client, manifest);
    await client.stop();
  });
});
