/**
 * Go to definition: from a policy rule's id (in a `# platlint-disable…` comment, or a key of `rules:` in
 * `.platlint.yaml`) to the rule in its policy file, the `id` of a platlint policy's rule or the `metadata.name` of a
 * ValidatingAdmissionPolicy; from `variables.<name>` in an admission policy's CEL to that variable's `name`.
 * Built-in rules have no file in the workspace: their page is hover's link.
 */
import { isMap, isScalar, isSeq } from 'yaml';
import type { Location, Position, Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Rule } from '../engine/types.js';
import { PolicyRule } from '../policy/rule.js';
import { AdmissionPolicyRule } from '../policy/vap/rule.js';
import { toRange } from './convert.js';
import { lineAt, ruleAt } from './hover.js';
import { chainBefore, chainSteps, documentAt, isWord, scope } from './policy-context.js';
import { admissionScalarAt } from './vap-context.js';

export interface DefinitionContext {
  /** The rules in force for the document, policy rules included. */
  rules: readonly Rule[];
  /** The document is a `.platlint.yaml`: a key of its `rules:` is a rule id. */
  isConfigFile: boolean;
  /** The URI of a policy file, named as its rule set names it (relative to the config file's directory). */
  policyFileUri(file: string): string;
}

/** Where a policy rule is defined: its `id`, or its admission policy's name. */
function ruleDefinition(rule: Rule, context: DefinitionContext): Location | null {
  if (rule instanceof PolicyRule) return { uri: context.policyFileUri(rule.origin.file), range: toRange(rule.origin.rule) };
  if (rule instanceof AdmissionPolicyRule) return { uri: context.policyFileUri(rule.origin.file), range: toRange(rule.origin.name) };
  return null;
}

/** The range of the `name` of the admission policy's variable that `variables.<name>` at the cursor selects. */
function variableDefinition(document: TextDocument, offset: number): Range | undefined {
  const text = document.getText();
  let end = offset;
  while (isWord(text[end])) end++;
  const chain = chainBefore(text, end);
  const { root, steps } = chain === undefined ? { root: '', steps: [] } : chainSteps(chain);
  const [step] = steps;
  if (root !== 'variables' || steps.length !== 1 || !step || !('key' in step)) return undefined;
  const parsed = documentAt(text, end);
  const scalar = parsed && admissionScalarAt(parsed, text, end, undefined);
  // `variables` is the policy's, not a macro's variable of that name.
  if (!scalar || scope(scalar).get('variables') !== scalar.variables.get('variables')) return undefined;
  const variables = parsed.getIn(['spec', 'variables'], true);
  if (!isSeq(variables)) return undefined;
  for (const item of variables.items) {
    const name = isMap(item) ? item.get('name', true) : undefined;
    if (isScalar(name) && name.value === step.key && name.range) return { start: document.positionAt(name.range[0]), end: document.positionAt(name.range[1]) };
  }
  return undefined;
}

export function definitionAt(document: TextDocument, position: Position, context: DefinitionContext): Location | null {
  const rule = ruleAt(lineAt(document, position.line), position.character, context.rules, context.isConfigFile);
  if (rule) return ruleDefinition(rule, context);
  const variable = variableDefinition(document, document.offsetAt(position));
  return variable ? { uri: document.uri, range: variable } : null;
}
