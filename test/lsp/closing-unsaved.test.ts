/**
 * Closing a config, shared settings or policy file without saving it: its unsaved text stops counting, and every open
 * document is linted again with the rules on disk (docs/editors.md, Configuration).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic, SymbolInformation } from 'vscode-languageserver/node.js';
import { ROOT } from '../helpers/cli.js';
import { BROKEN_USER, Client, TEST_MS, workspace } from './client.js';

const POLICY = readFileSync(join(ROOT, 'fixtures/policies/no-cluster-admin/policy.yaml'), 'utf8');
const MANIFEST = readFileSync(join(ROOT, 'fixtures/policies/no-cluster-admin/tests/invalid.yaml'), 'utf8');

const summary = (diagnostics: Diagnostic[]): [string | number | undefined, number, number, number, number][] =>
  diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character]);

const codes = (diagnostics: Diagnostic[]): (string | number | undefined)[] => diagnostics.map((d) => d.code);

describe('closing a file that sets the rules without saving it', () => {
  it('lints every open document again with the policy file on disk, and lists its rules as they are there', async () => {
    const client = new Client(workspace({ '.platlint.yaml': 'policies: [pol]\n', 'pol/policy.yaml': POLICY, 'users.yaml': MANIFEST }));
    await client.initialize();
    const manifest = await client.open('users.yaml', MANIFEST);
    const onDisk = [
      ['acme/no-cluster-admin', 12, 6, 12, 25],
      ['acme/no-wildcard-verbs', 14, 6, 14, 34],
      ['acme/no-wildcard-verbs', 35, 6, 35, 23],
      ['user/access-verbs', 35, 19, 35, 22],
    ];
    expect(summary((await client.diagnostics(manifest)).diagnostics)).toEqual(onDisk);

    const policy = await client.open('pol/policy.yaml', POLICY);
    await client.change(policy, POLICY.replace('id: acme/no-cluster-admin', 'id: acme/renamed-rule'));
    const renamed = await client.diagnosticsUntil(manifest, (p) => codes(p.diagnostics).includes('acme/renamed-rule'));
    expect(summary(renamed.diagnostics)).toEqual([['acme/renamed-rule', 12, 6, 12, 25], ...onDisk.slice(1)]);

    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: policy } });
    const reverted = await client.diagnosticsUntil(manifest, (p) => codes(p.diagnostics).includes('acme/no-cluster-admin'));
    expect(summary(reverted.diagnostics)).toEqual(onDisk);
    const symbols = await client.request<SymbolInformation[]>('workspace/symbol', { query: 'acme' });
    expect(symbols.map((s) => s.name)).toEqual(['acme/no-cluster-admin', 'acme/no-wildcard-verbs']);
    await client.stop();
  }, TEST_MS);

  it('lints every open document again with the shared settings file on disk', async () => {
    const client = new Client(workspace({ '.platlint.yaml': 'extends: [./shared/base.yaml]\n', 'shared/base.yaml': 'rules:\n  schema/type: warn\n' }));
    await client.initialize();
    const user = await client.open('users/jane.yaml', BROKEN_USER);
    const onDisk = [
      ['schema/unknown-field', 6, 2, 1],
      ['schema/type', 7, 19, 2],
    ];
    const severities = (diagnostics: Diagnostic[]): unknown[] => diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character, d.severity]);
    expect(severities((await client.diagnostics(user)).diagnostics)).toEqual(onDisk);

    const base = await client.open('shared/base.yaml', 'rules:\n  schema/type: warn\n');
    await client.change(base, 'rules:\n  schema/type: "off"\n');
    expect(severities((await client.diagnosticsUntil(user, (p) => p.diagnostics.length === 1)).diagnostics)).toEqual([onDisk[0]]);

    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: base } });
    expect(severities((await client.diagnosticsUntil(user, (p) => p.diagnostics.length === 2)).diagnostics)).toEqual(onDisk);
    await client.stop();
  }, TEST_MS);
});
