import { describe, expect, it } from 'vitest';
import { CompletionItemKind } from 'vscode-languageserver-types';
import { loadPolicies } from '../../src/policy/load.js';
import { completeAt } from './policy-file.js';

/**
 * What the editor offers a policy rule's CEL, the rule compiler takes: every field completion offers after
 * `object.`, followed as deep as completion goes (into list items and map values), selects a field the compiler
 * types (src/policy/compile-rule.ts), so that the editor never suggests what loading the policy then refuses.
 */
function rule(kind: 'User' | 'Config', expression: string): string {
  return `      match: {kinds: [${kind}]}\n      expression: "${expression}"\n      message: m\n`;
}

/** The chains completion offers below `object.`, each with what loading a rule that selects it says. */
function offeredChains(kind: 'User' | 'Config'): { chains: string[]; refused: [string, string][] } {
  const chains: string[] = [];
  const refused: [string, string][] = [];
  const visit = (chain: string, depth: number): void => {
    const { items } = completeAt(rule(kind, `${chain}.|`));
    for (const item of items.filter((i) => i.kind === CompletionItemKind.Field)) {
      const selected = `${chain}.${item.label}`;
      chains.push(selected);
      const text = `apiVersion: platlint/v1\nkind: Policy\nmetadata:\n  name: acme\nspec:\n  rules:\n    - id: acme/rule\n      description: d\n      severity: error\n${rule(kind, `type(${selected}) == type(${selected})`)}`;
      const loaded = loadPolicies([{ file: 'policy.yaml', absolute: '/w/policy.yaml', bytes: new TextEncoder().encode(text) }]);
      const problems = loaded.problems.flatMap((result) => result.diagnostics.map((d) => d.message));
      if (problems.length) refused.push([selected, problems.join('; ')]);
      // Into a list's items and a map's values, as CEL indexes them.
      const next = item.detail?.startsWith('list of') ? `${selected}[0]` : item.detail?.startsWith('map of') ? `${selected}['k']` : selected;
      if (depth < 12) visit(next, depth + 1);
    }
  };
  visit('object', 0);
  return { chains, refused };
}

describe('the fields completion offers in a policy rule compile', () => {
  it.each(['User', 'Config'] as const)('every one below object in a rule on %s', (kind) => {
    const { chains, refused } = offeredChains(kind);
    expect(refused).toEqual([]);
    // The walk went deep: into spec, metadata's maps, and lists of objects.
    const expected = kind === 'User' ? ['object.spec.access[0].verbs', 'object.metadata.managedFields[0].time', 'object.spec.clusterRoles[0].name'] : ['object.status.auth.connectors[0].oidc.issuerUrl', 'object.status.auth.gitForgeA.orgs[0].teams', 'object.metadata.name'];
    expect(chains).toEqual(expect.arrayContaining(expected));
  });
});
