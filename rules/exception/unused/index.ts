import { defineRule } from '../../api.js';

/** Reported by the CLI for the exceptions of `.platlint.yaml`; this module is its identity, messages and documentation. */
const rule = defineRule({
  meta: {
    id: 'exception/unused',
    description: 'Warn on exceptions that match no problem',
    severity: 'warning',
    sources: ['spec'],
    stages: ['suppressions'],
  },
  messages: {
    unused: {
      text: 'The exception for {{rules}} matches no problem.',
      note: 'The deviation it allowed is gone: remove the exception, or it will excuse a future problem nobody reviewed.',
    },
  },
});

export default rule;
