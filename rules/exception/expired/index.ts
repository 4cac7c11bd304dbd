import { defineRule } from '../../api.js';

/** Reported by the CLI for the exceptions of `.platlint.yaml`; this module is its identity, messages and documentation. */
const rule = defineRule({
  meta: {
    id: 'exception/expired',
    description: 'Warn on exceptions past their expiry date',
    severity: 'warning',
    sources: ['spec'],
    stages: ['suppressions'],
  },
  messages: {
    expired: {
      text: 'The exception for {{rules}} expired on {{expires}} and no longer applies.',
      note: 'Fix the problems it covered, or review it and write a new reason and date.',
    },
  },
});

export default rule;
