import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CompletionItem, Position } from 'vscode-languageserver/node.js';
import { completionsAt } from '../../src/lsp/completion.js';
import { builtinRules } from '../../rules/index.js';
import { Client, TEST_MS, workspace } from './client.js';

const complete = (client: Client, uri: string, position: Position): Promise<CompletionItem[]> =>
  client.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position });
const labels = (items: CompletionItem[]): string[] => items.map((i) => i.label);

const DIRECTIVE = '  # platlint-disable-next-line ';

/** A manifest of `kind` whose spec holds `specLines`. */
const manifest = (kind: string, name: string, specLines: readonly string[]): string =>
  ['apiVersion: management.platform/v1', `kind: ${kind}`, 'metadata:', `  name: ${name}`, 'spec:', ...specLines, ''].join('\n');
const user = (specLines: readonly string[]): string => manifest('User', 'jane', specLines);

const CONFIG = manifest('Config', 'platform', [DIRECTIVE, '  raw: |', '    audit:', '      policy:', '        rules:', '        - omitStages: [', '          level: None']);

/** The rules that can report in a file of any kind, in the order the rule list has them. */
const SHARED_HEAD = [
  'yaml/syntax', 'yaml/duplicate-key', 'yaml/ambiguous-scalar', 'yaml/invalid-value', 'yaml/collection-key',
  'resource/not-an-object', 'resource/type-meta', 'resource/api-version', 'resource/kind',
  'schema/unknown-field', 'schema/type', 'schema/required', 'schema/enum', 'schema/empty-value',
  'meta/name', 'meta/namespace', 'meta/labels', 'meta/annotations', 'meta/finalizers', 'meta/owner-references',
  'meta/server-fields', 'meta/self-link', 'meta/timestamps', 'meta/deletion-grace', 'meta/managed-fields',
];
const SHARED_TAIL = ['directive/unused', 'directive/unknown-rule', 'directive/renamed-rule', 'directive/blanket', 'directive/reason'];
const USER_RULES = [
  'user/access-verbs', 'user/access-subjects', 'user/secret-refs', 'user/email', 'user/icon', 'user/cluster-roles',
  'user/duplicates', 'user/token-generation', 'user/extra-claims', 'user/owner',
];
const CONFIG_RULES = [
  'auth/login-possible', 'auth/redirect-uri', 'auth/oidc-issuer', 'auth/oidc-groups', 'auth/forge-a-orgs', 'auth/forge-a-root-ca',
  'auth/forge-a-host-name', 'auth/forge-b-base-url',
  'auth/web-identity-a-groups', 'auth/web-identity-a-hosted-domains', 'auth/web-identity-b-tenant', 'auth/web-identity-b-groups',
  'auth/saml-ca', 'auth/saml-required', 'auth/saml-name-id-format',
  'auth/saml-groups', 'auth/connectors', 'auth/access-key-ttl', 'auth/groups-filters', 'auth/custom-http-headers',
  'config/platform-host', 'config/project-namespace-prefix', 'config/deprecated', 'config/authenticate-version-endpoint',
  'oidc-provider/clients', 'apps/repositories', 'apps/predefined-apps',
  'audit/path', 'audit/level-or-policy', 'audit/policy-rules', 'audit/request-targets', 'audit/unreachable-rule',
  'audit/nothing-logged', 'audit/retention', 'ui/urls', 'ui/colors', 'ui/external-urls', 'vault/sync-interval',
  'vault/address', 'vault/address-url', 'vault/auth', 'cloud/maintenance-window', 'container-resources/quantities', 'cost/prices', 'cost/price-currency',
  'cost/retention', 'cost/replicas', 'storage/storage-class', 'database/data-source',
];
/** The security rules, of Config but for the one of User, in the order the rule list has them. */
const CONFIG_SECURITY_BEFORE = ['security/open-sign-up', 'security/insecure-tls', 'security/plaintext-secret', 'security/http-url'];
const USER_SECURITY = ['security/wildcard-access'];
const CONFIG_SECURITY_AFTER = ['security/wildcard-redirect', 'security/ui-scripts'];

const IN_USER_FILE = [...SHARED_HEAD, ...USER_RULES, ...USER_SECURITY, ...SHARED_TAIL];
const IN_CONFIG_FILE = [...SHARED_HEAD, ...CONFIG_RULES, ...CONFIG_SECURITY_BEFORE, ...CONFIG_SECURITY_AFTER, ...SHARED_TAIL];
const IN_ANY_FILE = [...SHARED_HEAD, ...USER_RULES, ...CONFIG_RULES, ...CONFIG_SECURITY_BEFORE, ...USER_SECURITY, ...CONFIG_SECURITY_AFTER, ...SHARED_TAIL];

