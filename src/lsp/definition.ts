/**
 * Go to definition: from a policy rule's id (in a `# platlint-disable…` comment, or a key of `rules:` in
 * `.platlint.yaml`) to the rule in its policy file, the `id` of a platlint policy's rule or the `metadata.name` of a
 * ValidatingAdmissionPolicy; from `variables.<name>` in an admission policy's CEL to that variable's `name`; from a
 * settings file named in `extends` to that file. Built-in rules have no file in the workspace: their page is hover's
 * link.
 */
import type { Location, Position } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { pathToFileURL } from 'node:url';
import type { Rule } from '../engine/types.js';
import { extendsEntries, type ConfigFile } from '../settings-file/load.js';
import { PolicyRule } from '../policy/rule.js';
import { AdmissionPolicyRule } from '../policy/vap/rule.js';
import { offsetRange, toRange } from './convert.js';
import { lineAt, ruleAt } from './hover.js';
import { variableSitesAt } from './vap-variables.js';

export interface DefinitionContext {
  /** The rules in force for the document, policy rules included. */
  rules: readonly Rule[];
  /** The document is a `.platlint.yaml`: a key of its `rules:` is a rule id. */
  isConfigFile: boolean;
  /** The URI of a policy file, named as its rule set names it (relative to the config file's directory). */
  policyFileUri(file: string): string;
  /** The document as the settings it holds were read, when it is a settings file of its rule set. */
  settingsFile?: ConfigFile | undefined;
}

/** The settings file an entry of the document's `extends` names, when the position is on that entry. */
function extendedFileAt(document: TextDocument, position: Position, file: ConfigFile): Location | null {
  const line = lineAt(document, position.line);
  for (const { entry, index, keyPath } of extendsEntries(file)) {
    const base = file.bases?.get(index);
    if (!base || file.locationOf(keyPath).line !== position.line + 1) continue;
    const start = line.indexOf(entry);
    if (start < 0 || position.character < start || position.character > start + entry.length) continue;
    return { uri: pathToFileURL(base.path).href, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } };
  }
  return null;
}

/** Where a policy rule is defined: its `id`, or its admission policy's name; null for a built-in rule. */
export function ruleDefinition(rule: Rule, context: Pick<DefinitionContext, 'policyFileUri'>): Location | null {
  if (rule instanceof PolicyRule) return { uri: context.policyFileUri(rule.origin.file), range: toRange(rule.origin.rule) };
  if (rule instanceof AdmissionPolicyRule) return { uri: context.policyFileUri(rule.origin.file), range: toRange(rule.origin.name) };
  return null;
}

export function definitionAt(document: TextDocument, position: Position, context: DefinitionContext): Location | null {
  const extended = context.settingsFile && extendedFileAt(document, position, context.settingsFile);
  if (extended) return extended;
  const rule = ruleAt(lineAt(document, position.line), position.character, context.rules, context.isConfigFile);
  if (rule) return ruleDefinition(rule, context);
  const definition = variableSitesAt(document.getText(), document.offsetAt(position))?.definition;
  return definition ? { uri: document.uri, range: offsetRange(document, ...definition) } : null;
}
