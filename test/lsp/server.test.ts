import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Range } from 'vscode-languageserver/node.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ROOT, runCli } from '../helpers/cli.js';
import { BROKEN_USER as USER, Client, TEST_MS, workspace } from './client.js';

const CLEAN = USER.replace('emial', 'email').replace('"3"', '3');
const DOCS = 'https://github.com/platlint/platlint/blob/main/rules';

const UNKNOWN_FIELD = {
  range: { start: { line: 6, character: 2 }, end: { line: 6, character: 7 } },
  severity: 1,
  source: 'platlint',
  code: 'schema/unknown-field',
  codeDescription: { href: `${DOCS}/schema/unknown-field/README.md` },
  message: 'Unknown field "emial" in spec; did you mean "email"?',
  data: { fix: { edits: [{ start: USER.indexOf('emial'), end: USER.indexOf('emial') + 5, text: 'email' }] } },
};
const typeDiagnostic = (severity: number): object => ({
  range: { start: { line: 7, character: 19 }, end: { line: 7, character: 22 } },
  severity,
  source: 'platlint',
  code: 'schema/type',
  codeDescription: { href: `${DOCS}/schema/type/README.md` },
  message: 'spec.tokenGeneration must be an integer, not string; remove the quotes to write a number.',
});

const EMIAL: Range = UNKNOWN_FIELD.range;