describe('platlint lsp completion of directives and flow lists', () => {
  it('offers in a directive only the rules that can report in the file: its kinds, no change/patch/internal rules', async () => {
    const client = new Client(workspace({}));
    await client.initialize();
    const end = { line: 5, character: DIRECTIVE.length };

    const userFile = await client.open('jane.yaml', user([DIRECTIVE, '  username: jane']));
    expect(labels(await complete(client, userFile, end))).toEqual(IN_USER_FILE);
    // A List holds objects of its item kind.
    const list = await client.open('list.yaml', ['apiVersion: v1', 'kind: UserList', DIRECTIVE, 'items: []', ''].join('\n'));
    expect(labels(await complete(client, list, { line: 2, character: DIRECTIVE.length }))).toEqual(IN_USER_FILE);

    const config = await client.open('config.yaml', CONFIG);
    expect(labels(await complete(client, config, end))).toEqual(IN_CONFIG_FILE);

    // A file of both kinds: the rules of both.
    const both = await client.open('both.yaml', `${user([DIRECTIVE, '  username: jane'])}---\n${CONFIG}`);
    expect(labels(await complete(client, both, end))).toEqual(IN_ANY_FILE);
    // Before any document names its kind: every kind's rules, still none of change/, patch/ and internal.
    const blank = await client.open('new.yaml', `${DIRECTIVE}\n`);
    expect(labels(await complete(client, blank, { line: 0, character: DIRECTIVE.length }))).toEqual(IN_ANY_FILE);
    await client.stop();
  }, TEST_MS);

  it('completes the enum of a list field in a flow list, without the items written already', async () => {
    const client = new Client(workspace({}));
    await client.initialize();
    const lines = ['  access:', '  - verbs: [', '  - verbs: [get, li', '    users: [jane]'];
    const uri = await client.open('jane.yaml', user(lines));

    const verbs = await complete(client, uri, { line: 6, character: 12 });
    expect(verbs.map((i) => [i.label, i.kind, i.detail])).toEqual(
      ['get', 'list', 'create', 'update', 'patch', 'delete', 'bind', 'makeowner', '*'].map((verb) => [verb, 20, 'string']),
    );
    expect(verbs[0]?.textEdit).toEqual({ range: { start: { line: 6, character: 12 }, end: { line: 6, character: 12 } }, newText: 'get' });
    // After `get, `, the item being typed (`li`) is replaced; get is not offered again.
    const more = await complete(client, uri, { line: 7, character: 19 });
    expect(labels(more)).toEqual(['list', 'create', 'update', 'patch', 'delete', 'bind', 'makeowner', '*']);
    expect(more[0]?.textEdit).toEqual({ range: { start: { line: 7, character: 17 }, end: { line: 7, character: 19 } }, newText: 'list' });
    // A list field without known values completes nothing.
    expect(await complete(client, uri, { line: 8, character: 12 })).toEqual([]);

    // In a Config's spec.raw, the audit stages of the status schema.
    const config = await client.open('config.yaml', CONFIG);
    expect((await complete(client, config, { line: 10, character: 23 })).map((i) => [i.label, i.detail])).toEqual(
      ['RequestReceived', 'ResponseStarted', 'ResponseComplete', 'Panic'].map((stage) => [stage, 'string, one of: RequestReceived, ResponseStarted, ResponseComplete, Panic']),
    );
    await client.stop();
  }, TEST_MS);
});

describe('completion of the keys of a new list item', () => {
  it('offers every key of the item: the keys of the items above are theirs', () => {
    const text = user(['  clusterRoles:', '    - name: admin', '      ', '    - ']);
    const document = TextDocument.create('file:///w/jane.yaml', 'yaml', 1, text);
    const at = (line: number, character: number): CompletionItem[] => completionsAt(document, { line, character }, { rules: builtinRules, isConfigFile: false });
    // Line 9 (0-based 8): `    - `, the cursor after the dash.
    expect(at(8, 6).map((i) => [i.label, i.textEdit])).toEqual([['name', { range: { start: { line: 8, character: 6 }, end: { line: 8, character: 6 } }, newText: 'name: ' }]]);
    // On the blank line of the item above (0-based 7), its name is written already.
    expect(at(7, 6)).toEqual([]);
  });
});

