import { defineRule } from '../../api.js';

/**
 * Reported by `platlint policy test`'s check of a fixture (`src/policy/fixture-check.ts`) where the language server
 * shows it, on the fixture open in the editor: this module is its identity, messages and documentation.
 */
const rule = defineRule({
  meta: {
    id: 'policy/fixture-mismatch',
    description: "Report a policy test fixture whose diagnostics are not what its # expect: markers say",
    severity: 'error',
    sources: ['spec'],
    stages: ['policy-test'],
  },
  messages: {
    unmet: 'policy test: expected {{rule}}, but it reported nothing there{{unknown}}',
    unexpected: 'policy test: unexpected {{rule}}: {{message}}',
    notLoading: 'policy test: the policies in {{pack}} do not load; their files show why',
    previousUnreadable: 'policy test: cannot read {{path}}: {{reason}}',
  },
});

export default rule;
