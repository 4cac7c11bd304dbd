import { describe, expect, it } from 'vitest';
import type { CompletionItem, DocumentSymbol, Hover, Position } from 'vscode-languageserver/node.js';
import { builtinRules } from '../../rules/index.js';
import { Client, TEST_MS, workspace } from './client.js';
import { admissionPolicy, policyText } from './policy-file.js';

const USER = [
  'apiVersion: management.platform/v1',
  'kind: User',
  'metadata:',
  '  name: jane',
  '  managedFields:',
  '  - operation: ',
  'spec:',
  '  username: jane',
  '  # platlint-disable-next-line schema/type, meta/',
  '  emial: jane@example.com',
  '  ',
  '',
].join('\n');

const CONFIG = [
  'apiVersion: management.platform/v1',
  'kind: Config',
  'metadata:',
  '  name: platform',
  'spec:',
  '  raw: |',
  '    audit:',
  '      enabled: true',
  '      policy:',
  '        rules:',
  '        - level: ',
  '          ',
  '    ',
  '',
].join('\n');

const hover = (client: Client, uri: string, position: Position): Promise<Hover | null> =>
  client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position });
const complete = (client: Client, uri: string, position: Position): Promise<CompletionItem[]> =>
  client.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position });
const labels = (items: CompletionItem[]): string[] => items.map((i) => i.label);
const markdown = (h: Hover | null): string => (h?.contents as { value: string } | undefined)?.value ?? '';

