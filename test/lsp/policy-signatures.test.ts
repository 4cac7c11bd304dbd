import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { SignatureHelp } from 'vscode-languageserver-types';
import { policySignatureHelp, signatureHelpAt } from '../../src/lsp/policy-signatures.js';
import { Client, TEST_MS, workspace } from './client.js';
import { admissionPolicy, policyText, unmark } from './policy-file.js';

/** Signature help in a User rule's expression written as given (quotes included); `|` or `marker` is the cursor. */
function helpIn(expression: string, options: { field?: string; kubernetesVersion?: string; marker?: string } = {}): SignatureHelp | undefined {
  const { text, offset } = unmark(policyText(`      match: {kinds: [User]}\n      ${options.field ?? 'expression'}: ${expression}\n      message: m\n`), options.marker);
  return policySignatureHelp(text, offset, options.kubernetesVersion);
}

/** Each form's label with its parameters as the text they mark, and which form and parameter are active. */
function shown(help: SignatureHelp | undefined): { forms: string[][]; active: [number | undefined, number | undefined] } | undefined {
  if (!help) return undefined;
  const forms = help.signatures.map(({ label, parameters }) => [label, ...(parameters ?? []).map((p) => (typeof p.label === 'string' ? p.label : label.slice(...p.label)))]);
  return { forms, active: [help.activeSignature, help.activeParameter] };
}

describe('signature help in a policy rule', () => {
  it('every form of a global function, with the offsets of its parameters in each', () => {
    const help = helpIn('"size(|"', { kubernetesVersion: '1.27' });
    expect(help).toEqual({
      signatures: [
        { label: 'size(bytes) -> int', parameters: [{ label: [5, 10] }] },
        { label: 'size(list(A)) -> int', parameters: [{ label: [5, 12] }] },
        { label: 'size(map(A, B)) -> int', parameters: [{ label: [5, 14] }] },
        { label: 'size(string) -> int', parameters: [{ label: [5, 11] }] },
      ],
      activeSignature: 0,
      activeParameter: 0,
    });
  });

  it('the argument being written, and the first form that has that many', () => {
    expect(shown(helpIn('"matches(self.spec.email, |"'))).toEqual({ forms: [['matches(string, string) -> bool', 'string', 'string']], active: [0, 1] });
    expect(shown(helpIn("\"isSemver('1.0.0', |\"", { kubernetesVersion: '1.33' }))).toEqual({
      forms: [
        ['isSemver(string) -> bool', 'string'],
        ['isSemver(string, bool) -> bool', 'string', 'bool'],
      ],
      active: [1, 1],
    });
  });

  it("a member function of what the receiver selects, in the kind's schema", () => {
    expect(shown(helpIn('"self.spec.email.endsWith(|"'))).toEqual({ forms: [['string.endsWith(string) -> bool', 'string']], active: [0, 0] });
  });

  it('a macro, with its variables, in each form the version has; a list or map literal in an argument does not count its commas', () => {
    expect(shown(helpIn('"self.spec.groups.all(g, |"', { kubernetesVersion: '1.33' }))).toEqual({
      forms: [
        ['list(string).all(x, predicate) -> bool', 'x', 'predicate'],
        ['list(string).all(i, v, predicate) -> bool', 'i', 'v', 'predicate'],
      ],
      active: [0, 1],
    });
    expect(shown(helpIn('"self.spec.groups.all(g, |"', { kubernetesVersion: '1.27' }))?.forms).toEqual([['list(string).all(x, predicate) -> bool', 'x', 'predicate']]);
    expect(shown(helpIn("\"self.spec.groups.map(g, g in ['a', 'b'], [1, |\"", { kubernetesVersion: '1.27' }))).toEqual({
      forms: [
        ['list(string).map(x, transform) -> list', 'x', 'transform'],
        ['list(string).map(x, predicate, transform) -> list', 'x', 'predicate', 'transform'],
      ],
      active: [1, 2],
    });
    expect(shown(helpIn('"self.metadata.labels.exists(k, |"', { kubernetesVersion: '1.27' }))?.forms).toEqual([['map(string, string).exists(x, predicate) -> bool', 'x', 'predicate']]);
  });

  it('the innermost call open at the cursor, with the variable of the macro around it', () => {
    expect(shown(helpIn('"self.spec.groups.all(g, g.startsWith(|"'))?.forms).toEqual([['string.startsWith(string) -> bool', 'string']]);
    expect(shown(helpIn('"self.spec.groups.all(g, size(g) > 1 && |"'))?.active).toEqual([0, 1]);
  });

  it('in a string literal not yet closed, whose commas are not arguments', () => {
    expect(shown(helpIn("\"self.spec.email.endsWith('a, b|\""))).toEqual({ forms: [['string.endsWith(string) -> bool', 'string']], active: [0, 0] });
    expect(shown(helpIn("\"matches(self.spec.email, '^a,|\""))?.active).toEqual([0, 1]);
  });

  it('a function by its qualified name, as cel-go resolves one before a member call', () => {
    expect(shown(helpIn('"format.named(|"', { kubernetesVersion: '1.33' }))?.forms).toEqual([['format.named(string) -> optional_type(kubernetes.NamedFormat)', 'string']]);
    expect(shown(helpIn('"optional.of(|"', { kubernetesVersion: '1.33' }))?.forms).toEqual([['optional.of(V) -> optional_type(V)', 'V']]);
    expect(helpIn('"quantity(|"', { kubernetesVersion: '1.27' })).toBeUndefined();
    expect(shown(helpIn('"quantity(|"', { kubernetesVersion: '1.28' }))?.forms).toEqual([['quantity(string) -> kubernetes.Quantity', 'string']]);
  });

  it('on a receiver whose type is not known (a literal, a parenthesis, dyn), every form of that name', () => {
    const startsWith = { forms: [['string.startsWith(string) -> bool', 'string']], active: [0, 0] };
    expect(shown(helpIn("\"'abc'.startsWith(|\""))).toEqual(startsWith);
    expect(shown(helpIn('"(self.spec.email).startsWith(|"'))).toEqual(startsWith);
    expect(shown(helpIn('"dyn(self.spec.email).startsWith(|"'))).toEqual(startsWith);
    expect(shown(helpIn('"dyn(self.spec.groups).exists(g, |"', { kubernetesVersion: '1.27' }))?.forms).toEqual([
      ['list(A).exists(x, predicate) -> bool', 'x', 'predicate'],
      ['map(K, V).exists(x, predicate) -> bool', 'x', 'predicate'],
    ]);
    expect(helpIn('"dyn(self).spec.unknownFunction(|"')).toBeUndefined();
  });

  it('in a block scalar and a single-quoted scalar, as YAML writes them', () => {
    const block = helpIn('|-\n        self.spec.groups.all(g,\n          g.endsWith(^', { marker: '^' });
    expect(shown(block)?.forms).toEqual([['string.endsWith(string) -> bool', 'string']]);
    expect(shown(helpIn("'self.spec.email.endsWith(''x'', |'"))?.active).toEqual([0, 1]);
  });

  it('none after the call is closed, in a parenthesis that calls nothing, or outside CEL', () => {
    expect(helpIn('"size(self.spec.groups) > 1|"')).toBeUndefined();
    expect(helpIn('"(1 + |"')).toBeUndefined();
    expect(helpIn('"self.spec.email in [|"')).toBeUndefined();
    expect(helpIn('spec.groups[*]|', { field: 'given' })).toBeUndefined();
    expect(helpIn('"size(|"', { field: 'message' })).toBeUndefined();
  });
});

