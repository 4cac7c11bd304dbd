import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { DocumentDiagnosticReport, WorkspaceDiagnosticReport } from 'vscode-languageserver/node.js';
import { BROKEN_USER as TEXT, Client, TEST_MS, workspace } from './client.js';

describe('platlint lsp on request', () => {
  it('answers pull diagnostics and pushes none to a client that pulls', async () => {
    const root = workspace({ '.platlint.yaml': 'rules:\n  schema/type: warn\n' });
    const client = new Client(root);
    const init = await client.initialize({ textDocument: { diagnostic: { dynamicRegistration: false } }, workspace: { diagnostics: { refreshSupport: true } } });
    expect(init.capabilities.diagnosticProvider).toEqual({ identifier: 'platlint', interFileDependencies: false, workspaceDiagnostics: true });
    const uri = await client.open('jane.yaml', TEXT);
    const report = await client.request<DocumentDiagnosticReport>('textDocument/diagnostic', { textDocument: { uri } });
    expect(report.kind).toBe('full');
    expect(report.kind === 'full' && report.items.map((d) => [d.code, d.severity, d.range.start.line])).toEqual([['schema/unknown-field', 1, 6], ['schema/type', 2, 7]]);
    // Editing the config buffer asks the client to pull again, once: the edit reloads the rules once.
    const config = await client.open('.platlint.yaml', 'rules:\n  schema/type: warn\n');
    await client.change(config, 'rules:\n  schema/type: "off"\n');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(client.refreshes).toBe(1);
    const again = await client.request<DocumentDiagnosticReport>('textDocument/diagnostic', { textDocument: { uri } });
    expect(again.kind === 'full' && again.items.map((d) => d.code)).toEqual(['schema/unknown-field']);
    expect(client.published).toEqual([]);
    await client.stop();
  }, TEST_MS);

  it('lints the whole workspace on request, across folders, skipping ignored and config files', async () => {
    const root = workspace({
      'one/.platlint.yaml': 'ignore: ["skip/**"]\n',
      'one/a.yaml': TEXT,
      'one/skip/b.yaml': TEXT,
      'two/c.yaml': TEXT.replace('  emial', '  email'),
      'two/notes.md': 'not yaml',
    });
    const client = new Client(root);
    await client.initialize({}, [join(root, 'one'), join(root, 'two')]);
    const report = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds: [] });
    expect(report.items.map((r) => [r.uri, r.version, r.kind === 'full' ? r.items.map((d) => d.code) : []])).toEqual([
      [pathToFileURL(join(root, 'one/a.yaml')).href, null, ['schema/unknown-field', 'schema/type']],
      [pathToFileURL(join(root, 'two/c.yaml')).href, null, ['schema/type']],
    ]);

    // A client that only takes pushed diagnostics asks with a command and gets them published.
    expect(await client.request('workspace/executeCommand', { command: 'platlint.lintWorkspace', arguments: [] })).toEqual({ problems: 3 });
    expect((await client.diagnostics(pathToFileURL(join(root, 'two/c.yaml')).href)).diagnostics.map((d) => d.code)).toEqual(['schema/type']);
    await client.stop();
  }, TEST_MS);

  it('lints workspace files from their bytes with the engine template check, as the CLI does', async () => {
    const root = workspace({
      // A template outside a templates folder: the engine sees the action outside quotes.
      'chart.yaml': 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: {{ .Values.name }}\nspec:\n  username: x\n',
      // In a templates folder, but a GitHub expression is no template action: linted.
      'templates/d.yaml': TEXT.replace('jane', '${{ github.actor }}'),
    });
    writeFileSync(join(root, 'binary.yaml'), new Uint8Array([0x6b, 0x00, 0x3a, 0x20, 0x31, 0x0a]));
    writeFileSync(join(root, 'utf16.yaml'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('kind: User\n', 'utf16le')]));
    const client = new Client(root);
    await client.initialize({}, [root]);
    const report = await client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds: [] });
    expect(report.items.map((r) => [r.uri.slice(pathToFileURL(root).href.length), r.kind === 'full' ? r.items.map((d) => [d.code, d.message]) : []])).toEqual([
      ['/binary.yaml', [['yaml/syntax', 'YAML syntax error: the file is binary (it contains NUL bytes), not YAML.']]],
      ['/chart.yaml', []],
      [
        '/templates/d.yaml',
        [
          ['meta/name', 'metadata.name "${{ github.actor }}" is not a valid object name.'],
          ['schema/unknown-field', 'Unknown field "emial" in spec; did you mean "email"?'],
          ['schema/type', 'spec.tokenGeneration must be an integer, not string; remove the quotes to write a number.'],
        ],
      ],
      ['/utf16.yaml', [['yaml/syntax', 'YAML syntax error: the file is UTF-16 encoded; save it as UTF-8.']]],
    ]);
    await client.stop();
  }, TEST_MS);

  it('takes severity overrides and enable from workspace/configuration and follows their changes', async () => {
    const client = new Client(workspace({}));
    client.settings = { rules: { 'schema/type': 'warn', 'schema/unknown-*': 'off' } };
    await client.initialize({ workspace: { configuration: true } });
    const uri = await client.open('jane.yaml', TEXT);
    expect((await client.diagnosticsUntil(uri, (p) => p.diagnostics.length > 0)).diagnostics.map((d) => [d.code, d.severity])).toEqual([['schema/type', 2]]);

    client.settings = { enable: false };
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    expect((await client.diagnosticsUntil(uri, (p) => p.diagnostics.length === 0)).diagnostics).toEqual([]);

    client.settings = { rules: { 'schema/type': 'nonsense' } };
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    // A wrong value is left out (and logged), the rest applies.
    expect((await client.diagnosticsUntil(uri, (p) => p.diagnostics.length > 0)).diagnostics.map((d) => [d.code, d.severity])).toEqual([['schema/unknown-field', 1], ['schema/type', 1]]);

    // An id that names no rule is what it is in the config file and on the command line, said once, as a warning.
    client.settings = { rules: { 'schema/tpye': 'off', 'schema/unknown-*': 'warn' } };
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    expect((await client.diagnosticsUntil(uri, (p) => p.diagnostics.some((d) => d.severity === 2))).diagnostics.map((d) => [d.code, d.severity])).toEqual([['schema/unknown-field', 2], ['schema/type', 1]]);
    await client.change(uri, `${TEXT}\n`);
    await client.diagnostics(uri);
    expect(client.logs.filter((log) => log.message.includes('schema/tpye')).map((log) => [log.type, log.message])).toEqual([[2, 'platlint: platlint.rules.schema/tpye: matches no rule; did you mean "schema/type"?']]);
    await client.stop();
  }, TEST_MS);
});

