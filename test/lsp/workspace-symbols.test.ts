import { describe, expect, it } from 'vitest';
import { SymbolKind, type SymbolInformation } from 'vscode-languageserver-types';
import { matchesQuery } from '../../src/lsp/workspace-symbols.js';
import { BROKEN_USER, Client, TEST_MS, workspace } from './client.js';
import { admissionPolicy, policyText } from './policy-file.js';

const POLICY = policyText('      match: {kinds: [User]}\n      expression: "true"\n      message: m\n');
const TEAM_POLICY = POLICY.replace('name: acme', 'name: team').replace('acme/rule', 'team/owner-required');

const at = (line: number, start: number, end: number) => ({ start: { line, character: start }, end: { line, character: end } });

async function symbols(client: Client, query: string): Promise<SymbolInformation[]> {
  return client.request<SymbolInformation[]>('workspace/symbol', { query });
}

describe('workspace symbols', () => {
  it("list the workspace's custom rules by id, at their id or admission policy's name, filtered by the query", async () => {
    const client = new Client(workspace({ '.platlint.yaml': 'policies: [policies/]\n', 'policies/acme.yaml': POLICY, 'policies/users.yaml': admissionPolicy({}) }));
    const { capabilities } = await client.initialize();
    expect(capabilities.workspaceSymbolProvider).toBe(true);
    const acme = { name: 'acme/rule', kind: SymbolKind.Function, location: { uri: client.uri('policies/acme.yaml'), range: at(6, 10, 19) }, containerName: 'acme' };
    const users = { name: 'vap/users', kind: SymbolKind.Function, location: { uri: client.uri('policies/users.yaml'), range: at(3, 8, 13) }, containerName: 'ValidatingAdmissionPolicy' };
    // No file was opened: the workspace folder's rule set is loaded for the request.
    expect(await symbols(client, '')).toEqual([acme, users]);
    expect(await symbols(client, 'ACMrul')).toEqual([acme]);
    expect(await symbols(client, 'vap/ users')).toEqual([users]);
    expect(await symbols(client, 'schema/type')).toEqual([]);
    await client.stop();
  }, TEST_MS);

  it("add the rules of a folder's own config file once a file of it is open, a policy file two rule sets load once", async () => {
    const client = new Client(
      workspace({
        '.platlint.yaml': 'policies: [policies/]\n',
        'policies/acme.yaml': POLICY,
        'team/.platlint.yaml': 'policies: [../policies/, policies/]\n',
        'team/policies/team.yaml': TEAM_POLICY,
      }),
    );
    await client.initialize();
    expect((await symbols(client, '')).map((s) => s.name)).toEqual(['acme/rule']);
    await client.open('team/jane.yaml', BROKEN_USER);
    const found = await symbols(client, '');
    expect(found.map((s) => [s.name, s.location.uri])).toEqual([
      ['acme/rule', client.uri('policies/acme.yaml')],
      ['team/owner-required', client.uri('team/policies/team.yaml')],
    ]);
    await client.stop();
  }, TEST_MS);
});

describe('matchesQuery', () => {
  it("finds the query's characters in order, case and spaces ignored", () => {
    expect(matchesQuery('acme/no-cluster-admin', 'acmenoadm')).toBe(true);
    expect(matchesQuery('acme/no-cluster-admin', 'NO Cluster')).toBe(true);
    expect(matchesQuery('acme/no-cluster-admin', '')).toBe(true);
    expect(matchesQuery('acme/no-cluster-admin', 'admin-no')).toBe(false);
    expect(matchesQuery('acme/no-cluster-admin', 'acme/x')).toBe(false);
  });
});
