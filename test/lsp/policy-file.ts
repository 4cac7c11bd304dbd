import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CompletionItem } from 'vscode-languageserver/node.js';
import { completionsAt } from '../../src/lsp/completion.js';
import { hoverAt } from '../../src/lsp/hover.js';
import { builtinRules } from '../../rules/index.js';

/** A policy file with one rule whose lines after `severity` (line 10 on, 0-based line 9) are given. */
export const policyText = (ruleLines: string): string => `apiVersion: platlint/v1
kind: Policy
metadata:
  name: acme
spec:
  rules:
    - id: acme/rule
      description: A rule
      severity: error
${ruleLines}`;

export const policyDocument = (ruleLines: string): TextDocument => TextDocument.create('file:///w/policy.yaml', 'yaml', 1, policyText(ruleLines));

/**
 * Completion in a policy file with one rule of the given lines; `marker` marks the cursor (and is removed): `|`, or
 * another character where the rule holds a `|` of its own (a block scalar).
 */
export function completeAt(ruleLines: string, options: { kubernetesVersion?: string; marker?: string } = {}): { items: CompletionItem[]; text: string } {
  const marked = policyText(ruleLines);
  const marker = options.marker ?? '|';
  const offset = marked.indexOf(marker);
  const text = marked.slice(0, offset) + marked.slice(offset + marker.length);
  const document = TextDocument.create('file:///w/policy.yaml', 'yaml', 1, text);
  const context = { rules: builtinRules, isConfigFile: false, ...(options.kubernetesVersion ? { kubernetesVersion: options.kubernetesVersion } : {}) };
  return { items: completionsAt(document, document.positionAt(offset), context), text };
}

/** The markdown of the hover at a position of a document, if any. */
export function hoverText(document: TextDocument, line: number, character: number, kubernetesVersion?: string): string | undefined {
  const context = { rules: builtinRules, docsUrl: () => undefined, diagnostics: [], isConfigFile: false, ...(kubernetesVersion ? { kubernetesVersion } : {}) };
  const result = hoverAt(document, { line, character }, context);
  return result ? (result.contents as { value: string }).value : undefined;
}

export const labels = (items: readonly CompletionItem[]): string[] => items.map((i) => i.label);
