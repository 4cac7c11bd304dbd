import type { Rule } from '../../../src/engine/types.js';

/** Reported by the engine's schema pass; this module is its identity, messages and documentation. */
const rule: Rule = {
  meta: {
    id: 'schema/enum',
    description: "Require enumerated fields to hold one of their values",
    severity: 'error',
    category: 'schema',
    sources: ['spec', 'upstream'],
    fixable: true,
    reportedByEngine: true,
    messages: {
      enum: "{{field}} is \"{{value}}\"; expected one of: {{allowed}}.",
      enumCase: "{{field}} is \"{{value}}\"; values are case-sensitive: write \"{{suggestion}}\".",
    },
  },
};

export default rule;
