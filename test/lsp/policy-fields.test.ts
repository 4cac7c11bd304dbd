import { describe, expect, it } from 'vitest';
import type { CompletionItem } from 'vscode-languageserver/node.js';
import { Client, TEST_MS, workspace } from './client.js';
import { completeAt, hoverText, labels, policyDocument } from './policy-file.js';

/** What CEL can call on a string in the newest Kubernetes platlint knows. */
const STRING_CALLS = ['charAt', 'contains', 'endsWith', 'find', 'findAll', 'format', 'indexOf', 'lastIndexOf', 'lowerAscii', 'matches', 'replace', 'size', 'split', 'startsWith', 'substring', 'trim', 'upperAscii'];

const ACCESS = ['name', 'verbs', 'subresources', 'users', 'teams'];
const USER_SPEC = [
  'displayName', 'description', 'owner', 'username', 'icon', 'email', 'subject', 'groups', 'ssoGroups', 'passwordRef',
  'codesRef', 'imagePullSecrets', 'tokenGeneration', 'disabled', 'clusterRoles', 'access', 'extraClaims',
];

describe('completion in a policy file: the fields a rule on one kind can name', () => {
  it('after object.spec. in an expression: the fields of the User spec, with their types and docs, replacing what is typed', () => {
    const { items } = completeAt(`      match: {kinds: [User]}
      expression: "object.spec.em|"
      message: m
`);
    expect(labels(items)).toEqual(USER_SPEC);
    const email = items.find((i) => i.label === 'email');
    expect(email?.detail).toBe('string');
    // Line 11 (0-based 10): `      expression: "object.spec.em"`; "em" is at 0-based characters 31 and 32.
    expect(email?.textEdit).toEqual({ range: { start: { line: 10, character: 31 }, end: { line: 10, character: 33 } }, newText: 'email' });
    expect((email?.documentation as { value: string }).value).toMatch(/^\*\*email\*\*: string\n\n`spec\.email`/);
  });

  it('self is what given selects; a macro over a list binds its items while its parenthesis is open', () => {
    const given = (expression: string): string[] =>
      labels(
        completeAt(`      match: {kinds: [User]}
      given: spec
      expression: "${expression}"
      message: m
`).items,
      );
    expect(given('self.|')).toEqual(USER_SPEC);
    expect(given('self.access.all(a, a.|')).toEqual(ACCESS);
    expect(given("self.clusterRoles.exists(r, r.name == 'x') && self.access[0].|")).toEqual(ACCESS);
    // The macro is closed: its variable is gone.
    expect(given('self.access.all(a, true) && a.|')).toEqual([]);
    // A macro over a map binds its keys, strings.
    expect(given('self.extraClaims.all(k, k.|')).toEqual([]);
  });

  it('in a given path, plain or quoted, after a dot; not before the dot of a [*]', () => {
    const given = (path: string): string[] =>
      labels(
        completeAt(`      match: {kinds: [User]}
      given: ${path}
      expression: "true"
      message: m
`).items,
      );
    expect(given('sp|')).toEqual(['apiVersion', 'kind', 'metadata', 'spec', 'status']);
    expect(given('"spec.clusterRoles[*].|"')).toEqual(['name']);
    expect(given('metadata.own|')).toEqual([
      'name', 'generateName', 'namespace', 'selfLink', 'uid', 'resourceVersion', 'generation', 'creationTimestamp',
      'deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'ownerReferences', 'finalizers', 'managedFields',
    ]);
    expect(given('"spec.clusterRoles[*]|"')).toEqual([]);
  });

  it("in an assertion's field paths, from what given selects (the document without given), an empty flow item too", () => {
    const assertions = (given: string | undefined, list: string): string[] =>
      labels(
        completeAt(`      match: {kinds: [User]}
${given ? `      given: ${given}\n` : ''}      assertions:
        ${list}
      message: m
`).items,
      );
    expect(assertions('spec.access[*]', 'required: [ver|]')).toEqual(ACCESS);
    expect(assertions('spec.access[*]', 'forbidden: [name, |]')).toEqual(ACCESS);
    expect(assertions(undefined, 'exactlyOneOf: [spec.em|]')).toEqual(USER_SPEC);
    // Patterns map a path to a regular expression: the expression is no path.
    expect(assertions('spec', "pattern: {email: 'x|'}")).toEqual([]);
    // Line 13 (0-based 12): `        required: [ver]`, "ver" at 0-based characters 19 to 21.
    const { items } = completeAt(`      match: {kinds: [User]}
      given: spec.access[*]
      assertions:
        required: [ver|]
      message: m
`);
    expect(items.find((i) => i.label === 'verbs')?.textEdit).toEqual({ range: { start: { line: 12, character: 19 }, end: { line: 12, character: 22 } }, newText: 'verbs' });
  });

  it('nothing for a rule on both kinds or none, a field the kind does not have, or outside the rules; no fields in a Config spec.raw', () => {
    expect(labels(completeAt(`      match: {kinds: [User, Config]}
      expression: "object.spec.|"
      message: m
`).items)).toEqual([]);
    expect(labels(completeAt(`      expression: "object.spec.|"
      message: m
`).items)).toEqual([]);
    // spec.raw is a string to CEL, whatever the editor shows below it in a manifest: a string's functions only.
    expect(labels(completeAt(`      match: {kinds: [Config]}
      expression: "object.spec.raw.|"
      message: m
`).items)).toEqual(STRING_CALLS);
    expect(labels(completeAt(`      match: {kinds: [User]}
      expression: "object.spec.emial.|"
      message: m
`).items)).toEqual([]);
    expect(labels(completeAt(`      match: {kinds: [User]}
      message: "object.spec.|"
      expression: "true"
`).items)).toEqual([]);
  });
});