describe('completion in a # platlint-enable', () => {
  const ENABLE = '  # platlint-enable ';
  const text = user([
    '  # platlint-disable schema/type, user/email',
    '  tokenGeneration: "3"',
    '  # platlint-disable schema/*',
    '  # platlint-enable user/email',
    ENABLE,
    '  # platlint-disable meta/labels',
    '  # platlint-enable',
    `${ENABLE}schema/*, `,
  ]);
  const document = TextDocument.create('file:///w/jane.yaml', 'yaml', 1, text);
  const at = (line: number, character: number): CompletionItem[] => completionsAt(document, { line, character }, { rules: builtinRules, isConfigFile: false });

  it('offers first the ids of the ranges open there, the latest preselected, then every other rule that can report', () => {
    // Line 10 (0-based 9): user/email's range was closed on the line above; meta/labels' opens below.
    const items = at(9, ENABLE.length);
    expect(items.slice(0, 3).map((i) => [i.label, i.preselect ?? false, i.sortText, i.detail])).toEqual([
      ['schema/*', true, '00000', 'turned off by a # platlint-disable above'],
      ['schema/type', false, '00001', 'turned off by a # platlint-disable above'],
      ['yaml/syntax', false, '10000', builtinRules.find((rule) => rule.meta.id === 'yaml/syntax')?.meta.description],
    ]);
    expect(labels(items)).toEqual(['schema/*', 'schema/type', ...IN_USER_FILE.filter((id) => id !== 'schema/type')]);
    expect(items[0]?.textEdit).toEqual({ range: { start: { line: 9, character: ENABLE.length }, end: { line: 9, character: ENABLE.length } }, newText: 'schema/*' });
  });

  it('leaves out the ids written on the line, and after an enable without ids offers no range as open', () => {
    // Line 13 (0-based 12) follows `# platlint-enable` without ids, which closed every range.
    expect(labels(at(12, `${ENABLE}schema/*, `.length))).toEqual(IN_USER_FILE);
    const written = TextDocument.create('file:///w/j.yaml', 'yaml', 1, user(['  # platlint-disable schema/type, user/email', `${ENABLE}schema/type, `]));
    const items = completionsAt(written, { line: 6, character: `${ENABLE}schema/type, `.length }, { rules: builtinRules, isConfigFile: false });
    expect(items.slice(0, 2).map((i) => [i.label, i.preselect ?? false])).toEqual([['user/email', true], ['yaml/syntax', false]]);
  });

  it('judges a range open by the rules it keeps off, as the engine ends ranges: by glob and former id, written ids included', () => {
    const open = (lines: string[], character: number): string[] => {
      const document = TextDocument.create('file:///w/j.yaml', 'yaml', 1, user(lines));
      const items = completionsAt(document, { line: 5 + lines.length - 1, character }, { rules: builtinRules, isConfigFile: false });
      return items.filter((i) => i.detail === 'turned off by a # platlint-disable above').map((i) => i.label);
    };
    // A glob enable above ended schema/type's range; user/duplicates' stays open.
    expect(open(['  # platlint-disable schema/type, user/duplicates', '  # platlint-enable schema/*', ENABLE], ENABLE.length)).toEqual(['user/duplicates']);
    // schema/* written before the cursor ends schema/type's range too; the word at the cursor does not count as written.
    expect(open(['  # platlint-disable schema/type, user/email', `${ENABLE}schema/*, `], `${ENABLE}schema/*, `.length)).toEqual(['user/email']);
    expect(open(['  # platlint-disable schema/type, user/email', `${ENABLE}user/email`], `${ENABLE}user/email`.length)).toEqual(['user/email', 'schema/type']);
    // A former id stays open while one of the rules it names is off; enabling it ends them all.
    const former = '  # platlint-disable cost/settings';
    expect(open([former, '  # platlint-enable cost/prices, cost/retention', ENABLE], ENABLE.length)).toEqual(['cost/settings']);
    expect(open([former, '  # platlint-enable cost/prices, cost/retention, cost/price-currency, cost/replicas', ENABLE], ENABLE.length)).toEqual([]);
    expect(open(['  # platlint-disable cost/prices', '  # platlint-enable cost/settings', ENABLE], ENABLE.length)).toEqual([]);
    // An id that names no rule turned nothing off; a disable without ids is ended by an enable without ids.
    expect(open(['  # platlint-disable no/such-rule', '  # platlint-disable', ENABLE], ENABLE.length)).toEqual([]);
    // A disable repeated once ended is offered once, at its latest place.
    expect(open(['  # platlint-disable user/email', '  # platlint-disable schema/type', '  # platlint-disable user/email', ENABLE], ENABLE.length)).toEqual(['user/email', 'schema/type']);
  });
});
