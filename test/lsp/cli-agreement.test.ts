/**
 * The editor shows what `platlint --format json` reports for the same text: in a file of several documents, which
 * the editor re-lints a document at a time, the facts of the whole file (a platform object elsewhere, the secrets
 * of other documents, directives across documents); and in a buffer that is no text (NUL bytes).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node.js';
import { ROOT, runCli } from '../helpers/cli.js';
import { report } from '../helpers/json-report.js';
import { user } from '../helpers/manifests.js';
import { Client, TEST_MS, workspace } from './client.js';

/** A diagnostic as the editor gets it: rule, 0-based range, message. */
type Shown = [string, number, number, number, number, string];

const shownInEditor = (diagnostics: Diagnostic[]): Shown[] =>
  diagnostics.map((d) => [String(d.code), d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character, d.message]);

/** The CLI's JSON report of the file, in the editor's terms. */
function cliReport(root: string): Shown[] {
  return report(runCli(['--format', 'json', 'manifest.yaml'], { cwd: root }).stdout).results.flatMap((r) =>
    r.diagnostics.map((d): Shown => [d.ruleId, d.line - 1, d.column - 1, d.endLine - 1, d.endColumn - 1, d.message]),
  );
}

/**
 * The diagnostics of the file in the editor and in the CLI: the CLI reads `content` from disk; the editor is given
 * the text (bytes as an editor decodes them), or first `before` and then, edited, the text: the documents of
 * `before` that the edit leaves alone are then reused, with the facts of the file as it is now.
 */
async function editorAndCli(content: string | Buffer, before?: string): Promise<{ editor: Shown[]; cli: Shown[] }> {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const root = workspace({});
  writeFileSync(join(root, 'manifest.yaml'), bytes);
  const cli = cliReport(root);
  const client = new Client(root);
  await client.initialize();
  const text = bytes.toString('utf8');
  const uri = await client.open('manifest.yaml', before ?? text);
  if (before !== undefined) {
    await client.diagnostics(uri);
    await client.change(uri, text);
  }
  const editor = shownInEditor((await client.diagnostics(uri)).diagnostics);
  await client.stop();
  return { editor, cli };
}

const USER_A = 'apiVersion: management.platform/v1\nkind: User\nmetadata: {name: a}\nspec: {username: a}\n';

describe('a file of several documents: the editor agrees with the CLI on the facts of the whole file', () => {
  it('a stray scalar or list document is not an object where another document is one', async () => {
    const text = `${USER_A}---\njust a string\n---\n- a\n- b\n`;
    const expected: Shown[] = [
      ['resource/not-an-object', 5, 0, 5, 13, 'This document is a scalar, not a mapping.'],
      ['resource/not-an-object', 7, 0, 7, 3, 'This document is a list, not a mapping.'],
    ];
    // Edited from a file without platform objects: the stray documents, reused, now lie among objects.
    for (const { editor, cli } of [await editorAndCli(text), await editorAndCli(text, text.replace(USER_A, 'foo: bar\n'))]) {
      expect(cli).toEqual(expected);
      expect(editor).toEqual(cli);
    }
  }, TEST_MS);

  it("resource/not-an-object's invalid fixture", async () => {
    const { editor, cli } = await editorAndCli(readFileSync(join(ROOT, 'fixtures/resource/not-an-object/invalid.yaml'), 'utf8'));
    expect(cli.map(([id, line]) => [id, line])).toEqual([
      ['resource/not-an-object', 0],
      ['resource/not-an-object', 3],
      ['resource/not-an-object', 8],
    ]);
    expect(editor).toEqual(cli);
  }, TEST_MS);

  it("a secret of one document is masked in another document's messages", async () => {
    const text = `${user('  username: a\n  password: Hunter2_Secret\n', 'a')}---\n${user('  username: b\n  email: Hunter2_Secret\n', 'Hunter2_Secret')}`;
    // Edited to add the password: the second document, reused, now quotes a secret.
    for (const { editor, cli } of [await editorAndCli(text), await editorAndCli(text, text.replace('  password: Hunter2_Secret\n', ''))]) {
      expect(cli.filter(([, , , , , message]) => message.includes('Hunter2'))).toEqual([]);
      expect(cli.map(([id, line, , , , message]) => [id, line, message])).toContainEqual(['user/email', 14, 'spec.email "****" is not a valid e-mail address (mail: missing @ in addr-spec).']);
      expect(editor).toEqual(cli);
    }
  }, TEST_MS);

  it('a disable block that spans documents', async () => {
    const typo = (name: string): string => user(`  username: ${name}\n  emial: ${name}@example.com\n`, name);
    const text = `# platlint-disable schema/unknown-field\n${typo('ann')}---\n${typo('bob')}# platlint-enable schema/unknown-field\n---\n${typo('cid')}`;
    const { editor, cli } = await editorAndCli(text, text.replace('name: ann', 'name: anne'));
    expect(cli.map(([id, line]) => [id, line])).toEqual([['schema/unknown-field', 24]]);
    expect(editor).toEqual(cli);
  }, TEST_MS);

  it('a disable-file directive in a later document', async () => {
    const typo = (name: string): string => user(`  username: ${name}\n  emial: ${name}@example.com\n`, name);
    const text = `${typo('ann')}---\n# platlint-disable-file schema/unknown-field\n${typo('bob')}`;
    const { editor, cli } = await editorAndCli(text, text.replace('name: ann', 'name: anne'));
    expect(cli).toEqual([]);
    expect(editor).toEqual(cli);
  }, TEST_MS);

  it('a %YAML directive line, which belongs to the document after it', async () => {
    const text = `${USER_A}---\n%YAML 1.2\n---\n${USER_A.replace('name: a', 'name: b')}`;
    const { editor, cli } = await editorAndCli(text, text.replace('name: b', 'name: c'));
    expect(cli.map(([id, line]) => [id, line])).toEqual([['yaml/syntax', 5], ['yaml/syntax', 5]]);
    expect(editor).toEqual(cli);
  }, TEST_MS);
});

/** Bytes that look random and are the same at every run. */
function noise(length: number): Buffer {
  const out = Buffer.alloc(length);
  let state = 0x2545f491;
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[i] = state & 0xff;
  }
  return out;
}

describe('a buffer with NUL bytes: one yaml/syntax at 1:1, as the CLI says of the file', () => {
  const binary: Shown = ['yaml/syntax', 0, 0, 0, 1, 'YAML syntax error: the file is binary (it contains NUL bytes), not YAML.'];
  it.each([
    ['200 KB of arbitrary bytes', noise(200_000)],
    ['a valid User, then a line with a NUL', Buffer.from(`${USER_A}\u0000\n`)],
    ['kind: User\\0', Buffer.from('kind: User\u0000\n')],
  ])('%s', async (_name, bytes) => {
    const { editor, cli } = await editorAndCli(bytes);
    expect(cli).toEqual([binary]);
    expect(editor).toEqual(cli);
  }, TEST_MS);
});
