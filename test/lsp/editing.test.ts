import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node.js';
import { RuleSets } from '../../src/lsp/rule-sets.js';
import { Client, TEST_MS, workspace } from './client.js';

const user = (name: string, extra: string[]): string =>
  ['apiVersion: management.platform/v1', 'kind: User', 'metadata:', `  name: ${name}`, 'spec:', `  username: ${name}`, ...extra].join('\n');

// Three documents: a typo in the first, a suppressed typo and a type error in the second, a typo in the third.
const FILE = [
  user('ann', ['  emial: ann@example.com']),
  '---',
  user('bob', ['  # platlint-disable-next-line schema/unknown-field', '  emial: bob@example.com', '  tokenGeneration: "3"']),
  '---',
  user('cid', ['  emial: cid@example.com', '']),
].join('\n');

const summary = (diagnostics: Diagnostic[]): [string | number | undefined, number, number, unknown][] =>
  diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character, (d.data as { stale?: boolean } | undefined)?.stale]);

describe('platlint lsp while typing', () => {
  it('keeps the other documents and the last good diagnostics of a broken one, with no false directive/unused', async () => {
    const client = new Client(workspace({}));
    await client.initialize();
    const uri = await client.open('users.yaml', FILE);
    const clean = [
      ['schema/unknown-field', 6, 2, undefined],
      ['schema/type', 16, 19, undefined],
      ['schema/unknown-field', 24, 2, undefined],
    ];
    expect(summary((await client.diagnostics(uri)).diagnostics)).toEqual(clean);

    // A stray `]` typed at the start of the suppressed line of the second document.
    const version = await client.edit(uri, { start: { line: 15, character: 2 }, end: { line: 15, character: 2 } }, ']');
    const broken = await client.diagnosticsUntil(uri, (p) => p.version === version);
    expect(summary(broken.diagnostics)).toEqual([
      ['schema/unknown-field', 6, 2, undefined],
      ['yaml/syntax', 15, 2, undefined],
      ['schema/type', 16, 19, true],
      ['schema/unknown-field', 24, 2, undefined],
    ]);
    expect(broken.diagnostics[1]?.message).toBe('YAML syntax error: this ] closes nothing.');
    // A stale diagnostic offers no fix: its offsets belong to an older text.
    expect(broken.diagnostics[2]?.data).toEqual({ stale: true });

    const fixed = await client.edit(uri, { start: { line: 15, character: 2 }, end: { line: 15, character: 3 } }, '');
    expect(summary((await client.diagnosticsUntil(uri, (p) => p.version === fixed)).diagnostics)).toEqual(clean);
    await client.stop();
  }, TEST_MS);

  it('uses the nearest config up from each file, inside and outside the workspace folders', async () => {
    const root = workspace({
      '.platlint.yaml': 'rules:\n  schema/type: warn\n',
      'team/.platlint.yaml': 'rules:\n  schema/type: "off"\n',
      'plain/a.yaml': '',
    });
    const outside = mkdtempSync(join(tmpdir(), 'platlint-lsp-outside-'));
    writeFileSync(join(outside, '.platlint.yaml'), 'rules:\n  schema/unknown-field: "off"\n');
    const client = new Client(root);
    await client.initialize({}, [join(root, 'plain'), join(root, 'team')]);
    const text = user('ann', ['  emial: ann@example.com', '  tokenGeneration: "3"', '']);
    const codes = async (uri: string): Promise<[unknown, unknown][]> => (await client.diagnostics(uri)).diagnostics.map((d) => [d.code, d.severity]);

    expect(await codes(await client.open('plain/a.yaml', text))).toEqual([['schema/unknown-field', 1], ['schema/type', 2]]);
    expect(await codes(await client.open('team/b.yaml', text))).toEqual([['schema/unknown-field', 1]]);
    const outsideUri = pathToFileURL(join(outside, 'c.yaml')).href;
    await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: outsideUri, languageId: 'yaml', version: 1, text } });
    expect(await codes(outsideUri)).toEqual([['schema/type', 1]]);
    await client.stop();
  }, TEST_MS);

  it('leaves Helm templates, untitled buffers and other schemes alone', async () => {
    const root = workspace({});
    const client = new Client(root);
    await client.initialize();
    const text = user('ann', ['  emial: ann@example.com', '']);
    await client.open('chart/templates/user.yaml', text, 'helm');
    await client.open('chart/templates/other.yaml', `${text}  labels: {{ .Values.labels }}\n`);
    for (const uri of ['untitled:Untitled-1', 'git:/repo/user.yaml?ref=HEAD']) {
      await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
    }
    const linted = await client.open('user.yaml', text);
    expect((await client.diagnostics(linted)).diagnostics.map((d) => d.code)).toEqual(['schema/unknown-field']);
    // Hover and completion still answer nothing rather than fail on the skipped ones.
    expect(await client.request('textDocument/completion', { textDocument: { uri: 'untitled:Untitled-1' }, position: { line: 5, character: 2 } })).toEqual([]);
    expect(client.published.map((p) => p.uri)).toEqual([linted]);
    await client.stop();
  }, TEST_MS);

  it('gathers config problems again only when a rule set was loaded or reloaded, not at every keystroke', async () => {
    const gathered = vi.spyOn(RuleSets.prototype, 'problems');
    try {
      const client = new Client(workspace({ '.platlint.yaml': 'rules:\n  schema/type: warn\n' }));
      await client.initialize();
      const uri = await client.open('users.yaml', FILE);
      await client.diagnostics(uri);
      // Loading the folder's rule set for the first lint gathers its problems (none) once.
      expect(gathered).toHaveBeenCalledTimes(1);
      for (const letter of ['x', 'y', 'z']) {
        const version = await client.edit(uri, { start: { line: 3, character: 9 }, end: { line: 3, character: 9 } }, letter);
        await client.diagnosticsUntil(uri, (p) => p.version === version);
      }
      expect(gathered).toHaveBeenCalledTimes(1);

      // Editing the config reloads the rule sets: its new mistake is gathered and published on it.
      const config = await client.open('.platlint.yaml', 'rules:\n  schema/type: warn\n');
      await client.change(config, 'rules:\n  schema/type: wrn\n');
      const published = await client.diagnosticsUntil(config, (p) => p.diagnostics.length > 0);
      expect(published.diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character])).toEqual([['config-file/invalid', 1, 15]]);
      expect(gathered.mock.calls.length).toBeGreaterThan(1);
      await client.stop();
    } finally {
      gathered.mockRestore();
    }
  }, TEST_MS);
});
