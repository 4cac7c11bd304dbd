import { describe, expect, it, vi } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CompletionItem } from 'vscode-languageserver/node.js';
import { completionsAt } from '../../src/lsp/completion.js';
import { builtinRules } from '../../rules/index.js';
import { Client, TEST_MS, workspace } from './client.js';
import { admissionPolicy, hoverText, labels, unmark } from './policy-file.js';

function complete(marked: string): CompletionItem[] {
  const { text, offset } = unmark(marked);
  const document = TextDocument.create('file:///w/vap.yaml', 'yaml', 1, text);
  return completionsAt(document, document.positionAt(offset), { rules: builtinRules, isConfigFile: false, kubernetesVersion: '1.27' });
}

const USER_SPEC = [
  'displayName', 'description', 'owner', 'username', 'icon', 'email', 'subject', 'groups', 'ssoGroups', 'passwordRef',
  'codesRef', 'imagePullSecrets', 'tokenGeneration', 'disabled', 'clusterRoles', 'access', 'extraClaims',
];
const REQUEST = ['kind', 'resource', 'subResource', 'requestKind', 'requestResource', 'requestSubResource', 'name', 'namespace', 'operation', 'userInfo', 'dryRun', 'options'];
const GLOBALS_1_27 = ['bool', 'bytes', 'double', 'duration', 'dyn', 'has', 'int', 'isURL', 'matches', 'size', 'string', 'timestamp', 'type', 'uint', 'url'];

describe("completion in a ValidatingAdmissionPolicy's CEL", () => {
  it("the fields of the platform's kind it matches, after object and oldObject", () => {
    expect(labels(complete(admissionPolicy({ validation: 'object.spec.|' })))).toEqual(USER_SPEC);
    const email = complete(admissionPolicy({ validation: 'oldObject.spec.em|' })).find((i) => i.label === 'email');
    expect([email?.detail, (email?.documentation as { value: string } | undefined)?.value.split('\n')[0]]).toEqual(['string', '**email**: string']);
    // A policy on other resources too: object is dyn, nothing known of it.
    expect(complete(admissionPolicy({ validation: 'object.spec.|' }, '[users, deployments]'))).toEqual([]);
  });

  it("the fields of Kubernetes' types of the request and the namespace, and the functions of what they select", () => {
    const request = complete(admissionPolicy({ validation: 'request.|' }));
    expect(labels(request)).toEqual(REQUEST);
    expect(request.find((i) => i.label === 'userInfo')?.detail).toBe('kubernetes.UserInfo');
    expect(labels(complete(admissionPolicy({ validation: 'request.userInfo.|' })))).toEqual(['username', 'uid', 'groups', 'extra']);
    expect(labels(complete(admissionPolicy({ validation: 'request.userInfo.groups.|' })))).toEqual(['all', 'exists', 'exists_one', 'filter', 'indexOf', 'isSorted', 'join', 'lastIndexOf', 'map', 'max', 'min', 'size']);
    expect(labels(complete(admissionPolicy({ validation: 'namespaceObject.metadata.la|' })))).toContain('labels');
  });

  it("the policy's variables with their types, those declared before in a variable; no authorizer in a message", () => {
    const variables = complete(admissionPolicy({ validation: 'variables.|', variable: 'object.spec.email' }));
    // Each of the type its expression compiles to.
    expect(variables.map((i) => [i.label, i.detail])).toEqual([['email', 'string'], ['domain', 'string']]);
    expect(labels(complete(admissionPolicy({ validation: 'variables.email.|', variable: 'object.spec.email' })))).toContain('endsWith');
    // One that does not compile is dyn: nothing known of it.
    expect(complete(admissionPolicy({ validation: 'variables.email.|', variable: 'object.spec.emial' }))).toEqual([]);
    expect(labels(complete(admissionPolicy({ condition: 'variables.|' })))).toEqual(['email', 'domain']);
    // A policy the API server would refuse (a variable's name that is no CEL identifier): the names CEL can select, of no type.
    expect(complete(admissionPolicy({ validation: 'variables.|' }).replace('name: domain', 'name: do main')).map((i) => [i.label, i.detail])).toEqual([['email', 'dyn']]);
    const inVariable = labels(complete(admissionPolicy({ variable: '|' })));
    expect(inVariable).not.toContain('variables');
    const names = ['object', 'oldObject', 'request', 'namespaceObject', 'authorizer', 'variables'];
    expect(labels(complete(admissionPolicy({ validation: '|' })))).toEqual([...names, ...GLOBALS_1_27, 'true', 'false', 'null']);
    expect(labels(complete(admissionPolicy({ message: '|' })))).toEqual([...names.filter((n) => n !== 'authorizer'), ...GLOBALS_1_27, 'true', 'false', 'null']);
  });

  it('hover on a field of the request and on a variable', () => {
    const text = admissionPolicy({ validation: "request.userInfo.username != '' && object.spec.email.endsWith(variables.domain)" });
    const document = TextDocument.create('file:///w/vap.yaml', 'yaml', 1, text);
    // Line 21 (0-based 20): `    - expression: "request.userInfo.username != '' && ..."`: "userInfo" at 0-based 27-34, "object" at 55-60.
    expect(hoverText(document, 20, 30)).toBe('**userInfo**: kubernetes.UserInfo');
    expect(hoverText(document, 20, 57)).toBe('**object**: User\n\nThe object of the request (a User); null on DELETE.');
  });
});

