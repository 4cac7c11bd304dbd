/** A settings file `.platlint.yaml` extends, in the editor: its settings apply, editing it relints, its mistakes show on it. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node.js';
import { builtinRules } from '../../rules/index.js';
import { BROKEN_USER, Client, TEST_MS, workspace } from './client.js';

const summary = (diagnostics: Diagnostic[]): [string | number | undefined, number, number, number | undefined][] =>
  diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character, d.severity]);

describe('platlint lsp with a settings file that .platlint.yaml extends', () => {
  it('applies it, relints when it is edited, and puts its mistakes on it', async () => {
    const client = new Client(workspace({ '.platlint.yaml': 'extends: [./shared/base.yaml]\n', 'shared/base.yaml': 'rules:\n  schema/type: warn\n' }));
    await client.initialize();
    const user = await client.open('users/jane.yaml', BROKEN_USER);
    expect(summary((await client.diagnostics(user)).diagnostics)).toEqual([
      ['schema/unknown-field', 6, 2, 1],
      ['schema/type', 7, 19, 2],
    ]);

    // Its unsaved text counts, as the configuration's does.
    const base = await client.open('shared/base.yaml', 'rules:\n  schema/type: warn\n');
    await client.change(base, 'rules:\n  schema/type: "off"\n');
    const relinted = await client.diagnosticsUntil(user, (p) => p.diagnostics.length === 1);
    expect(summary(relinted.diagnostics)).toEqual([['schema/unknown-field', 6, 2, 1]]);

    await client.change(base, 'rules:\n  schema/type: wrn\n');
    const mistakes = await client.diagnosticsUntil(base, (p) => p.diagnostics.length > 0);
    expect(mistakes.diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character, d.message])).toEqual([
      ['config-file/invalid', 1, 15, 'rules.schema/type: must be one of off, info, warn, warning, error, on, 0, 1, 2; did you mean "warn"? (linting with the built-in defaults until it is fixed)'],
    ]);
    // Until then the manifest is linted with the defaults, and the configuration itself has nothing wrong.
    expect(summary((await client.diagnosticsUntil(user, (p) => p.diagnostics.length === 2)).diagnostics)).toEqual([
      ['schema/unknown-field', 6, 2, 1],
      ['schema/type', 7, 19, 1],
    ]);
    expect(client.published.filter((p) => p.uri === client.uri('.platlint.yaml') && p.diagnostics.length > 0)).toEqual([]);
    await client.stop();
  }, TEST_MS);

  it('relints when the file changes on disk, and puts a policy path it cannot read on its entry there', async () => {
    const root = workspace({ '.platlint.yaml': 'extends: [./shared/base.yaml]\n', 'shared/base.yaml': 'rules:\n  schema/type: warn\n' });
    const client = new Client(root);
    await client.initialize();
    const user = await client.open('users/jane.yaml', BROKEN_USER);
    expect(summary((await client.diagnostics(user)).diagnostics).map(([code, , , severity]) => [code, severity])).toEqual([
      ['schema/unknown-field', 1],
      ['schema/type', 2],
    ]);
    writeFileSync(join(root, 'shared/base.yaml'), 'policies:\n  - ./missing.yaml\nrules:\n  schema/type: "off"\n');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri('shared/base.yaml'), type: 2 }] });
    expect(summary((await client.diagnosticsUntil(user, (p) => p.diagnostics.length === 1)).diagnostics)).toEqual([['schema/unknown-field', 6, 2, 1]]);
    const base = await client.diagnosticsUntil(client.uri('shared/base.yaml'), (p) => p.diagnostics.length > 0);
    expect(base.diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character, d.message])).toEqual([
      ['config-file/invalid', 1, 4, 'policies: shared/missing.yaml: no such policy file or directory'],
    ]);
    await client.stop();
  }, TEST_MS);

  it('goes from an entry of extends to the file it names, in the project file and in a file it extends', async () => {
    const client = new Client(
      workspace({ '.platlint.yaml': 'extends: [strict, ./shared/base.yaml]\n', 'shared/base.yaml': 'extends: ../org.yaml\n', 'org.yaml': 'rules: {}\n' }),
    );
    await client.initialize();
    const definition = async (name: string, text: string, character: number): Promise<unknown> =>
      client.request('textDocument/definition', { textDocument: { uri: await client.open(name, text) }, position: { line: 0, character } });
    const top = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    expect(await definition('.platlint.yaml', 'extends: [strict, ./shared/base.yaml]\n', 20)).toEqual({ uri: client.uri('shared/base.yaml'), range: top });
    expect(await definition('.platlint.yaml', 'extends: [strict, ./shared/base.yaml]\n', 12)).toBeNull();
    expect(await definition('shared/base.yaml', 'extends: ../org.yaml\n', 12)).toEqual({ uri: client.uri('org.yaml'), range: top });
    await client.stop();
  }, TEST_MS);

  it('completes and hovers a file .platlint.yaml extends as settings, whatever its name', async () => {
    const client = new Client(workspace({ '.platlint.yaml': 'extends: [./shared/org.yaml]\n', 'shared/org.yaml': 'rules:\n  user/ic: off\n', 'users/jane.yaml': BROKEN_USER }));
    await client.initialize();
    // The project's rule set is loaded once a manifest of it is open.
    await client.diagnostics(await client.open('users/jane.yaml', BROKEN_USER));
    const uri = await client.open('shared/org.yaml', 'rules:\n  user/ic: off\n');
    const items = await client.request<{ label: string }[] | { items: { label: string }[] }>('textDocument/completion', { textDocument: { uri }, position: { line: 1, character: 9 } });
    const labels = (Array.isArray(items) ? items : items.items).map((item) => item.label);
    // Every rule id, as under rules: of .platlint.yaml (the editor filters by what is typed).
    expect(labels).toEqual(builtinRules.map((rule) => rule.meta.id));
    const hover = await client.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 2 } });
    expect(hover?.contents.value.split('\n')[0]).toBe('**rules**');
    await client.stop();
  }, TEST_MS);

  it('knows a file .platlint.yaml extends as settings when it is the first file opened, and only that one', async () => {
    const text = 'rules:\n  user/ic: off\n';
    const client = new Client(workspace({ '.platlint.yaml': 'extends: [./shared/org.yaml]\n', 'shared/org.yaml': text, 'shared/other.yaml': text }));
    await client.initialize();
    const labelsAt = async (name: string): Promise<string[]> => {
      const uri = await client.open(name, text);
      const items = await client.request<{ label: string }[] | { items: { label: string }[] }>('textDocument/completion', { textDocument: { uri }, position: { line: 1, character: 9 } });
      return (Array.isArray(items) ? items : items.items).map((item) => item.label);
    };
    expect(await labelsAt('shared/org.yaml')).toEqual(builtinRules.map((rule) => rule.meta.id));
    // A file no configuration extends is no settings file: under `rules:` there is no field of a manifest either.
    expect(await labelsAt('shared/other.yaml')).toEqual([]);
    await client.stop();
  }, TEST_MS);
});