describe('platlint lsp editor setting unfixable', () => {
  it("leaves the rules' fixes out of fix-all, offered as quick fixes; a wrong entry is a line in the log", async () => {
    const client = new Client(workspace({}));
    client.settings = { unfixable: ['schema/unknown-field', 'meta/name', 7] };
    await client.initialize({ workspace: { configuration: true } });
    const uri = await client.open('jane.yaml', TEXT);
    const published = await client.diagnosticsUntil(uri, (p) => p.diagnostics.length > 0);
    expect(published.diagnostics.map((d) => [d.code, d.data])).toEqual([
      ['schema/unknown-field', { suggestions: [{ description: 'Fix: Unknown field "emial" in spec; did you mean "email"?', edits: [{ start: TEXT.indexOf('emial'), end: TEXT.indexOf('emial') + 5, text: 'email' }] }] }],
      ['schema/type', undefined],
    ]);
    const whole = { start: { line: 0, character: 0 }, end: { line: 10, character: 0 } };
    expect(await client.codeActions(uri, whole, [], ['source.fixAll'])).toEqual([]);
    expect(client.logs.filter((log) => log.message.includes('platlint.unfixable')).map((log) => [log.type, log.message])).toEqual([
      [2, 'platlint: platlint.unfixable: 7: not a rule id'],
      [2, 'platlint: platlint.unfixable: meta/name: names no rule with fixes (rules with fixes: schema/unknown-field, schema/enum, meta/finalizers, meta/self-link, user/access-verbs, user/cluster-roles, user/duplicates, directive/unused)'],
    ]);
    // Without it, fix-all fixes the field.
    client.settings = {};
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    await client.diagnosticsUntil(uri, (p) => p.diagnostics.some((d) => (d.data as { fix?: unknown } | undefined)?.fix !== undefined));
    expect((await client.codeActions(uri, whole, [], ['source.fixAll'])).map((a) => a.title)).toEqual(['Fix all auto-fixable platlint problems (1)']);
    await client.stop();
  }, TEST_MS);

  it('fixable, the allow list: fix-all leaves out the rules it does not name; a wrong entry is a line in the log', async () => {
    const client = new Client(workspace({}));
    client.settings = { fixable: ['user/*', 'meta/nam'] };
    await client.initialize({ workspace: { configuration: true } });
    const uri = await client.open('jane.yaml', TEXT);
    const published = await client.diagnosticsUntil(uri, (p) => p.diagnostics.length > 0);
    expect(published.diagnostics.map((d) => [d.code, Object.keys(d.data ?? {})])).toEqual([
      ['schema/unknown-field', ['suggestions']],
      ['schema/type', []],
    ]);
    const whole = { start: { line: 0, character: 0 }, end: { line: 10, character: 0 } };
    expect(await client.codeActions(uri, whole, [], ['source.fixAll'])).toEqual([]);
    expect(client.logs.filter((log) => log.message.includes('platlint.fixable')).map((log) => [log.type, log.message])).toEqual([
      [2, 'platlint: platlint.fixable: meta/nam: matches no rule; did you mean "meta/name"?'],
    ]);
    await client.stop();
  }, TEST_MS);
});

describe('platlint lsp editor settings by folder', () => {
  it('reads the settings of each workspace folder (scopeUri) and applies them to the files in it', async () => {
    const root = workspace({ 'a/jane.yaml': TEXT, 'b/jane.yaml': TEXT });
    const client = new Client(root);
    const a = pathToFileURL(join(root, 'a')).href;
    client.settings = (scope?: string) => (scope === a ? { rules: { 'schema/type': 'off' } } : scope ? { enable: false } : null);
    await client.initialize({ workspace: { configuration: true } }, [join(root, 'a'), join(root, 'b')]);
    const inA = await client.open('a/jane.yaml', TEXT);
    expect((await client.diagnostics(inA)).diagnostics.map((d) => d.code)).toEqual(['schema/unknown-field']);
    const inB = await client.open('b/jane.yaml', TEXT);
    expect((await client.diagnostics(inB)).diagnostics).toEqual([]);
    await client.stop();
  }, TEST_MS);
});
