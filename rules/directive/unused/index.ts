import { defineRule } from '../../api.js';

/** Reported by the engine after applying inline directives; this module is its identity, messages and documentation. */
const rule = defineRule({
  meta: {
    id: 'directive/unused',
    description: 'Warn on inline disable directives that suppress nothing',
    severity: 'warning',
    sources: ['spec'],
    stages: ['directives'],
    fixable: true,
  },
  messages: {
    withId: {
      text: '# {{directive}} {{id}} suppresses nothing here.',
      note: 'Remove it, or it will hide a future problem unnoticed.',
    },
    all: {
      text: '# {{directive}} suppresses nothing here.',
      note: 'Remove it, or it will hide a future problem unnoticed.',
    },
  },
});

export default rule;
