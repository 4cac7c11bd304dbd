import { describe, expect, it } from 'vitest';
import type { Location } from 'vscode-languageserver-types';
import { BROKEN_USER, Client, TEST_MS, workspace } from './client.js';
import { admissionPolicy, policyText, unmark } from './policy-file.js';

const POLICY = policyText('      match: {kinds: [User]}\n      expression: "true"\n      message: m\n');

/** A workspace with a policy file and an admission policy, and the server started in it. */
async function started(files: Record<string, string>): Promise<{ client: Client; offered: unknown; definition: (name: string, marked: string) => Promise<Location | null> }> {
  const client = new Client(workspace({ '.platlint.yaml': 'policies: [policies/]\n', 'policies/acme.yaml': POLICY, 'policies/users.yaml': admissionPolicy({}), ...files }));
  const { capabilities } = await client.initialize();
  const definition = async (name: string, marked: string): Promise<Location | null> => {
    const { text, offset } = unmark(marked);
    const uri = await client.open(name, text);
    const before = text.slice(0, offset).split('\n');
    const position = { line: before.length - 1, character: before.at(-1)?.length ?? 0 };
    return client.request<Location | null>('textDocument/definition', { textDocument: { uri }, position });
  };
  return { client, offered: capabilities.definitionProvider, definition };
}

const at = (line: number, start: number, end: number) => ({ start: { line, character: start }, end: { line, character: end } });

describe('go to definition', () => {
  it("from a policy rule's id in a directive, under rules: or in an exception's rules of .platlint.yaml to its id in the policy file", async () => {
    const { client, offered, definition } = await started({});
    expect(offered).toBe(true);
    // policies/acme.yaml, line 7 (0-based 6): `    - id: acme/rule`.
    const rule = { uri: client.uri('policies/acme.yaml'), range: at(6, 10, 19) };
    expect(await definition('users/jane.yaml', `# platlint-disable-next-line schema/type, acme/r|ule\n${BROKEN_USER}`)).toEqual(rule);
    expect(await definition('.platlint.yaml', 'policies: [policies/]\nrules:\n  acme/|rule: warn\n')).toEqual(rule);
    expect(await definition('.platlint.yaml', 'policies: [policies/]\nexceptions:\n  - rules: [schema/type, acme/ru|le]\n    reason: pilot\n')).toEqual(rule);
    await client.stop();
  }, TEST_MS);

  it("from an admission policy's rule id to its metadata.name; nothing for a built-in rule, whose page hover links", async () => {
    const { client, definition } = await started({});
    expect(await definition('users/jane.yaml', `# platlint-disable-next-line vap/us|ers\n${BROKEN_USER}`)).toEqual({ uri: client.uri('policies/users.yaml'), range: at(3, 8, 13) });
    expect(await definition('users/jane.yaml', `# platlint-disable-next-line sch|ema/type\n${BROKEN_USER}`)).toBeNull();
    await client.stop();
  }, TEST_MS);

  it("from variables.<name> in an admission policy's CEL to the variable's name", async () => {
    const { client, definition } = await started({});
    const name = 'policies/users.yaml';
    // Line 18 (0-based 17): `    - name: domain`.
    const domain = { uri: client.uri(name), range: at(17, 12, 18) };
    expect(await definition(name, admissionPolicy({ validation: 'variables.email.endsWith(variables.dom|ain)' }))).toEqual(domain);
    expect(await definition(name, admissionPolicy({ message: "'not at ' + variables.domain|" }))).toEqual(domain);
    expect(await definition(name, admissionPolicy({ validation: 'variables.nowhere|' }))).toBeNull();
    // A macro's variable of that name is not the policy's.
    expect(await definition(name, admissionPolicy({ validation: 'object.spec.groups.all(variables, variables.dom|ain)' }))).toBeNull();
    await client.stop();
  }, TEST_MS);
});