describe('platlint lsp features', () => {
  it('hovers fields with their type and spec text, diagnostics with their note and doc, directive rule ids', async () => {
    const client = new Client(workspace({}));
    await client.initialize();
    const user = await client.open('jane.yaml', USER);
    await client.diagnostics(user);

    expect(await hover(client, user, { line: 7, character: 4 })).toEqual({
      contents: { kind: 'markdown', value: '**username**: string\n\n`spec.username`\n\nUsername used to log in.' },
    });
    // On the value, the field is the same.
    expect(markdown(await hover(client, user, { line: 3, character: 9 }))).toContain('`metadata.name`');
    // On a diagnostic: its message, its explanation and a link to its page; the field follows.
    const typo = markdown(await hover(client, user, { line: 9, character: 3 }));
    expect(typo.split('\n\n---\n\n')[0]).toBe(
      [
        '**platlint** `schema/unknown-field`: Unknown field "emial" in spec; did you mean "email"?',
        '',
        'The platform drops unknown fields silently.',
        '',
        'Disallow fields the spec does not define',
        '',
        '[schema/unknown-field](https://github.com/platlint/platlint/blob/main/rules/schema/unknown-field/README.md)',
      ].join('\n'),
    );
    // On a rule id in a directive: the rule's summary and page, after the directive's own diagnostics.
    const directive = markdown(await hover(client, user, { line: 8, character: 40 })).split('\n\n---\n\n');
    expect(directive.map((section) => section.split('\n')[0])).toEqual([
      '**platlint** `directive/unknown-rule`: # platlint-disable-next-line names "meta/", which is no rule and matches none.',
      '**platlint** `directive/unused`: # platlint-disable-next-line schema/type suppresses nothing here.',
      '**schema/type**: Require every field to have the type the spec gives it',
    ]);
    expect(directive[2]).toBe(
      '**schema/type**: Require every field to have the type the spec gives it\n\n[Documentation](https://github.com/platlint/platlint/blob/main/rules/schema/type/README.md)',
    );
    expect(await hover(client, user, { line: 10, character: 2 })).toBeNull();

    // Inside a Config's spec.raw, fields are the raw config's (the status schema).
    const config = await client.open('config.yaml', CONFIG);
    expect(markdown(await hover(client, config, { line: 7, character: 8 }))).toBe(
      '**enabled**: boolean\n\n`spec.raw: audit.enabled`\n\nWhen true, incoming API requests are logged according to the policy.',
    );
    // `level:` has no value yet: the diagnostic saying so comes first, then the field.
    const level = markdown(await hover(client, config, { line: 10, character: 11 })).split('\n\n---\n\n');
    expect(level[0]?.split('\n')[0]).toBe('**platlint** `schema/empty-value`: status.audit.policy.rules[0].level is required but has no value.');
    expect(level[1]).toBe(
      '**level**: string, one of: None, Metadata, Request, RequestResponse\n\n`spec.raw: audit.policy.rules[].level`\n\nLevel at which matching requests are recorded.',
    );
    expect(markdown(await hover(client, config, { line: 5, character: 3 }))).toBe('**raw**: string\n\n`spec.raw`\n\nThe raw config (YAML text).');
    await client.stop();
  }, TEST_MS);

  it('completes fields, enum values, apiVersion and kind, rule ids in directives, in both kinds and in spec.raw', async () => {
    const client = new Client(workspace({}));
    await client.initialize();
    const user = await client.open('jane.yaml', USER);

    const specFields = await complete(client, user, { line: 10, character: 2 });
    expect(labels(specFields)).toEqual([
      // username is written already.
      'displayName', 'description', 'owner', 'icon', 'email', 'subject', 'groups', 'ssoGroups', 'passwordRef', 'codesRef',
      'imagePullSecrets', 'tokenGeneration', 'disabled', 'clusterRoles', 'access', 'extraClaims',
    ]);
    const email = specFields.find((i) => i.label === 'email');
    expect(email).toMatchObject({
      kind: 5,
      detail: 'string',
      documentation: { kind: 'markdown', value: "**email**: string\n\n`spec.email`\n\nThe user's e-mail address." },
      textEdit: { range: { start: { line: 10, character: 2 }, end: { line: 10, character: 2 } }, newText: 'email: ' },
    });
    expect(labels(await complete(client, user, { line: 5, character: 15 }))).toEqual(['Apply', 'Update']);
    // Rule ids after a directive replace the id being typed, `/` included.
    const ids = await complete(client, user, { line: 8, character: 49 });
    expect(ids.find((i) => i.label === 'meta/name')?.textEdit).toEqual({ range: { start: { line: 8, character: 44 }, end: { line: 8, character: 49 } }, newText: 'meta/name' });
    expect(labels(ids)).toContain('schema/unknown-field');

    const blank = await client.open('new.yaml', 'apiVersion: \nkind: \n');
    expect(labels(await complete(client, blank, { line: 0, character: 12 }))).toEqual(['management.platform/v1']);
    expect(labels(await complete(client, blank, { line: 1, character: 6 }))).toEqual(['User', 'Config', 'UserList', 'ConfigList']);
    // Right after the colon, the value comes with its space.
    expect((await complete(client, blank, { line: 1, character: 5 }))[0]?.textEdit).toEqual({ range: { start: { line: 1, character: 5 }, end: { line: 1, character: 5 } }, newText: ' User' });
    expect(labels(await complete(client, blank, { line: 2, character: 0 }))).toEqual(['metadata', 'spec', 'status']);

    const config = await client.open('config.yaml', CONFIG);
    expect(labels(await complete(client, config, { line: 10, character: 17 }))).toEqual(['None', 'Metadata', 'Request', 'RequestResponse']);
    expect(labels(await complete(client, config, { line: 11, character: 10 }))).toEqual([
      'users', 'userGroups', 'verbs', 'resources', 'namespaces', 'nonResourceURLs', 'omitStages', 'requestTargets', 'clusters',
    ]);
    const top = labels(await complete(client, config, { line: 12, character: 4 }));
    expect(top.slice(0, 5)).toEqual(['auth', 'oidc', 'apps', 'platformHost', 'projectNamespacePrefix']);
    expect(labels(await complete(client, config, { line: 7, character: 15 }))).toEqual(['true', 'false']);
    await client.stop();
  }, TEST_MS);

  it('completes the keys, rule ids, severities and presets of .platlint.yaml, and hovers its rule ids', async () => {
    const client = new Client(workspace({}));
    await client.initialize();
    const uri = await client.open('.platlint.yaml', 'extends: \nrules:\n  schema/type: \n  sch\n\noverrides:\n- files: ["a/**"]\n  \n');
    expect(labels(await complete(client, uri, { line: 4, character: 0 }))).toEqual(['ignore', 'policies', 'unfixable', 'fixable', 'kubernetesVersion', 'admission', 'export', 'embedded', 'exceptions']);
    expect(labels(await complete(client, uri, { line: 0, character: 9 }))).toEqual(['recommended', 'strict', 'security', 'export']);
    expect(labels(await complete(client, uri, { line: 2, character: 15 }))).toEqual(['off', 'info', 'warn', 'error', 'on']);
    const ids = await complete(client, uri, { line: 3, character: 5 });
    expect(ids.find((i) => i.label === 'schema/enum')?.textEdit).toEqual({ range: { start: { line: 3, character: 2 }, end: { line: 3, character: 5 } }, newText: 'schema/enum: ' });
    // schema/type is set already, two lines up.
    expect(labels(ids)).not.toContain('schema/type');
    expect(labels(await complete(client, uri, { line: 7, character: 2 }))).toEqual(['extends', 'rules', 'unfixable', 'fixable']);
    expect(markdown(await hover(client, uri, { line: 2, character: 4 }))).toBe(
      '**schema/type**: Require every field to have the type the spec gives it\n\n[Documentation](https://github.com/platlint/platlint/blob/main/rules/schema/type/README.md)',
    );
    await client.stop();
  }, TEST_MS);

  it('completes the rules with fixes in unfixable, any rule in an exception\'s rules, and presets in extends, as a block list and in flow', async () => {
    const client = new Client(workspace({}));
    await client.initialize();
    const uri = await client.open('.platlint.yaml', 'unfixable:\n  - sch\noverrides:\n  - files: ["a/**"]\n    unfixable: [me\nextends:\n  - s\n');
    // A preset as a block list's item, the same way.
    expect(labels(await complete(client, uri, { line: 6, character: 5 }))).toEqual(['recommended', 'strict', 'security', 'export']);
    // An exception's rules, any rule: in flow and as a block list's item.
    const exceptions = await client.open('other/.platlint.yaml', 'exceptions:\n  - rules: [sec\n    reason: x\n  - reason: y\n    rules:\n      - me\n');
    const all = builtinRules.map((rule) => rule.meta.id);
    expect(labels(await complete(client, exceptions, { line: 1, character: 16 }))).toEqual(all);
    const item = await complete(client, exceptions, { line: 5, character: 10 });
    expect(labels(item)).toEqual(all);
    expect(item[0]?.textEdit).toEqual({ range: { start: { line: 5, character: 8 }, end: { line: 5, character: 10 } }, newText: all[0] });
    // Hover and go to definition know a rule id in a list as they do a key of rules.
    const listed = await client.open('third/.platlint.yaml', 'unfixable: [meta/self-link]\nexceptions:\n  - rules:\n      - security/open-sign-up\n    reason: pilot\n');
    expect(markdown(await hover(client, listed, { line: 0, character: 15 }))).toBe(
      '**meta/self-link**: Disallow the deprecated metadata.selfLink\n\n[Documentation](https://github.com/platlint/platlint/blob/main/rules/meta/self-link/README.md)',
    );
    expect(markdown(await hover(client, listed, { line: 3, character: 30 }))).toMatch(/^\*\*security\/open-sign-up\*\*: /);
    const fixable = ['schema/unknown-field', 'schema/enum', 'meta/finalizers', 'meta/self-link', 'user/access-verbs', 'user/cluster-roles', 'user/duplicates', 'directive/unused'];
    const block = await complete(client, uri, { line: 1, character: 7 });
    expect(labels(block)).toEqual(fixable);
    expect(block[0]?.textEdit).toEqual({ range: { start: { line: 1, character: 4 }, end: { line: 1, character: 7 } }, newText: 'schema/unknown-field' });
    const flow = await complete(client, uri, { line: 4, character: 18 });
    expect(labels(flow)).toEqual(fixable);
    expect(flow[2]?.textEdit).toEqual({ range: { start: { line: 4, character: 16 }, end: { line: 4, character: 18 } }, newText: 'meta/finalizers' });
    // fixable takes the same rules, and hover knows its items.
    const allowList = await client.open('fourth/.platlint.yaml', 'fixable: [schema/enum, us\n');
    expect(labels(await complete(client, allowList, { line: 0, character: 25 }))).toEqual(fixable);
    expect(markdown(await hover(client, allowList, { line: 0, character: 14 }))).toMatch(/^\*\*schema\/enum\*\*: /);
    await client.stop();
  }, TEST_MS);

  it('lists each object and its top-level sections as document symbols', async () => {
    const client = new Client(workspace({}));
    await client.initialize();
    const uri = await client.open('both.yaml', `${USER}---\n${CONFIG}`);
    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
    expect(symbols.map((s) => [s.name, s.kind, s.range.start.line, s.range.end.line, s.children?.map((c) => [c.name, c.kind, c.detail])])).toEqual([
      ['User jane', 5, 0, 9, [['apiVersion', 7, 'management.platform/v1'], ['kind', 7, 'User'], ['metadata', 19, undefined], ['spec', 19, undefined]]],
      ['Config platform', 5, 12, 22, [['apiVersion', 7, 'management.platform/v1'], ['kind', 7, 'Config'], ['metadata', 19, undefined], ['spec', 19, undefined]]],
    ]);
    await client.stop();
  }, TEST_MS);

  it("lists a policy's rules by id, and an admission policy's conditions, variables and validations, under their spec", async () => {
    const client = new Client(workspace({}));
    await client.initialize();
    const outline = async (name: string, text: string): Promise<unknown[]> => {
      const uri = await client.open(name, text);
      const [object] = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
      const spec = object?.children?.find((c) => c.name === 'spec');
      return [object?.name, spec?.children?.map((c) => [c.name, c.kind, c.range.start.line, c.range.end.line, c.selectionRange.start.line, c.selectionRange.start.character])];
    };
    const policy = policyText('      match: {kinds: [User]}\n      expression: "true"\n      message: m\n    - description: No id yet\n      severity: warning\n');
    // [name, kind (12 function, 13 variable), first line, last line, line and column of what it is named by]
    expect(await outline('policy.yaml', policy)).toEqual(['Policy acme', [['acme/rule', 12, 6, 11, 6, 10], ['rules[1]', 12, 12, 13, 12, 6]]]);
    expect(await outline('vap.yaml', admissionPolicy({}))).toEqual([
      'ValidatingAdmissionPolicy users',
      [
        ['managed', 12, 12, 13, 12, 12],
        ['email', 13, 15, 16, 15, 12],
        ['domain', 13, 17, 18, 17, 12],
        ['validations[0]', 12, 20, 21, 20, 6],
      ],
    ]);
    await client.stop();
  }, TEST_MS);
});
