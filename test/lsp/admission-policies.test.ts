/**
 * ValidatingAdmissionPolicies in the editor: the open manifests are linted with them, a policy edited in its
 * (unsaved) buffer re-lints them, a mistake shows in the policy file, and a parameter object of an open document
 * counts.
 */
import { describe, expect, it } from 'vitest';
import { binding, docs, policy, user, USERS_RULES } from '../policy/vap/helpers.js';
import { Client, TEST_MS, workspace } from './client.js';

const JANE = user('jane', '  username: jane\n  email: jane@example.com\n');
const emailPolicy = (domain: string): string =>
  docs(
    policy('email', `${USERS_RULES}  validations:\n    - expression: "object.spec.email.endsWith('@${domain}')"\n      message: not a ${domain} address\n      fieldPath: spec.email\n`),
    binding('email', 'email', '[Warn]'),
  );

describe('platlint lsp with ValidatingAdmissionPolicies', () => {
  it('lints the open manifests with them, and again when one is edited, saved or not', async () => {
    const root = workspace({ '.platlint.yaml': 'policies: [policies]\n', 'policies/email.yaml': emailPolicy('acme.example') });
    const client = new Client(root);
    await client.initialize();
    const uri = await client.open('users/jane.yaml', JANE);
    const rows = (p: { diagnostics: { code?: unknown; severity?: number; message: string; range: { start: { line: number } } }[] }): [unknown, number | undefined, string, number][] =>
      p.diagnostics.map((d) => [d.code, d.severity, d.message, d.range.start.line]);
    const warned = [['vap/email', 2, 'not a acme.example address', 6]];
    expect(rows(await client.diagnostics(uri))).toEqual(warned);

    // Edited in the editor, unsaved: the manifest is linted with the buffer's policy.
    const policyUri = await client.open('policies/email.yaml', emailPolicy('acme.example'));
    await client.change(policyUri, emailPolicy('example.com'));
    expect(rows(await client.diagnosticsUntil(uri, (p) => p.diagnostics.length === 0))).toEqual([]);
    await client.change(policyUri, emailPolicy('acme.example'));
    expect(rows(await client.diagnosticsUntil(uri, (p) => p.diagnostics.length > 0))).toEqual(warned);

    // A mistake typed in it shows in the policy file, and the manifest is linted without that policy meanwhile.
    await client.change(policyUri, emailPolicy('acme.example').replace('endsWith(', 'endsWith(('));
    expect(rows(await client.diagnosticsUntil(policyUri, (p) => p.diagnostics.length > 0)).map((r) => [r[0], r[1], r[3]])).toEqual([['policy/invalid', 1, 12]]);
    expect(rows(await client.diagnosticsUntil(uri, (p) => p.diagnostics.length === 0))).toEqual([]);
    expect(client.messages).toEqual([]);
    await client.stop();
  }, TEST_MS);

  it('runs them with platlint policies on each document of a manifest, and again on every document when one is edited', async () => {
    const prefix = 'apiVersion: platlint/v1\nkind: Policy\nmetadata:\n  name: acme\nspec:\n  rules:\n    - id: acme/username-prefix\n      description: Require the u- prefix\n      severity: error\n      given: spec.username\n      expression: "self.startsWith(\'u-\')"\n      message: the username lacks the u- prefix\n';
    const root = workspace({ '.platlint.yaml': 'policies: [policies]\n', 'policies/email.yaml': emailPolicy('acme.example'), 'policies/acme.yaml': prefix });
    const client = new Client(root);
    await client.initialize();
    // Two documents: the editor lints each on its own and reuses a document's result while its text is the same.
    const uri = await client.open('users/two.yaml', docs(JANE, user('bob', '  username: u-bob\n  email: bob@acme.example\n')));
    const rows = (p: { diagnostics: { code?: unknown; severity?: number; message: string; range: { start: { line: number; character: number } } }[] }): [unknown, number | undefined, string, number, number][] =>
      p.diagnostics.map((d) => [d.code, d.severity, d.message, d.range.start.line, d.range.start.character]);
    const username = ['acme/username-prefix', 1, 'the username lacks the u- prefix', 5, 12];
    expect(rows(await client.diagnostics(uri))).toEqual([username, ['vap/email', 2, 'not a acme.example address', 6, 9]]);
    // The policy edited: bob's document, unchanged, is linted again with it.
    const policyUri = await client.open('policies/email.yaml', emailPolicy('acme.example'));
    await client.change(policyUri, emailPolicy('example.com'));
    expect(rows(await client.diagnosticsUntil(uri, (p) => p.diagnostics.some((d) => d.range.start.line === 14)))).toEqual([username, ['vap/email', 2, 'not a example.com address', 14, 9]]);
    expect(client.messages).toEqual([]);
    await client.stop();
  }, TEST_MS);

  it('reads the parameter objects of the open documents', async () => {
    const params = docs(
      policy('domains', `  paramKind:\n    apiVersion: v1\n    kind: ConfigMap\n${USERS_RULES}  validations:\n    - expression: "object.spec.email.endsWith('@' + params.data.domain)"\n      messageExpression: "'not at ' + params.data.domain"\n`),
      binding('domains', 'domains', '[Deny]', '  paramRef:\n    name: domains\n    namespace: policies\n    parameterNotFoundAction: Allow\n'),
    );
    const root = workspace({ '.platlint.yaml': 'policies: [policies]\n', 'policies/domains.yaml': params });
    const client = new Client(root);
    await client.initialize();
    const uri = await client.open('users/jane.yaml', JANE);
    // No parameter object anywhere: Allow admits.
    expect((await client.diagnostics(uri)).diagnostics).toEqual([]);
    await client.open('params/domains.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: domains\n  namespace: policies\ndata:\n  domain: acme.example\n');
    await client.change(uri, `${JANE}\n`);
    expect((await client.diagnosticsUntil(uri, (p) => p.diagnostics.length > 0)).diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([['vap/domains', 1, 'not at acme.example']]);
    await client.stop();
  }, TEST_MS);
});