describe('completion in a policy file: the functions and macros CEL can call on what is selected', () => {
  const calls = (expression: string, settings: { given?: string; kubernetesVersion?: string } = {}): CompletionItem[] =>
    completeAt(
      `      match: {kinds: [User]}
${settings.given ? `      given: ${settings.given}\n` : ''}      expression: "${expression}"
      message: m
`,
      settings,
    ).items;

  it("a string's functions, with every form of each, after its fields (none), in the newest Kubernetes by default", () => {
    const items = calls('object.spec.email.ends|');
    expect(labels(items)).toEqual(STRING_CALLS);
    const indexOf = items.find((i) => i.label === 'indexOf');
    expect(indexOf?.detail).toBe('string.indexOf(string) -> int');
    expect((indexOf?.documentation as { value: string }).value).toBe('```\nstring.indexOf(string) -> int\nstring.indexOf(string, int) -> int\n```');
    // Line 11 (0-based 10): `      expression: "object.spec.email.ends"`; "ends" is at 0-based characters 37 to 40.
    expect(items.find((i) => i.label === 'endsWith')?.textEdit).toEqual({ range: { start: { line: 10, character: 37 }, end: { line: 10, character: 41 } }, newText: 'endsWith' });
  });

  it("a list's macros and functions, by the type of its items; a map's macros; an object's fields only", () => {
    // Objects cannot be compared: no isSorted, max, min or sort on a list of them.
    const list = calls('self.clusterRoles.|', { given: 'spec' });
    expect(labels(list)).toEqual([
      'all', 'distinct', 'exists', 'existsOne', 'exists_one', 'filter', 'first', 'flatten', 'includes', 'indexOf', 'last', 'lastIndexOf',
      'map', 'reverse', 'size', 'slice', 'sortBy', 'transformList', 'transformMap', 'transformMapEntry',
    ]);
    const all = list.find((i) => i.label === 'all');
    expect(all?.detail).toBe('list(object.spec.clusterRoles.@items).all(x, predicate) -> bool');
    expect(all?.sortText).toBe('~all');
    // Strings can be compared and joined, not summed.
    expect(labels(calls('object.spec.groups.|'))).toEqual([
      'all', 'distinct', 'exists', 'existsOne', 'exists_one', 'filter', 'first', 'flatten', 'includes', 'indexOf', 'isSorted', 'join', 'last', 'lastIndexOf',
      'map', 'max', 'min', 'reverse', 'size', 'slice', 'sort', 'sortBy', 'transformList', 'transformMap', 'transformMapEntry',
    ]);
    expect(labels(calls('object.metadata.labels.|'))).toEqual(['all', 'exists', 'existsOne', 'exists_one', 'filter', 'map', 'size', 'transformList', 'transformMap', 'transformMapEntry']);
    expect(labels(calls('object.spec.tokenGeneration.|'))).toEqual([]);
    expect(labels(calls('self.access[0].|', { given: 'spec' }))).toEqual(ACCESS);
  });

  it('those of the Kubernetes version of .platlint.yaml; an optional selection gives optional values', () => {
    const names = (version: string): string[] => labels(calls('object.spec.groups.|', { kubernetesVersion: version }));
    expect(names('1.27')).toEqual(['all', 'exists', 'exists_one', 'filter', 'indexOf', 'isSorted', 'join', 'lastIndexOf', 'map', 'max', 'min', 'size']);
    // existsOne(i, v, p) from 1.32, existsOne(x, p) from 1.33.
    const existsOne = (version: string): string[] | undefined => (calls('object.spec.groups.|', { kubernetesVersion: version }).find((i) => i.label === 'existsOne')?.documentation as { value: string } | undefined)?.value.split('\n');
    expect(existsOne('1.31')).toBeUndefined();
    expect(existsOne('1.32')).toEqual(['```', 'list(string).existsOne(i, v, predicate) -> bool', '```']);
    expect(existsOne('1.33')).toEqual(['```', 'list(string).existsOne(x, predicate) -> bool', 'list(string).existsOne(i, v, predicate) -> bool', '```']);
    expect(names('1.33')).not.toContain('sortBy');
    expect(names('1.34')).toContain('sortBy');
    const OPTIONAL = ['hasValue', 'optFlatMap', 'optMap', 'or', 'orValue', 'value'];
    expect(labels(calls('object.spec.?email.|'))).toEqual(OPTIONAL);
    expect(labels(calls('object.?spec.email.|'))).toEqual(OPTIONAL);
    expect(labels(calls("object.spec.clusterRoles[?0].name.|"))).toEqual(OPTIONAL);
    // After `.?` comes a field's name: the fields, no function.
    expect(labels(calls('object.?spec.?em|'))).toEqual(USER_SPEC);
    expect(labels(calls('object.spec.?|'))).toEqual(USER_SPEC);
  });

  it('with several given paths, self is what they all select, as the rule compiler types it', () => {
    expect(labels(calls('self.|', { given: '["spec.access[0]", "spec.access[1]"]' }))).toEqual(ACCESS);
    expect(labels(calls('self.|', { given: '[spec.email, spec.username]' }))).toEqual(STRING_CALLS);
    // An access rule and a cluster role have other types: self is dyn, nothing known of it.
    expect(labels(calls('self.|', { given: '["spec.access[*]", "spec.clusterRoles[*]"]' }))).toEqual([]);
  });

  it('nothing for what CEL types dyn: the open parts of the schema', () => {
    expect(labels(calls('object.status.|'))).toEqual([]);
    expect(labels(calls('object.spec.extraClaims.|'))).toEqual([]);
  });
});

