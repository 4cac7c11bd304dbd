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

/** A text without the cursor's marker (`|`, or another where the text holds a `|` of its own), and the cursor's offset. */
export function unmark(marked: string, marker = '|'): { text: string; offset: number } {
  const offset = marked.indexOf(marker);
  return { text: marked.slice(0, offset) + marked.slice(offset + marker.length), offset };
}

/**
 * Completion in a policy file with one rule of the given lines; `marker` marks the cursor (and is removed): `|`, or
 * another character where the rule holds a `|` of its own (a block scalar).
 */
export function completeAt(ruleLines: string, options: { kubernetesVersion?: string; marker?: string } = {}): { items: CompletionItem[]; text: string } {
  const { text, offset } = unmark(policyText(ruleLines), options.marker);
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

/** A ValidatingAdmissionPolicy `users` on `resources` of `group`, up to its match constraints (11 lines); the rest of its spec follows. */
export const admissionPolicyHead = (resources = '[users]', group = 'management.platform'): string => `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: users
spec:
  matchConstraints:
    resourceRules:
      - apiGroups: [${group}]
        apiVersions: [v1]
        operations: [CREATE, UPDATE]
        resources: ${resources}
`;

/** A ValidatingAdmissionPolicy on `resources`, with a variable `email`; `|` marks the cursor in one of its expressions. */
export function admissionPolicy(expressions: { variable?: string; validation?: string; message?: string; condition?: string }, resources = '[users]', group = 'management.platform'): string {
  return `${admissionPolicyHead(resources, group)}  matchConditions:
    - name: managed
      expression: "${expressions.condition ?? 'true'}"
  variables:
    - name: email
      expression: "${expressions.variable ?? "'x'"}"
    - name: domain
      expression: "'example.com'"
  validations:
    - expression: "${expressions.validation ?? 'true'}"
      messageExpression: "${expressions.message ?? "'m'"}"
`;
}
