import { describe, expect, it } from 'vitest';
import { TextDocuments, type CodeAction, type Connection, type Diagnostic as LspDiagnostic } from 'vscode-languageserver/node.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from '../../src/engine/types.js';
import { Session } from '../../src/lsp/session.js';
import { BROKEN_USER, Client, TEST_MS, workspace } from './client.js';
import { policyText } from './policy-file.js';

// Line 11 (0-based 10): `      expression: "object.spec.emial != ''"`; `.emial` is characters 30 to 36, `emial` 31 to 36.
const TYPO = policyText('      match: {kinds: [User]}\n      expression: "object.spec.emial != \'\'"\n      message: m\n');

const at = (line: number, start: number, end: number) => ({ start: { line, character: start }, end: { line, character: end } });

describe('quick fixes in a policy file', () => {
  it("replace a misspelt name with the one its problem says was meant, at the name's place in the text as it is", async () => {
    const client = new Client(workspace({ '.platlint.yaml': 'policies: [policies/]\n', 'policies/acme.yaml': TYPO }));
    await client.initialize();
    await client.open('users/jane.yaml', BROKEN_USER);
    const uri = client.uri('policies/acme.yaml');
    const published = await client.diagnostics(uri);
    expect(published.diagnostics.map((d) => [d.code, d.range])).toEqual([['policy/invalid', at(10, 30, 36)]]);
    // Opened as it is on disk: the problems found in the disk's text hold for the buffer.
    await client.open('policies/acme.yaml', TYPO);
    const [problem] = published.diagnostics as [LspDiagnostic];
    const replace = (range: ReturnType<typeof at>): CodeAction => ({
      title: 'Replace "emial" with "email"',
      kind: 'quickfix',
      diagnostics: [problem],
      edit: { changes: { [uri]: [{ range, newText: 'email' }] } },
    });
    expect(await client.codeActions(uri, at(10, 33, 33))).toEqual([replace(at(10, 31, 36))]);
    expect(await client.codeActions(uri, at(3, 0, 0))).toEqual([]);
    // A line added above: once the rules are loaded again from the buffer, the fix is a line further down.
    await client.change(uri, TYPO.replace('metadata:\n', 'metadata:\n  labels: {team: platform}\n'));
    // Publishes of the buffer's lint and of the problems before come first (a wait times out after 4 s); then the reload's.
    let moved = await client.diagnostics(uri);
    while (moved.diagnostics[0]?.range.start.line !== 11) moved = await client.diagnostics(uri);
    expect(moved.diagnostics.map((d) => d.range)).toEqual([at(11, 30, 36)]);
    const actions = await client.codeActions(uri, at(11, 33, 33));
    expect(actions.map((a) => [a.title, a.edit])).toEqual([['Replace "emial" with "email"', { changes: { [uri]: [{ range: at(11, 31, 36), newText: 'email' }] } }]]);
    await client.stop();
  }, TEST_MS);

  it('none while the document is not the text its problems were found in: their offsets would be wrong', async () => {
    const documents = new TextDocuments(TextDocument);
    const session = new Session({} as Connection, documents, ['/w']);
    const problem: Diagnostic = { ruleId: 'policy/invalid', severity: 'error', message: 'm', line: 1, column: 1, endLine: 1, endColumn: 2, path: '', document: 0, suggestions: [{ description: 'd', edits: [{ start: 0, end: 1, text: 'x' }] }] };
    session.ruleSets.policyFileProblems = async (path) => (path === '/w/acme.yaml' ? { text: 'loaded text', diagnostics: [problem] } : undefined);
    expect(await session.currentProblems(TextDocument.create('file:///w/acme.yaml', 'yaml', 1, 'loaded text'))).toEqual([problem]);
    expect(await session.currentProblems(TextDocument.create('file:///w/acme.yaml', 'yaml', 2, 'edited text'))).toEqual([]);
    expect(await session.currentProblems(TextDocument.create('file:///w/other.yaml', 'yaml', 1, 'loaded text'))).toEqual([]);
  });
});