describe('hover in a policy file: the field a rule selects, in its CEL and its given path', () => {

  it('a field in an expression, under the cursor anywhere in its name, after self, an open macro variable or object', () => {
    const document = policyDocument(`      match: {kinds: [User]}
      given: spec.access[*]
      expression: "self.verbs.all(v, v != '*') && object.spec.email != ''"
      message: m
`);
    // Line 12 (0-based 11): `      expression: "self.verbs.all(v, v != '*') && object.spec.email != ''"`: "verbs" at
    // 0-based 24-28, "spec" at 57-60, "email" at 62-66.
    expect(hoverText(document, 11, 26)?.split('\n').slice(0, 3)).toEqual(['**verbs**: list of string', '', '`spec.access[].verbs`']);
    expect(hoverText(document, 11, 24)?.split('\n')[0]).toBe('**verbs**: list of string');
    expect(hoverText(document, 11, 66)?.split('\n').slice(0, 3)).toEqual(['**email**: string', '', '`spec.email`']);
    expect(hoverText(document, 11, 58)?.split('\n')[0]).toBe('**spec**: object (UserSpec)');
    // `self` and the macro's variable `v` (0-based 37): their types; in the string literal '*' (43): nothing.
    expect(hoverText(document, 11, 20)).toBe('**self**: object (UserAccessRule)\n\nWhat `given` selects, one value at a time.');
    expect(hoverText(document, 11, 37)).toBe('**v**: string\n\nEach item of `self.verbs`, in `all`.');
    expect(hoverText(document, 11, 43)).toBeUndefined();
    // `all`, a macro called on a list of strings: its forms.
    expect(hoverText(document, 11, 31)).toBe('```\nlist(string).all(x, predicate) -> bool\nlist(string).all(i, v, predicate) -> bool\n```');
  });

  it('a function or macro called on what is selected: every form it can be called in, in the Kubernetes version', () => {
    const document = policyDocument(`      match: {kinds: [User]}
      expression: "object.spec.email.indexOf('@') > 0 && object.spec.groups.existsOne(g, g == 'a') && object.spec.email.size > 0"
      message: m
`);
    const at = (character: number, kubernetesVersion?: string): string | undefined => hoverText(document, 10, character, kubernetesVersion);
    // Line 11 (0-based 10): "indexOf" at 0-based 37-43, "existsOne" at 76-84, "size" (no call) at 120-123.
    expect(at(40)).toBe('```\nstring.indexOf(string) -> int\nstring.indexOf(string, int) -> int\n```');
    expect(at(80)).toBe('```\nlist(string).existsOne(x, predicate) -> bool\nlist(string).existsOne(i, v, predicate) -> bool\n```');
    expect(at(80, '1.32')).toBe('```\nlist(string).existsOne(i, v, predicate) -> bool\n```');
    expect(at(80, '1.31')).toBeUndefined();
    // Not a call: a string has no field size.
    expect(at(121)).toBeUndefined();
  });

  it("through CEL's optional selections, .?name and [?index]", () => {
    const document = policyDocument(`      match: {kinds: [User]}
      expression: "object.?spec.?email.orValue('') != '' && object.spec.clusterRoles[?0].?name.hasValue()"
      message: m
`);
    // Line 11 (0-based 10): "email" at 0-based 33-37, "orValue" at 39-45, "name" at 90-93.
    expect(hoverText(document, 10, 35)?.split('\n').slice(0, 3)).toEqual(['**email**: string', '', '`spec.email`']);
    expect(hoverText(document, 10, 91)?.split('\n').slice(0, 3)).toEqual(['**name**: string', '', '`spec.clusterRoles[].name`']);
    // A function called on an optional value: the optional's.
    expect(hoverText(document, 10, 42)).toBe('```\noptional_type(V).orValue(V) -> V\n```');
  });

  it('a step of a given path; nothing in a rule on both kinds', () => {
    const one = policyDocument(`      match: {kinds: [User]}
      given: spec.clusterRoles[*].name
      expression: "true"
      message: m
`);
    // Line 11 (0-based 10): `      given: spec.clusterRoles[*].name`: "clusterRoles" at 0-based 18-29, "name" at 33-36.
    expect(hoverText(one, 10, 20)?.split('\n')[0]).toBe('**clusterRoles**: list of object (UserClusterRole)');
    expect(hoverText(one, 10, 34)?.split('\n').slice(0, 3)).toEqual(['**name**: string', '', '`spec.clusterRoles[].name`']);
    const both = policyDocument(`      match: {kinds: [User, Config]}
      given: spec.clusterRoles[*].name
      expression: "true"
      message: m
`);
    expect(hoverText(both, 10, 34)).toBeUndefined();
  });
});

