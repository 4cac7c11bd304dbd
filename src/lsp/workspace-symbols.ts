/**
 * Workspace symbols: the custom rules of the workspace's rule sets (platlint policies' rules and admission policies),
 * found by id from anywhere, as an editor's "go to symbol in workspace" finds a function. Built-in rules have no file
 * in the workspace and are not listed.
 */
import { SymbolKind, type SymbolInformation } from 'vscode-languageserver-types';
import type { Rule } from '../engine/types.js';
import { AdmissionPolicyRule } from '../policy/vap/rule.js';
import { PolicyRule } from '../policy/rule.js';
import { ruleDefinition } from './definition.js';

export interface LoadedRules {
  rules: readonly Rule[];
  /** The URI of a policy file, named as its rule set names it. */
  policyFileUri(file: string): string;
}

/**
 * Whether the query's characters appear in the id in order, case ignored: `acmenoadm` finds `acme/no-cluster-admin`,
 * as editors filter symbols (LSP asks servers to be lenient and leaves the ranking to the client).
 */
export function matchesQuery(id: string, query: string): boolean {
  const text = id.toLowerCase();
  let at = 0;
  for (const char of query.toLowerCase()) {
    if (/\s/.test(char)) continue;
    at = text.indexOf(char, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

function containerOf(rule: Rule): string | undefined {
  if (rule instanceof PolicyRule) return rule.origin.policyName;
  if (rule instanceof AdmissionPolicyRule) return 'ValidatingAdmissionPolicy';
  return undefined;
}

/** The custom rules whose ids match the query, each once (rule sets that load the same policy file list it twice). */
export function workspaceSymbols(loaded: readonly LoadedRules[], query: string): SymbolInformation[] {
  const symbols = new Map<string, SymbolInformation>();
  for (const { rules, policyFileUri } of loaded) {
    for (const rule of rules) {
      if (!matchesQuery(rule.meta.id, query)) continue;
      const location = ruleDefinition(rule, { policyFileUri });
      if (!location) continue;
      const key = JSON.stringify([rule.meta.id, location.uri, location.range.start]);
      const container = containerOf(rule);
      if (!symbols.has(key)) symbols.set(key, { name: rule.meta.id, kind: SymbolKind.Function, location, ...(container ? { containerName: container } : {}) });
    }
  }
  return [...symbols.values()];
}