describe('signature help in an admission policy and in a document', () => {
  it("in a validation: the request's fields and the variables as the policy's expressions type them", () => {
    const { text, offset } = unmark(admissionPolicy({ variable: 'object.spec.email', validation: 'variables.email.endsWith(|' }));
    expect(shown(policySignatureHelp(text, offset, '1.27'))?.forms).toEqual([['string.endsWith(string) -> bool', 'string']]);
    const groups = unmark(admissionPolicy({ validation: 'request.userInfo.groups.exists(g, |' }));
    expect(shown(policySignatureHelp(groups.text, groups.offset, '1.27'))).toEqual({ forms: [['list(string).exists(x, predicate) -> bool', 'x', 'predicate']], active: [0, 1] });
  });

  it('none in a manifest, whose text is not read as CEL', () => {
    const { text, offset } = unmark('apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: size(|\n');
    const document = TextDocument.create('file:///w/user.yaml', 'yaml', 1, text);
    expect(signatureHelpAt(document, document.positionAt(offset), undefined)).toBeNull();
  });

  it('the server offers it, triggered by a parenthesis and a comma, in a policy of the workspace', async () => {
    const { text, offset } = unmark(policyText(`      match: {kinds: [User]}\n      expression: "matches(self.spec.email, |)"\n      message: m\n`));
    const client = new Client(workspace({ '.platlint.yaml': 'kubernetesVersion: "1.27"\npolicies: [policies/]\n', 'policies/acme.yaml': text }));
    const { capabilities } = await client.initialize();
    expect(capabilities.signatureHelpProvider).toEqual({ triggerCharacters: ['(', ','], retriggerCharacters: [')'] });
    const uri = await client.open('policies/acme.yaml', text);
    const position = TextDocument.create(uri, 'yaml', 1, text).positionAt(offset);
    const help = await client.request<SignatureHelp | null>('textDocument/signatureHelp', { textDocument: { uri }, position });
    expect(help).toEqual({ signatures: [{ label: 'matches(string, string) -> bool', parameters: [{ label: [8, 14] }, { label: [16, 22] }] }], activeSignature: 0, activeParameter: 1 });
    await client.stop();
  }, TEST_MS);
});
