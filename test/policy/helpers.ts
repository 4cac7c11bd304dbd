import { rmSync } from 'node:fs';
import type { Diagnostic, FileResult } from '../../src/engine/types.js';
import type { LoadedPolicies } from '../../src/policy/load.js';
import { loadPolicyPaths, type PolicyPathsOptions } from '../../src/project/policy-files.js';
import { tempTree } from '../helpers/files.js';
import { user } from '../helpers/manifests.js';

const created: string[] = [];

/** Removes the temporary directories written so far (call from afterAll). */
export function removeTempDirs(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Writes files into a fresh temporary directory and returns it. */
export function tempDir(files: Record<string, string>): string {
  const dir = tempTree('platlint-policy-', files);
  created.push(dir);
  return dir;
}

/** Loads one policy file written as `policy.yaml` in a temporary directory (reported as `policy.yaml`). */
export function loadPolicy(text: string, options: PolicyPathsOptions = {}): LoadedPolicies {
  const dir = tempDir({ 'policy.yaml': text });
  return loadPolicyPaths(['policy.yaml'], dir, options);
}

/** `[ruleId, line, column, message]` of the diagnostics of rules whose id starts with the prefix. */
export function reported(result: FileResult, prefix = 'acme/'): [string, number, number, string][] {
  return result.diagnostics.filter((d) => d.ruleId.startsWith(prefix)).map((d) => [d.ruleId, d.line, d.column, d.message]);
}

/** `[line, column, endLine, endColumn, message]` of every problem diagnostic. */
export function problemSpans(results: readonly FileResult[]): [number, number, number, number, string][] {
  return results.flatMap((r) => r.diagnostics).map((d: Diagnostic) => [d.line, d.column, d.endLine, d.endColumn, d.message]);
}

/** A policy file with the given rules (YAML text of the list items, indented by 4). */
export function policy(rules: string): string {
  return `apiVersion: platlint/v1\nkind: Policy\nmetadata:\n  name: acme\nspec:\n  rules:\n${rules}`;
}

/** A policy rule (an item of `policy()`'s list) that reports each cluster role named cluster-admin. */
export const NO_CLUSTER_ADMIN_RULE = `    - id: acme/no-cluster-admin
      description: Disallow cluster-admin
      severity: error
      given: spec.clusterRoles[*]
      expression: "self.name != 'cluster-admin'"
      message: cluster-admin must be requested through the access process
`;

/** User jane-doe with the given items of spec.clusterRoles (YAML lines indented by 4); its first role is on line 8. */
export const userWithRoles = (roles: string): string => user(`  username: jane.doe\n  clusterRoles:\n${roles}`, 'jane-doe');