describe('platlint lsp', () => {
  it('publishes diagnostics with the workspace config, offers fixes, and clears them', async () => {
    const root = workspace({ '.platlint.yaml': 'rules:\n  schema/type: warn\n' });
    const client = new Client(root);
    const init = await client.initialize();
    expect(init.capabilities.codeActionProvider).toEqual({ codeActionKinds: ['quickfix', 'source.fixAll.platlint'] });
    expect(init.capabilities.textDocumentSync).toEqual({ openClose: true, change: 2, save: { includeText: false } });

    const uri = await client.open('users/jane.yaml', USER);
    expect(await client.diagnostics(uri)).toEqual({ uri, version: 1, diagnostics: [UNKNOWN_FIELD, typeDiagnostic(2)] });

    const actions = await client.codeActions(uri, EMIAL, [UNKNOWN_FIELD]);
    expect(actions).toEqual([
      {
        title: 'Fix: Unknown field "emial" in spec; did you mean "email"?',
        kind: 'quickfix',
        diagnostics: [UNKNOWN_FIELD],
        isPreferred: true,
        edit: { changes: { [uri]: [{ range: EMIAL, newText: 'email' }] } },
      },
      {
        title: 'Disable schema/unknown-field for this line',
        kind: 'quickfix',
        diagnostics: [UNKNOWN_FIELD],
        edit: { changes: { [uri]: [{ range: { start: { line: 6, character: 0 }, end: { line: 6, character: 0 } }, newText: '  # platlint-disable-next-line schema/unknown-field\n' }] } },
      },
      {
        title: 'Fix all auto-fixable platlint problems (1)',
        kind: 'source.fixAll.platlint',
        // The smallest edit: "emial" becomes "email" by swapping two letters; the rest of the text is untouched.
        edit: { changes: { [uri]: [{ range: { start: { line: 6, character: 4 }, end: { line: 6, character: 6 } }, newText: 'ai' }] } },
      },
    ]);

    // The directive the action inserts, applied as the editor would, suppresses exactly that diagnostic.
    const disableEdits = actions[1]?.edit?.changes?.[uri] ?? [];
    const disabled = TextDocument.applyEdits(TextDocument.create(uri, 'yaml', 1, USER), disableEdits);
    expect(disabled).toBe(USER.replace('  emial', '  # platlint-disable-next-line schema/unknown-field\n  emial'));
    // Typing is debounced: a version superseded within the delay is never linted nor published.
    await client.change(uri, 'kind: User\nmetadata: {}\n');
    const v2 = await client.change(uri, disabled);
    expect(await client.diagnostics(uri)).toEqual({ uri, version: v2, diagnostics: [{ ...typeDiagnostic(2), range: { start: { line: 8, character: 19 }, end: { line: 8, character: 22 } } }] });

    const v3 = await client.change(uri, CLEAN);
    expect(await client.diagnostics(uri)).toEqual({ uri, version: v3, diagnostics: [] });
    expect(await client.codeActions(uri, EMIAL)).toEqual([]);

    expect(client.messages).toEqual([]);
    await client.stop();
  }, TEST_MS);

  it('publishes config mistakes on the config file, lints with the defaults, and follows its unsaved buffer', async () => {
    const root = workspace({ '.platlint.yaml': 'rules:\n  schema/typo: warn\n' });
    const client = new Client(root);
    await client.initialize();
    const a = await client.open('a.yaml', USER);
    expect(await client.diagnostics(a)).toEqual({ uri: a, version: 1, diagnostics: [UNKNOWN_FIELD, typeDiagnostic(1)] });
    const configUri = client.uri('.platlint.yaml');
    const configMistake = {
      range: { start: { line: 1, character: 2 }, end: { line: 1, character: 13 } },
      severity: 1,
      source: 'platlint',
      code: 'config-file/invalid',
      message: 'rules.schema/typo: matches no rule; did you mean "schema/type"? (linting with the built-in defaults until it is fixed)',
    };
    expect(await client.diagnostics(configUri)).toEqual({ uri: configUri, diagnostics: [configMistake] });
    const b = await client.open('b.yaml', USER);
    expect((await client.diagnostics(b)).diagnostics).toEqual([UNKNOWN_FIELD, typeDiagnostic(1)]);

    // Typing in the config buffer, unsaved, changes the rules of the open files and clears the mistake.
    const config = await client.open('.platlint.yaml', 'rules:\n  schema/typo: warn\n');
    expect(config).toBe(configUri);
    await client.change(config, 'rules:\n  schema/type: warn\n');
    expect((await client.diagnostics(a)).diagnostics).toEqual([UNKNOWN_FIELD, typeDiagnostic(2)]);
    expect((await client.diagnostics(b)).diagnostics).toEqual([UNKNOWN_FIELD, typeDiagnostic(2)]);
    expect(await client.diagnostics(configUri)).toEqual({ uri: configUri, diagnostics: [] });
    await client.change(config, 'rules:\n  schema/type: wrn\n');
    expect((await client.diagnostics(a)).diagnostics).toEqual([UNKNOWN_FIELD, typeDiagnostic(1)]);
    expect((await client.diagnostics(configUri)).diagnostics).toEqual([
      {
        ...configMistake,
        range: { start: { line: 1, character: 15 }, end: { line: 1, character: 18 } },
        message: 'rules.schema/type: must be one of off, info, warn, warning, error, on, 0, 1, 2; did you mean "warn"? (linting with the built-in defaults until it is fixed)',
      },
    ]);
    // Several mistakes: one diagnostic each, at its place.
    await client.change(config, 'rule:\n  x: 1\nrules:\n  schema/type: wrn\n');
    expect((await client.diagnostics(a)).diagnostics).toEqual([UNKNOWN_FIELD, typeDiagnostic(1)]);
    expect((await client.diagnostics(configUri)).diagnostics).toEqual([
      {
        ...configMistake,
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 4 } },
        message: '(top level): unknown key "rule"; did you mean "rules"? (linting with the built-in defaults until it is fixed)',
      },
      {
        ...configMistake,
        range: { start: { line: 3, character: 15 }, end: { line: 3, character: 18 } },
        message: 'rules.schema/type: must be one of off, info, warn, warning, error, on, 0, 1, 2; did you mean "warn"? (linting with the built-in defaults until it is fixed)',
      },
    ]);

    // Closed unsaved, the disk's content counts again; a change on disk is picked up from the watcher.
    writeFileSync(join(root, '.platlint.yaml'), 'rules:\n  schema/type: warn\n');
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: config } });
    expect((await client.diagnostics(a)).diagnostics).toEqual([UNKNOWN_FIELD, typeDiagnostic(2)]);
    expect((await client.diagnostics(configUri)).diagnostics).toEqual([]);
    writeFileSync(join(root, '.platlint.yaml'), 'rules:\n  schema/type: off\n');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: configUri, type: 2 }] });
    expect((await client.diagnostics(a)).diagnostics).toEqual([UNKNOWN_FIELD]);
    expect(client.messages).toEqual([]);
    await client.stop();
  }, TEST_MS);

  it("offers an unfixable rule's fix as a quick fix a person applies, and no fix-all for it", async () => {
    const root = workspace({ '.platlint.yaml': 'unfixable: [schema/unknown-field]\nrules:\n  schema/type: off\n' });
    const client = new Client(root);
    await client.initialize();
    const uri = await client.open('users/jane.yaml', USER);
    const { data: _fix, ...held } = UNKNOWN_FIELD;
    const diagnostic = { ...held, data: { suggestions: [{ description: 'Fix: Unknown field "emial" in spec; did you mean "email"?', edits: UNKNOWN_FIELD.data.fix.edits }] } };
    expect((await client.diagnostics(uri)).diagnostics).toEqual([diagnostic]);
    expect(await client.codeActions(uri, EMIAL, [diagnostic])).toEqual([
      { title: 'Fix: Unknown field "emial" in spec; did you mean "email"?', kind: 'quickfix', diagnostics: [diagnostic], edit: { changes: { [uri]: [{ range: EMIAL, newText: 'email' }] } } },
      {
        title: 'Disable schema/unknown-field for this line',
        kind: 'quickfix',
        diagnostics: [diagnostic],
        edit: { changes: { [uri]: [{ range: { start: { line: 6, character: 0 }, end: { line: 6, character: 0 } }, newText: '  # platlint-disable-next-line schema/unknown-field\n' }] } },
      },
    ]);
    expect(await client.codeActions(uri, { start: { line: 0, character: 0 }, end: { line: 10, character: 0 } }, [], ['source.fixAll'])).toEqual([]);
    expect(client.messages).toEqual([]);
    await client.stop();
  }, TEST_MS);

  it('skips ignored and non-YAML documents, survives garbage, and offers suggestions, directives and fix-all', async () => {
    const root = workspace({ '.platlint.yaml': 'ignore: ["generated/**"]\n' });
    const client = new Client(root);
    await client.initialize({ workspace: { workspaceEdit: { documentChanges: true } } });
    const notes = await client.open('notes.txt', USER, 'plaintext');
    const generated = await client.open('generated/jane.yaml', USER);
    expect(await client.diagnostics(generated)).toEqual({ uri: generated, version: 1, diagnostics: [] });

    const garbage = await client.open('garbage.yaml', `\u0000\uFFFE: [\n  - {${'['.repeat(20_000)}\n\t"\\x`);
    const published = await client.diagnostics(garbage);
    expect(published.diagnostics.map((d) => [d.code, d.source])).toContainEqual(['yaml/syntax', 'platlint']);

    const text = USER.replace('name: jane', 'name: Jane_Doe').replace('  tokenGeneration', '  # platlint-disable-next-line meta/labels -- not ours\n  tokenGeneration');
    const uri = await client.open('jane.yaml', text);
    const directive = (await client.diagnostics(uri)).diagnostics.filter((d) => d.code === 'directive/unused');
    expect(directive.map((d) => [d.range, d.severity, d.tags])).toEqual([[{ start: { line: 7, character: 2 }, end: { line: 7, character: '  # platlint-disable-next-line meta/labels -- not ours'.length } }, 2, [1]]]);
    // Its quick fix takes the comment's line out.
    const unusedActions = await client.codeActions(uri, { start: { line: 7, character: 4 }, end: { line: 7, character: 4 } });
    expect(unusedActions.filter((a) => a.title.startsWith('Fix: ')).map((a) => [a.title, a.isPreferred, a.edit?.documentChanges])).toEqual([
      ['Fix: # platlint-disable-next-line meta/labels suppresses nothing here', true, [{ textDocument: { uri, version: 1 }, edits: [{ range: { start: { line: 7, character: 0 }, end: { line: 8, character: 0 } }, newText: '' }] }]],
    ]);
    const name: Range = { start: { line: 3, character: 8 }, end: { line: 3, character: 16 } };
    const nameActions = await client.codeActions(uri, { start: name.start, end: name.start });
    expect(nameActions.map((a) => [a.title, a.kind, a.isPreferred, a.edit?.documentChanges])).toEqual([
      ['Use "jane-doe"', 'quickfix', undefined, [{ textDocument: { uri, version: 1 }, edits: [{ range: name, newText: 'jane-doe' }] }]],
      ['Disable meta/name for this line', 'quickfix', undefined, [{ textDocument: { uri, version: 1 }, edits: [{ range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } }, newText: '  # platlint-disable-next-line meta/name\n' }] }]],
      ['Fix all auto-fixable platlint problems (2)', 'source.fixAll.platlint', undefined, expect.anything()],
    ]);

    // A directive already above the line gets the id added, before its reason.
    const typeLine = 8;
    const typeActions = await client.codeActions(uri, { start: { line: typeLine, character: 20 }, end: { line: typeLine, character: 20 } });
    const comment = '  # platlint-disable-next-line meta/labels';
    expect(typeActions.find((a) => a.title === 'Disable schema/type for this line')?.edit?.documentChanges).toEqual([
      { textDocument: { uri, version: 1 }, edits: [{ range: { start: { line: typeLine - 1, character: comment.length }, end: { line: typeLine - 1, character: comment.length } }, newText: ', schema/type' }] },
    ]);

    const fixAll = await client.codeActions(uri, { start: { line: 0, character: 0 }, end: { line: 10, character: 0 } }, [], ['source.fixAll']);
    expect(fixAll).toEqual([
      {
        // The misspelt field and the directive that suppresses nothing on the line after it, as one edit of the text between.
        title: 'Fix all auto-fixable platlint problems (2)',
        kind: 'source.fixAll.platlint',
        edit: { documentChanges: [{ textDocument: { uri, version: 1 }, edits: [{ range: { start: { line: 6, character: 4 }, end: { line: 7, character: 54 } }, newText: 'ail: jane@example.com' }] }] },
      },
    ]);

    expect(client.published.map((p) => p.uri)).not.toContain(notes);
    await client.stop();
  }, TEST_MS);

  it("titles fix-all with the count of problems platlint --fix-dry-run says --fix would fix, and gives its text", async () => {
    const root = workspace({});
    const text = readFileSync(join(ROOT, 'fixtures/examples/broken-user.yaml'), 'utf8');
    writeFileSync(join(root, 'jane.yaml'), text);
    const dry = JSON.parse(runCli(['jane.yaml', '--fix-dry-run', '--format', 'json'], { cwd: root }).stdout);
    expect(dry.results[0].fixed).toBe(4);
    const client = new Client(root);
    await client.initialize();
    const uri = await client.open('jane.yaml', text);
    await client.diagnostics(uri);
    const fixAll = await client.codeActions(uri, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, [], ['source.fixAll']);
    expect(fixAll.map((a) => a.title)).toEqual(['Fix all auto-fixable platlint problems (4)']);
    const edited = TextDocument.applyEdits(TextDocument.create(uri, 'yaml', 1, text), fixAll[0]?.edit?.changes?.[uri] ?? []);
    expect(edited).toBe(dry.results[0].output);
    await client.stop();
  }, TEST_MS);

  it('lints with the policies of the config, publishes policy problems in the policy file, and reloads them', async () => {
    const header = 'apiVersion: platlint/v1\nkind: Policy\nmetadata:\n  name: acme\nspec:\n  rules:\n';
    const emailRule = [
      '    - id: acme/email',
      '      description: Require an email address',
      '      severity: info',
      '      match: {kinds: [User]}',
      '      given: spec',
      '      expression: "has(self.email)"',
      '      message: acme needs spec.email',
      '',
    ].join('\n');
    const broken = '    - id: acme/broken\n      description: Broken syntax\n      severity: error\n      expression: "self.name == \'a\' &&& true"\n      message: m\n';
    const root = workspace({ '.platlint.yaml': 'policies: [policies]\n', 'policies/acme.yaml': header + emailRule + broken });
    const client = new Client(root);
    await client.initialize();
    const uri = await client.open('jane.yaml', USER);
    expect((await client.diagnostics(uri)).diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([
      ['acme/email', 3, 'acme needs spec.email'],
      ['schema/unknown-field', 1, UNKNOWN_FIELD.message],
      ['schema/type', 1, 'spec.tokenGeneration must be an integer, not string; remove the quotes to write a number.'],
    ]);
    const policyUri = client.uri('policies/acme.yaml');
    const problems = await client.diagnostics(policyUri);
    // Line 17: `      expression: "self.name == 'a' &&& true"`, at the third "&", which starts no CEL token.
    expect(problems.diagnostics.map((d) => [d.code, d.severity, d.range, d.source])).toEqual([
      ['policy/invalid', 1, { start: { line: 16, character: 38 }, end: { line: 16, character: 39 } }, 'platlint'],
    ]);

    writeFileSync(join(root, 'policies/acme.yaml'), header + emailRule);
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: policyUri, type: 2 }] });
    expect(await client.diagnostics(policyUri)).toEqual({ uri: policyUri, diagnostics: [] });
    expect((await client.diagnostics(uri)).diagnostics.map((d) => d.code)).toEqual(['acme/email', 'schema/unknown-field', 'schema/type']);

    // The policy's unsaved buffer counts: a rule removed in it stops reporting; a mistake typed in it shows there.
    const policy = await client.open('policies/acme.yaml', header + emailRule);
    await client.change(policy, header + emailRule.replace('acme/email', 'acme/mail').replace('has(self.email)', 'has(self.email) &&'));
    expect((await client.diagnostics(uri)).diagnostics.map((d) => d.code)).toEqual(['schema/unknown-field', 'schema/type']);
    expect((await client.diagnostics(policyUri)).diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([['policy/invalid', 11]]);
    expect(client.messages).toEqual([]);
    await client.stop();
  }, TEST_MS);

  it('reports a policy path that cannot be read on the config file, where it is named, without a message box', async () => {
    const root = workspace({ '.platlint.yaml': 'policies:\n  - missing.yaml\n' });
    const client = new Client(root);
    await client.initialize();
    const uri = await client.open('jane.yaml', USER);
    expect((await client.diagnostics(uri)).diagnostics.map((d) => d.code)).toEqual(['schema/unknown-field', 'schema/type']);
    expect(await client.diagnostics(client.uri('.platlint.yaml'))).toEqual({
      uri: client.uri('.platlint.yaml'),
      diagnostics: [
        {
          range: { start: { line: 1, character: 4 }, end: { line: 1, character: 16 } },
          severity: 1,
          source: 'platlint',
          code: 'config-file/invalid',
          message: 'policies: missing.yaml: no such policy file or directory',
        },
      ],
    });
    expect(client.messages).toEqual([]);
    await client.stop();
  }, TEST_MS);
});
