import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Location, Range, WorkspaceEdit } from 'vscode-languageserver-types';
import { definitionAt } from '../../src/lsp/definition.js';
import { prepareVariableRename, renameVariable, variableReferences } from '../../src/lsp/vap-variables.js';
import { Client, TEST_MS, workspace } from './client.js';
import { admissionPolicyHead } from './policy-file.js';

/** An admission policy whose variable `domain` is read in every way CEL and YAML write it, and written where it is not read. */
const POLICY = `${admissionPolicyHead()}  variables:
    - name: email
      expression: "object.spec.email"
    - name: domain
      expression: "'example.com'"
    - name: atDomain
      expression: "variables.email.endsWith('@' + variables.domain)"
  validations:
    - expression: |-
        variables.atDomain ||
          object.spec.groups.all(variables, variables.domain != '') // variables.domain
      messageExpression: "'not at ' + variables.domain + ' (variables.domain)'"
    - expression: 'variables.domain.size() > 0 && variables . domain != ''x'''
`;
const document = TextDocument.create('file:///w/vap.yaml', 'yaml', 1, POLICY);

const at = (line: number, start: number, end: number): Range => ({ start: { line, character: start }, end: { line, character: end } });
const lines = (locations: readonly Location[]): Range[] => locations.map((location) => location.range);

/** `domain`: its name (line 15), in a variable (18), a message (23, not in its string literal), a single-quoted validation (24, twice). */
const DOMAIN = [at(14, 12, 18), at(17, 60, 66), at(22, 48, 54), at(23, 29, 35), at(23, 62, 68)];

describe("an admission policy's variables", () => {
  it('references: every variables.<name> that reads it, not in a string literal, a comment, or where a macro binds `variables`', () => {
    expect(lines(variableReferences(document, { line: 22, character: 50 }, true))).toEqual(DOMAIN);
    expect(lines(variableReferences(document, { line: 14, character: 14 }, false))).toEqual(DOMAIN.slice(1));
    // In the block scalar: `variables.atDomain ||`.
    expect(lines(variableReferences(document, { line: 16, character: 14 }, false))).toEqual([at(20, 18, 26)]);
    // In a string literal, where a macro binds `variables`, in a comment.
    for (const [line, character] of [[22, 72], [21, 56], [21, 85]] as const) expect(variableReferences(document, { line, character }, true), `${line}:${character}`).toEqual([]);
  });

  it('go to definition from any use', () => {
    expect(definitionAt(document, { line: 23, character: 64 }, { rules: [], isConfigFile: false, policyFileUri: () => '' })).toEqual({ uri: document.uri, range: at(14, 12, 18) });
  });

  it('rename: the name and every use; refused for a name CEL cannot take or another variable has', () => {
    expect(prepareVariableRename(document, { line: 22, character: 50 })).toEqual({ range: at(22, 48, 54), placeholder: 'domain' });
    expect(prepareVariableRename(document, { line: 22, character: 72 })).toBeNull();
    const renamed = renameVariable(document, { line: 14, character: 13 }, 'host');
    expect(renamed).toEqual({ edit: { changes: { [document.uri]: DOMAIN.map((range) => ({ range, newText: 'host' })) } } });
    const edited = TextDocument.applyEdits(document, (renamed as { edit: WorkspaceEdit }).edit.changes?.[document.uri] ?? []);
    expect(edited).toBe(POLICY.replace('name: domain', 'name: host').replace("'@' + variables.domain", "'@' + variables.host").replace("' + variables.domain + '", "' + variables.host + '").replace("'variables.domain.size() > 0 && variables . domain", "'variables.host.size() > 0 && variables . host"));
    expect(renameVariable(document, { line: 14, character: 13 }, 'email')).toEqual({ refused: 'A variable named "email" already exists' });
    for (const name of ['in', '2fast', 'a-b', '']) expect(renameVariable(document, { line: 14, character: 13 }, name)).toEqual({ refused: `"${name}" is not a valid variable name: a CEL identifier, not a reserved word` });
  });

  it('the server offers references and rename, and refuses a rename with an error the editor shows', async () => {
    const client = new Client(workspace({}));
    const { capabilities } = await client.initialize();
    expect([capabilities.referencesProvider, capabilities.renameProvider]).toEqual([true, { prepareProvider: true }]);
    const uri = await client.open('vap.yaml', POLICY);
    const references = await client.request<Location[]>('textDocument/references', { textDocument: { uri }, position: { line: 22, character: 50 }, context: { includeDeclaration: true } });
    expect(lines(references)).toEqual(DOMAIN);
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri }, position: { line: 22, character: 50 }, newName: 'host' });
    expect(edit.changes?.[uri]?.length).toBe(5);
    await expect(client.request('textDocument/rename', { textDocument: { uri }, position: { line: 22, character: 50 }, newName: 'email' })).rejects.toMatchObject({ code: -32600, message: 'A variable named "email" already exists' });
    await client.stop();
  }, TEST_MS);
});
