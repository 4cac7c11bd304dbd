import { defineRule } from '../../api.js';

/** Reported by the CLI after a run with a baseline; this module is its identity, messages and documentation. */
const rule = defineRule({
  meta: {
    id: 'baseline/unused',
    description: 'Warn on baseline entries that match no problem',
    severity: 'warning',
    sources: ['spec'],
    stages: ['suppressions'],
  },
  messages: {
    unused: {
      text: 'The baseline entry for {{rule}} at "{{path}}" of {{object}} in {{file}} matches no problem.',
      note: 'The problem was fixed: run `platlint baseline --prune` to remove the entry, or it hides the next problem of its kind there.',
    },
  },
});

export default rule;
