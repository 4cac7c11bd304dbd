import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CompletionItem } from 'vscode-languageserver/node.js';
import { completionsAt } from '../../src/lsp/completion.js';
import { hoverAt } from '../../src/lsp/hover.js';
import { builtinRules } from '../../rules/index.js';
import { completeAt, hoverText, labels, policyDocument } from './policy-file.js';

const RULE_KEYS = ['id', 'description', 'severity', 'docsUrl', 'match', 'given', 'expression', 'message', 'messageExpression', 'assertions'];
const newText = (items: readonly CompletionItem[]): string[] => items.map((i) => (i.textEdit && 'newText' in i.textEdit ? i.textEdit.newText : ''));

describe("completion of a policy file's keys and values, from its schema", () => {
  it("a rule's keys but those written, replacing what is typed; the keys of a new rule", () => {
    const { items } = completeAt('      sev‸\n', { marker: '‸' });
    // The rule of policyText has its id, description and severity.
    expect(labels(items)).toEqual(['docsUrl', 'match', 'given', 'expression', 'message', 'messageExpression', 'assertions']);
    // Line 10 (0-based 9): `      sev`.
    expect(items.find((i) => i.label === 'match')?.textEdit).toEqual({ range: { start: { line: 9, character: 6 }, end: { line: 9, character: 9 } }, newText: 'match: ' });
    expect(items.find((i) => i.label === 'given')?.detail).toMatch(/^Path \(or list of paths\) of the nodes to check/);
    expect(labels(completeAt('    - ‸\n', { marker: '‸' }).items)).toEqual(RULE_KEYS);
    expect(labels(completeAt('      match:\n        ‸\n', { marker: '‸' }).items)).toEqual(['kinds', 'names', 'labels']);
    expect(labels(completeAt('      assertions:\n        ‸\n', { marker: '‸' }).items)).toEqual(['required', 'forbidden', 'pattern', 'enum', 'exactlyOneOf']);
  });

  it('the values its schema lists: after a colon (with the space it needs), in a flow list but those written, as a list item', () => {
    expect(completeAt('      docsUrl: ‸\n', { marker: '‸' }).items).toEqual([]);
    const severity = completeAt('      description: d\n      severity:‸\n', { marker: '‸' }).items;
    expect(newText(severity)).toEqual([' error', ' warning', ' info']);
    expect(severity[0]?.detail).toBe('Default severity; the config file may override it.');
    expect(labels(completeAt('      match:\n        kinds: [User, ‸]\n', { marker: '‸' }).items)).toEqual(['Config']);
    expect(labels(completeAt('      match:\n        kinds:\n          - ‸\n', { marker: '‸' }).items)).toEqual(['User', 'Config']);
    expect(labels(completeAt('      match:\n        labels:\n          matchExpressions:\n            - key: a\n              operator: ‸\n', { marker: '‸' }).items)).toEqual(['In', 'NotIn', 'Exists', 'DoesNotExist']);
  });

  it('Policy as the kind of a file whose apiVersion is platlint/v1; nothing in CEL where CEL takes no name', () => {
    const text = 'apiVersion: platlint/v1\nkind: Pol';
    const document = TextDocument.create('file:///w/policy.yaml', 'yaml', 1, text);
    expect(labels(completionsAt(document, document.positionAt(text.length), { rules: builtinRules, isConfigFile: false }))).toEqual(['Policy']);
    expect(completeAt('      match: {kinds: [User]}\n      expression: "\'abc ‸"\n', { marker: '‸' }).items).toEqual([]);
    expect(completeAt('      match: {kinds: [User]}\n      expression: |\n        self ‸\n', { marker: '‸' }).items).toEqual([]);
  });
});

describe("hover on a key of platlint's own files: what their schema says", () => {
  it('in a policy file: its values when the schema lists them, and its description', () => {
    const document = policyDocument('      match: {kinds: [User]}\n      expression: "true"\n      message: m\n');
    // Line 9 (0-based 8): `      severity: error`; line 10: `      match: {kinds: [User]}`.
    expect(hoverText(document, 8, 8)).toBe('**severity**: one of error, warning, info\n\nDefault severity; the config file may override it.');
    expect(hoverText(document, 9, 6)).toBe('**match**\n\nWhich documents the rule applies to; every given condition must hold. Absent: every User and Config.');
    // On the value, nothing: `error` is no key.
    expect(hoverText(document, 8, 18)).toBeUndefined();
  });

  it('in .platlint.yaml: its keys, and the summary of a rule under rules', () => {
    const document = TextDocument.create('file:///w/.platlint.yaml', 'yaml', 1, 'extends: [strict]\nrules:\n  user/email: off\n');
    const hover = (line: number, character: number): string | undefined =>
      (hoverAt(document, { line, character }, { rules: builtinRules, docsUrl: () => undefined, diagnostics: [], isConfigFile: true })?.contents as { value: string } | undefined)?.value;
    expect(hover(0, 3)).toBe('**extends**\n\nPresets applied in order: recommended (the default), strict, security, export; and settings files shared between projects (./shared.platlint.yaml, relative to this file), applied where they are named.');
    expect(hover(2, 5)).toBe(`**user/email**: ${builtinRules.find((r) => r.meta.id === 'user/email')?.meta.description ?? ''}`);
  });
});
