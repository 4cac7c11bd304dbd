export { loadPolicies, findPolicyFiles, readPolicyFile, type LoadedPolicies, type LoadPoliciesOptions } from './load.js';
export { explainPolicyRule } from './explain.js';
export { PolicyRule } from './rule.js';
export { policySchema } from './schema.js';
export { runPolicyTests, PolicyTestError, type PolicyTestSummary } from './test-runner.js';
export { DEFAULT_COST_LIMIT } from './cel.js';
export type { PolicyRuleSpec, PolicyMatch, PolicyAssertions, LabelSelector } from './types.js';
