import { defineRule } from '../../api.js';

/**
 * Reported by the policy loader (`src/policy/load.ts`) in the policy files themselves, never by `check`:
 * this module is its identity, message and documentation.
 */
const rule = defineRule({
  meta: {
    id: 'policy/invalid',
    description: 'Report a custom policy file that cannot be loaded',
    severity: 'error',
    sources: ['spec'],
    stages: ['policy-load'],
  },
  messages: {
    invalid: '{{detail}}',
    // A ValidatingAdmissionPolicy nothing binds: valid, and idle, as in a cluster.
    unbound: { text: '{{detail}}', severity: 'warning' },
    // A ValidatingAdmissionPolicy expression that costs more than the per-call limit on any object: stored, and failing.
    overLimit: { text: '{{detail}}', severity: 'warning' },
  },
});

export default rule;