describe('params of a paramKind', () => {
  const withParams = (apiVersion: string, kind: string, validation: string): string =>
    admissionPolicy({ validation }).replace('  matchConditions:', `  paramKind:\n    apiVersion: ${apiVersion}\n    kind: ${kind}\n  matchConditions:`);

  it("of the platform: the fields of its kind's schema, as the policy compiles", () => {
    expect(labels(complete(withParams('management.platform/v1', 'Config', 'params.status.platformH|')))).toContain('platformHost');
    expect(labels(complete(withParams('management.platform/v1', 'Config', 'params.|')))).toEqual(['apiVersion', 'kind', 'metadata', 'spec', 'status']);
  });

  it('of a v1 ConfigMap or Secret: the fields of its OpenAPI schema', () => {
    expect(labels(complete(withParams('v1', 'ConfigMap', 'params.|')))).toEqual(['apiVersion', 'kind', 'metadata', 'data', 'binaryData', 'immutable']);
    expect(labels(complete(withParams('v1', 'Secret', 'params.metadata.na|')))).toEqual(expect.arrayContaining(['name', 'namespace']));
  });

  it('of another kind: nothing known of it', () => {
    expect(complete(withParams('apps/v1', 'Deployment', 'params.|'))).toEqual([]);
  });
});

describe('a policy YAML cannot read', () => {
  it('answers without an error where a document holds an alias of no anchor: nothing in an admission policy, which is not read', () => {
    expect(complete(admissionPolicy({ validation: 'object.spec.|' }).replace('name: users', 'name: *nowhere'))).toEqual([]);
    // A platlint policy's rule is read by itself, the alias as nothing.
    const policy = `apiVersion: platlint/v1\nkind: Policy\nmetadata:\n  name: acme\nspec:\n  rules:\n    - id: acme/rule\n      description: *nowhere\n      severity: error\n      match: {kinds: [User]}\n      expression: "object.spec.|"\n      message: m\n`;
    expect(labels(complete(policy))).toEqual(USER_SPEC);
  });

  it('answers nothing for a file nested too deep, and warns nothing on the process for a key YAML cannot turn into JSON', () => {
    const warned = vi.spyOn(process, 'emitWarning');
    try {
      const deep = `apiVersion: platlint/v1\nkind: Policy\nmetadata:\n  name: acme\nspec:\n  rules:\n    - id: acme/rule\n      description: ${'['.repeat(100_000)}\n      match: {kinds: [User]}\n      expression: "object.spec.|"\n`;
      expect(complete(deep)).toEqual([]);
      const collectionKey = complete(admissionPolicy({ validation: 'object.spec.|' }).replace('  name: users', '  name: users\n  ? [a]\n  : b'));
      expect(labels(collectionKey)).toEqual(USER_SPEC);
      expect(warned).not.toHaveBeenCalled();
    } finally {
      warned.mockRestore();
    }
  });
});

describe('the server in an admission policy of the workspace', () => {
  it('completes and hovers in its CEL', async () => {
    const text = admissionPolicy({ validation: 'request.userInfo.username != object.spec.email' });
    const client = new Client(workspace({ '.platlint.yaml': 'policies: [policies/]\n', 'policies/users.yaml': text }));
    await client.initialize();
    const uri = await client.open('policies/users.yaml', text);
    // Line 21 (0-based 20): `    - expression: "request.userInfo.username != object.spec.email"`: "userInfo" at 27-34, "email" at 60-64.
    const items = await client.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: { line: 20, character: 60 } });
    expect(labels(items)).toEqual(USER_SPEC);
    const hover = await client.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: { line: 20, character: 30 } });
    expect(hover?.contents.value).toBe('**userInfo**: kubernetes.UserInfo');
    await client.stop();
  }, TEST_MS);
});
