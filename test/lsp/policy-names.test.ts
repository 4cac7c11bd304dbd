import { describe, expect, it } from 'vitest';
import { CompletionItemKind } from 'vscode-languageserver/node.js';
import { completeAt, hoverText, labels, policyDocument } from './policy-file.js';

const VARIABLES = ['object', 'oldObject', 'self', 'oldSelf'];
/** What CEL calls without a receiver in Kubernetes 1.27, the oldest platlint knows. */
const GLOBALS_1_27 = ['bool', 'bytes', 'double', 'duration', 'dyn', 'has', 'int', 'isURL', 'matches', 'size', 'string', 'timestamp', 'type', 'uint', 'url'];
const CONSTANTS = ['true', 'false', 'null'];

/** Completion in a User rule's expression written as given (quotes included); `|` or `marker` is the cursor. */
const inExpression = (expression: string, options: { given?: string; kubernetesVersion?: string; marker?: string } = {}) =>
  completeAt(
    `      match: {kinds: [User]}
${options.given ? `      given: ${options.given}\n` : ''}      expression: ${expression}
      message: m
`,
    options,
  ).items;

describe('completion where a policy rule\'s CEL takes a name', () => {
  it('the variables with their types, then the functions and macros of the version, then the constants, replacing what is typed', () => {
    const items = inExpression('"se|"', { given: 'spec.access[*]', kubernetesVersion: '1.27' });
    expect(labels(items)).toEqual([...VARIABLES, ...GLOBALS_1_27, ...CONSTANTS]);
    const self = items.find((i) => i.label === 'self');
    expect([self?.kind, self?.detail, self?.sortText]).toEqual([CompletionItemKind.Variable, 'object (UserAccessRule)', '0self']);
    expect(self?.documentation).toEqual({ kind: 'markdown', value: '**self**: object (UserAccessRule)\n\nWhat `given` selects, one value at a time.' });
    // Line 12 (0-based 11): `      expression: "se"`; "se" is at 0-based characters 19 and 20.
    expect(self?.textEdit).toEqual({ range: { start: { line: 11, character: 19 }, end: { line: 11, character: 21 } }, newText: 'self' });
    expect(items.find((i) => i.label === 'object')?.detail).toBe('User');
    const size = items.find((i) => i.label === 'size');
    expect([size?.kind, size?.detail, size?.sortText]).toEqual([CompletionItemKind.Function, 'size(bytes) -> int', '1size']);
    expect(size?.documentation).toEqual({ kind: 'markdown', value: '```\nsize(bytes) -> int\nsize(list(A)) -> int\nsize(map(A, B)) -> int\nsize(string) -> int\n```' });
    const has = items.find((i) => i.label === 'has');
    expect([has?.kind, has?.detail]).toEqual([CompletionItemKind.Keyword, 'has(x.field) -> bool']);
    expect(items.find((i) => i.label === 'null')?.kind).toBe(CompletionItemKind.Constant);
  });

  it('after an operator, an opening parenthesis or bracket, a comma, `in`, or at the start', () => {
    for (const expression of ['"|"', '"size(|"', '"self.spec.groups[|"', '"1 + |"', '"true && !|"', '"[1, |"', "\"'a' in |\"", '"self.spec.disabled ? |"']) {
      expect(labels(inExpression(expression, { kubernetesVersion: '1.27' })), expression).toEqual([...VARIABLES, ...GLOBALS_1_27, ...CONSTANTS]);
    }
  });

  it('the variable of a macro whose parenthesis is open, with the type of the items it ranges over', () => {
    const items = inExpression('"self.spec.groups.all(g, g|"', { kubernetesVersion: '1.27' });
    expect(labels(items).slice(0, 5)).toEqual([...VARIABLES, 'g']);
    expect(items.find((i) => i.label === 'g')?.documentation).toEqual({ kind: 'markdown', value: '**g**: string\n\nEach item of `self.spec.groups`, in `all`.' });
    expect(labels(inExpression('"self.spec.groups.all(g, true) && |"', { kubernetesVersion: '1.27' }))).not.toContain('g');
    // Over a map, its keys: the variable, of no type the schema says.
    const overMap = inExpression('"self.metadata.labels.exists(k, |"').find((i) => i.label === 'k');
    expect([overMap?.detail, overMap?.documentation]).toEqual([undefined, { kind: 'markdown', value: '**k**\n\nEach item of `self.metadata.labels`, in `exists`.' }]);
  });

  it('the global functions of the Kubernetes version of .platlint.yaml', () => {
    const names = (kubernetesVersion: string): string[] => labels(inExpression('"|"', { kubernetesVersion }));
    expect(names('1.27')).not.toContain('quantity');
    expect(names('1.28')).toEqual(expect.arrayContaining(['quantity', 'isQuantity', 'optional.of', 'optional.none']));
    expect(names('1.29')).not.toContain('ip');
    expect(names('1.30')).toEqual(expect.arrayContaining(['ip', 'cidr', 'isIP', 'isCIDR', 'ip.isCanonical', 'sets.contains']));
    expect(names('1.32')).not.toContain('semver');
    expect(names('1.33')).toEqual(expect.arrayContaining(['semver', 'isSemver', 'format.dns1123Label']));
  });

  it("after a namespace, that namespace's functions, replacing the qualified name", () => {
    const items = inExpression('"format.dns|"', { kubernetesVersion: '1.33' });
    expect(labels(items)).toEqual([
      'format.byte', 'format.date', 'format.datetime', 'format.dns1035Label', 'format.dns1035LabelPrefix', 'format.dns1123Label', 'format.dns1123LabelPrefix',
      'format.dns1123Subdomain', 'format.dns1123SubdomainPrefix', 'format.labelValue', 'format.named', 'format.qualifiedName', 'format.uri', 'format.uuid',
    ]);
    // "format.dns" is at 0-based characters 19 to 28 of line 11.
    expect(items[0]?.textEdit).toEqual({ range: { start: { line: 10, character: 19 }, end: { line: 10, character: 29 } }, newText: 'format.byte' });
    expect(labels(inExpression('"optional.|"', { kubernetesVersion: '1.28' }))).toEqual(['optional.none', 'optional.of', 'optional.ofNonZeroValue', 'optional.unwrap']);
  });

  it('in a block scalar and a single-quoted one, whose quotes CEL then writes doubled', () => {
    expect(labels(inExpression('|\n        self.spec.groups.all(g, ‸', { marker: '‸', kubernetesVersion: '1.27' }))).toEqual([...VARIABLES, 'g', ...GLOBALS_1_27, ...CONSTANTS]);
    expect(labels(inExpression("'self.spec.email == ''a'' && |'", { kubernetesVersion: '1.27' }))).toEqual([...VARIABLES, ...GLOBALS_1_27, ...CONSTANTS]);
  });

  it('nothing in a string literal, a comment, a number, after a value, on a block header, or outside CEL', () => {
    expect(inExpression("\"self.spec.email == 'a|\"")).toEqual([]);
    expect(inExpression("'self.spec.email == ''a|'")).toEqual([]);
    expect(inExpression('"self.spec.email == r\\"\\"\\"a|\\"\\"\\""')).toEqual([]);
    expect(inExpression('|\n        true // see s‸\n        && false', { marker: '‸' })).toEqual([]);
    expect(inExpression('"1|"')).toEqual([]);
    expect(inExpression('"size(self) i|"')).toEqual([]);
    expect(inExpression('"self i|"')).toEqual([]);
    expect(inExpression('|-‸\n        true', { marker: '‸' })).toEqual([]);
    expect(completeAt(`      match: {kinds: [User]}
      expression: "true"
      message: "s|"
`).items).toEqual([]);
  });
});

