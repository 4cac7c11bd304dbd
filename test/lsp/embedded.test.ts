import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CompletionItem, Diagnostic, Hover } from 'vscode-languageserver/node.js';
import { builtinRules } from '../../rules/index.js';
import { lintText } from '../../src/engine/lint.js';
import { presetSettings } from '../../src/engine/presets.js';
import { DocumentLinting } from '../../src/lsp/linting.js';
import { ROOT } from '../helpers/cli.js';
import { Client, TEST_MS, workspace } from './client.js';

/** The values file and Secret of docs/configuration-sources.md, with the `.platlint.yaml` that names them. */
const example = (file: string): string => readFileSync(join(ROOT, 'fixtures/embedded', file), 'utf8');

const placed = (diagnostics: Diagnostic[]): [string, number, number][] =>
  diagnostics.map((d) => [String(d.code), d.range.start.line + 1, d.range.start.character + 1]);
const markdown = (h: Hover | null): string => (h?.contents as { value: string } | undefined)?.value ?? '';

describe('the language server in an embedded configuration (issue 29)', () => {
  it('publishes the diagnostics the CLI reports, hovers and completes inside the block', async () => {
    const client = new Client(workspace({ '.platlint.yaml': example('.platlint.yaml') }));
    await client.initialize();
    const values = await client.open('values.yaml', example('values.yaml'));
    // The same lines and columns as `platlint values.yaml` (test/cli/embedded.test.ts).
    expect(placed((await client.diagnostics(values)).diagnostics)).toEqual([
      ['schema/unknown-field', 11, 7],
      ['auth/saml-ca', 14, 5],
      ['audit/path', 19, 3],
    ]);
    // `    oidc:` inside `config:`: the field of the Config's status it is linted as.
    const hover = markdown(await client.request<Hover | null>('textDocument/hover', { textDocument: { uri: values }, position: { line: 8, character: 6 } }));
    expect(hover.split('\n')[0]).toBe('**oidc**: object (AuthOIDC)');
    expect(hover).toContain('`status.auth.oidc`');
    // Outside the block the file is someone else's: no field there.
    expect(await client.request<Hover | null>('textDocument/hover', { textDocument: { uri: values }, position: { line: 1, character: 2 } })).toBeNull();

    const secret = await client.open('config-secret.yaml', example('config-secret.yaml'));
    expect(placed((await client.diagnostics(secret)).diagnostics)).toEqual([
      ['schema/unknown-field', 14, 9],
      ['audit/path', 17, 5],
    ]);
    // Completion of the configuration's sections on a new line at the top of the block scalar.
    await client.change(secret, example('config-secret.yaml').replace('    platformHost:', '    \n    platformHost:'));
    const items = await client.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri: secret }, position: { line: 8, character: 4 } });
    expect(items.map((i) => i.label)).toEqual(expect.arrayContaining(['vault', 'uiSettings', 'apps']));
    expect(items.map((i) => i.label)).not.toContain('auth');
    await client.stop();
  }, TEST_MS);
});

describe('a multi-document file with embedded entries in the editor', () => {
  it('is linted whole, as the CLI lints it: a document without the path is no missing entry', () => {
    const text = 'replicas: 2\n---\nconfig:\n  audit:\n    enabled: true\n    level: 1\n';
    const options = { filename: 'values.yaml', rules: builtinRules, settings: presetSettings('recommended', builtinRules), embedded: [{ at: ['config'], as: 'Config' as const }] };
    const { result } = new DocumentLinting().lint(text, options);
    expect(result.diagnostics.map((d) => [d.ruleId, d.line, d.column])).toEqual([['audit/path', 4, 3]]);
    expect(result.diagnostics.map((d) => [d.ruleId, d.line, d.column])).toEqual(lintText(text, options).diagnostics.map((d) => [d.ruleId, d.line, d.column]));
  });
});

describe('an alias to no anchor in a base64 embedded configuration, in the editor (issue 35)', () => {
  it("publishes the manifest's message with the value masked, on the base64 value", async () => {
    const config = 'auth:\n  oidc:\n    issuerUrl: https://id.example.com\n    clientId: platform\n    clientSecret: *Secr3tAl1as\n';
    const secret = `apiVersion: v1\nkind: Secret\nmetadata:\n  name: platform-config\ndata:\n  config: ${Buffer.from(config).toString('base64')}\n`;
    const client = new Client(workspace({ '.platlint.yaml': 'embedded:\n  - files: [secret.yaml]\n    at: data.config\n' }));
    await client.initialize();
    const uri = await client.open('secret.yaml', secret);
    const { diagnostics } = await client.diagnostics(uri);
    expect(diagnostics.map((d) => [d.code, d.range.start.line + 1, d.range.start.character + 1, d.message])).toEqual([
      ['yaml/syntax', 6, 11, 'YAML syntax error: the alias **** refers to no anchor defined before it. (line 5, column 19 of the decoded data.config)'],
    ]);
    expect(JSON.stringify(diagnostics)).not.toContain('Secr3tAl1as');
    await client.stop();
  }, TEST_MS);
});
