import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mkfifo } from '../helpers/files.js';
import { BROKEN_USER, TEST_MS, workspace } from './client.js';
import { serverStarter } from './stdio.js';

const start = serverStarter();

const LAST = 2_147_483_647;
/** Ends inside `spec:` on an indented empty line: completion there offers spec's fields. */
const TYPING = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  ';
/** What completion offers inside a User's `spec`: its fields, in the schema's order. */
const USER_SPEC_FIELDS = [
  'displayName', 'description', 'owner', 'username', 'icon', 'email', 'subject', 'groups', 'ssoGroups', 'passwordRef', 'codesRef',
  'imagePullSecrets', 'tokenGeneration', 'disabled', 'clusterRoles', 'access', 'extraClaims',
];
/** Ends on `  username: jane` with no newline: hover at its end explains the field. */
const FINISHED = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  username: jane';

const result = async (answer: Promise<Record<string, unknown>>): Promise<unknown> => {
  const message = await answer;
  if (!('result' in message)) throw new Error(`an error where a result was expected: ${JSON.stringify(message)}`);
  return message['result'];
};

describe('platlint lsp --stdio: positions out of range are clamped to the document', () => {
  it('answers completion, hover and code actions at line 2147483647 and a huge character as at the end', async () => {
    const server = start();
    await server.initialize();
    const typing = server.open('typing.yaml', TYPING);
    const finished = server.open('finished.yaml', FINISHED);
    const broken = server.open('broken.yaml', BROKEN_USER);
    const at = (uri: string, line: number, character: number) => ({ textDocument: { uri }, position: { line, character } });

    const completions = await result(server.request(1, 'textDocument/completion', at(typing, LAST, LAST)));
    expect(completions).toEqual(await result(server.request(2, 'textDocument/completion', at(typing, 5, 2))));
    expect((completions as { label: string }[]).map((item) => item.label)).toEqual(USER_SPEC_FIELDS);
    // A huge character on a real line is the end of that line.
    expect(await result(server.request(3, 'textDocument/completion', at(typing, 1, LAST)))).toEqual(await result(server.request(4, 'textDocument/completion', at(typing, 1, 10))));

    const hover = await result(server.request(5, 'textDocument/hover', at(finished, LAST, 0)));
    expect(hover).toEqual(await result(server.request(6, 'textDocument/hover', at(finished, 5, 16))));
    expect(JSON.stringify(hover)).toContain('username');

    const huge = { start: { line: LAST, character: LAST }, end: { line: LAST, character: LAST } };
    const actions = await result(server.request(7, 'textDocument/codeAction', { textDocument: { uri: broken }, range: huge, context: { diagnostics: [] } }));
    const end = { line: 8, character: 0 };
    expect(actions).toEqual(await result(server.request(8, 'textDocument/codeAction', { textDocument: { uri: broken }, range: { start: end, end }, context: { diagnostics: [] } })));
    expect((actions as { title: string }[]).map((a) => a.title)).toEqual(['Fix all auto-fixable platlint problems (1)']);
    expect(server.logged()).toEqual([]);
  }, TEST_MS);
});