describe('hover on a name in a policy rule\'s CEL', () => {
  const document = policyDocument(`      match: {kinds: [User]}
      expression: "size(object.spec.groups) > 0 && has(self.spec.email) && format.dns1123Label().validate(self.metadata.name) == optional.none()"
      message: m
`);
  // Line 11 (0-based 10): "size" at 0-based 19-22, "object" at 24-29, "has" at 51-53, "self" at 55-58,
  // "format" at 72-77, "dns1123Label" at 79-90, "optional.none" at 130-142.
  const at = (character: number, kubernetesVersion?: string): string | undefined => hoverText(document, 10, character, kubernetesVersion);

  it('a global function or macro: every form it can be called in, in the version', () => {
    expect(at(20)).toBe('```\nsize(bytes) -> int\nsize(list(A)) -> int\nsize(map(A, B)) -> int\nsize(string) -> int\n```');
    expect(at(52)).toBe('```\nhas(x.field) -> bool\n```');
    expect(at(85)).toBe('```\nformat.dns1123Label() -> kubernetes.NamedFormat\n```');
    expect(at(85, '1.30')).toBeUndefined();
    expect(at(140)).toBe('```\noptional.none() -> optional_type(V)\n```');
    // A namespace alone is not a function.
    expect(at(74)).toBeUndefined();
  });

  it('a variable: its type and what it is', () => {
    expect(at(26)).toBe('**object**: User\n\nThe User being linted.');
    expect(at(56)).toBe('**self**: User\n\nThe User being linted, as `object`.');
  });
});

describe('completion in a given flow list', () => {
  it('offers the top-level fields in an item not yet written', () => {
    const { items } = completeAt(`      match: {kinds: [User]}
      given: [spec.email, |]
      expression: "true"
      message: m
`);
    expect(labels(items)).toEqual(['apiVersion', 'kind', 'metadata', 'spec', 'status']);
    // Line 11 (0-based 10): `      given: [spec.email, ]`, the cursor at 0-based character 26.
    expect(items[0]?.textEdit).toEqual({ range: { start: { line: 10, character: 26 }, end: { line: 10, character: 26 } }, newText: 'apiVersion' });
  });
});
