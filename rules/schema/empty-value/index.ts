import { defineRule } from '../../api.js';

/** Reported by the engine's schema pass; this module is its identity, messages and documentation. */
const rule = defineRule({
  meta: {
    id: 'schema/empty-value',
    description: "Warn on keys written with no value",
    severity: 'warning',
    sources: ['spec'],
    stages: ['schema'],
  },
  messages: {
    empty: {
      text: '{{field}} has no value, which looks like an unfilled template.',
      note: 'Give it a value or remove the key.',
      severity: 'warning',
    },
    emptyRequired: { text: "{{field}} is required but has no value.", severity: 'error' },
  },
});

export default rule;