describe('platlint lsp --stdio: params in the wrong shape get InvalidParams (-32602) and one line in the log', () => {
  it('refuses requests whose params the specification does not allow, and keeps serving', async () => {
    const server = start();
    await server.initialize();
    const uri = server.open('typing.yaml', TYPING);
    const invalid = (id: number, message: string) => ({ jsonrpc: '2.0', id, error: { code: -32602, message } });
    const cases: [string, unknown, string][] = [
      ['textDocument/hover', {}, 'textDocument/hover: textDocument must be an object'],
      ['textDocument/hover', { textDocument: { uri: 5 }, position: { line: 0, character: 0 } }, 'textDocument/hover: textDocument.uri must be a string'],
      ['textDocument/completion', { textDocument: { uri }, position: { line: LAST + 1, character: 0 } }, 'textDocument/completion: position.line must be an integer from 0 to 2147483647'],
      ['textDocument/completion', { textDocument: { uri }, position: { line: 0, character: -1 } }, 'textDocument/completion: position.character must be an integer from 0 to 2147483647'],
      ['textDocument/completion', { textDocument: { uri }, position: { line: 0.5, character: 0 } }, 'textDocument/completion: position.line must be an integer from 0 to 2147483647'],
      ['textDocument/codeAction', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }, 'textDocument/codeAction: context must be an object'],
      ['textDocument/codeAction', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [{}] } }, 'textDocument/codeAction: context.diagnostics[0].range must be an object'],
      ['textDocument/signatureHelp', { position: { line: 0, character: 0 } }, 'textDocument/signatureHelp: textDocument must be an object'],
      ['textDocument/definition', { textDocument: { uri }, position: { line: 0 } }, 'textDocument/definition: position.character must be an integer from 0 to 2147483647'],
      ['textDocument/documentSymbol', null, 'textDocument/documentSymbol: params must be an object'],
      ['workspace/executeCommand', { command: ['platlint.lintWorkspace'] }, 'workspace/executeCommand: command must be a string'],
      ['workspace/symbol', { query: 3 }, 'workspace/symbol: query must be a string'],
    ];
    for (const [i, [method, params, message]] of cases.entries()) {
      expect(await server.request(10 + i, method, params)).toEqual(invalid(10 + i, message));
    }
    expect(server.logged()).toEqual(cases.map(([, , message]) => `platlint: ${message}`));
    // The document is still served: completion inside spec offers spec's fields.
    const served = await result(server.request(30, 'textDocument/completion', { textDocument: { uri }, position: { line: 5, character: 2 } }));
    expect((served as { label: string }[]).map((item) => item.label)).toEqual(USER_SPEC_FIELDS);
  }, TEST_MS);

  it('ignores notifications whose params are in the wrong shape, with one line each, and keeps serving', async () => {
    const server = start();
    await server.initialize();
    const uri = pathToFileURL(join(server.root, 'jane.yaml')).href;
    // The library reads a cancellation's id as soon as it arrives: the reader checks it first.
    server.send({ method: '$/cancelRequest' });
    server.send({ method: '$/cancelRequest', params: {} });
    server.send({ method: '$/cancelRequest', params: { id: null } });
    server.send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'yaml', version: 1, text: 5 } } });
    server.send({ method: 'workspace/didChangeWatchedFiles', params: { changes: 'all' } });
    server.open('jane.yaml', BROKEN_USER);
    const published = await server.next('diagnostics for jane.yaml', (m) => m['method'] === 'textDocument/publishDiagnostics');
    expect((published['params'] as { diagnostics: { code: string }[] }).diagnostics.map((d) => d.code)).toEqual(['schema/unknown-field', 'schema/type']);
    expect(server.logged()).toEqual([
      'platlint: $/cancelRequest: params must be an object; the notification was ignored',
      'platlint: $/cancelRequest: id must be an integer or a string; the notification was ignored',
      'platlint: $/cancelRequest: id must be an integer or a string; the notification was ignored',
      'platlint: textDocument/didOpen: textDocument.text must be a string; the notification was ignored',
      'platlint: workspace/didChangeWatchedFiles: changes must be an array; the notification was ignored',
    ]);
    expect(server.stderr).toBe('');
  }, TEST_MS);
});

describe('platlint lsp --stdio: files it cannot read are one line in the log, never a stack trace', () => {
  it('lints the workspace past a symbolic link loop and a link to a FIFO, answering the request', async () => {
    const root = workspace({ 'a.yaml': BROKEN_USER });
    symlinkSync('loop.yaml', join(root, 'loop.yaml'));
    mkfifo(join(root, 'fifo'));
    symlinkSync('fifo', join(root, 'pipe.yaml'));
    const server = start(root);
    await server.initialize();
    const answer = await result(server.request(1, 'workspace/diagnostic', { previousResultIds: [] }));
    expect((answer as { items: { uri: string }[] }).items.map((item) => item.uri)).toEqual([pathToFileURL(join(root, 'a.yaml')).href]);
    expect(server.logged()).toEqual([
      `platlint: cannot read ${join(root, 'loop.yaml')}: ELOOP: a loop of symbolic links`,
      `platlint: cannot read ${join(root, 'pipe.yaml')}: it is a FIFO, not a regular file; pipe it to platlint - instead`,
    ]);
  }, TEST_MS);
});
