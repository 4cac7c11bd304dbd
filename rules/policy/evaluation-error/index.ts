import { defineRule } from '../../api.js';

/**
 * Reported after a run in the policy files, once per policy rule that failed to evaluate on some document, from
 * what the files' results say (`LoadedPolicies.evaluationProblems`); this module is its identity, message and
 * documentation.
 */
const rule = defineRule({
  meta: {
    id: 'policy/evaluation-error',
    description: 'Report a custom policy rule that failed to evaluate on a document',
    severity: 'error',
    sources: ['spec'],
    stages: ['policy-run'],
  },
  messages: {
    failed: 'The policy rule {{rule}} could not be evaluated on {{count}} (those were not checked by it); it first failed on {{failure}}.{{skipped}}',
  },
});

export default rule;