describe('the server completes and hovers in a policy file', () => {
  it('on the "." it asks to be triggered by, in a policy file of the workspace', async () => {
    const policy = ['apiVersion: platlint/v1', 'kind: Policy', 'metadata:', '  name: acme', 'spec:', '  rules:', '    - id: acme/roles', '      description: d', '      severity: error', '      match: {kinds: [User]}', '      given: spec.clusterRoles[*]', '      expression: "self."', '      message: m', ''].join('\n');
    const client = new Client(workspace({ '.platlint.yaml': 'policies: [policies/]\n', 'policies/access.yaml': policy }));
    const init = await client.initialize();
    expect(init.capabilities.completionProvider?.triggerCharacters).toEqual([':', ',', '.']);
    const uri = await client.open('policies/access.yaml', policy);
    const items = await client.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: { line: 11, character: 24 }, context: { triggerKind: 2, triggerCharacter: '.' } });
    expect(items.map((i) => [i.label, i.detail])).toEqual([['name', 'string']]);
    await client.stop();
  }, TEST_MS);

  it('hovers there on a field its CEL selects, a key and a given path (it took the policy file for a config file)', async () => {
    const policy = ['apiVersion: platlint/v1', 'kind: Policy', 'metadata:', '  name: acme', 'spec:', '  rules:', '    - id: acme/roles', '      description: d', '      severity: error', '      match: {kinds: [User]}', '      given: spec.clusterRoles[*]', "      expression: \"self.name != ''\"", '      message: m', ''].join('\n');
    const client = new Client(workspace({ '.platlint.yaml': 'policies: [policies/]\n', 'policies/access.yaml': policy }));
    await client.initialize();
    const uri = await client.open('policies/access.yaml', policy);
    const hover = async (line: number, character: number): Promise<string | undefined> =>
      (await client.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: { line, character } }))?.contents.value;
    // Line 12 (0-based 11): `      expression: "self.name != ''"`, "name" at 0-based 24-27; line 9: `      severity: error`;
    // line 11: `      given: spec.clusterRoles[*]`, "clusterRoles" at 18-29.
    expect((await hover(11, 25))?.split('\n')[0]).toBe('**name**: string');
    expect((await hover(8, 8))?.split('\n')[0]).toBe('**severity**: one of error, warning, info');
    expect((await hover(10, 20))?.split('\n')[0]).toBe('**clusterRoles**: list of object (UserClusterRole)');
    await client.stop();
  }, TEST_MS);
});
