import { defineRule } from '../../api.js';

/** Reported by the engine after applying inline directives; this module is its identity, messages and documentation. */
const rule = defineRule({
  meta: {
    id: 'directive/unused',
    description: 'Warn on inline directives that suppress nothing or re-enable nothing',
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
    enableWithId: {
      text: '# {{directive}} {{id}} re-enables nothing here.',
      note: 'No # platlint-disable above it turned that rule off, or an enable before it already turned it back on. Remove it.',
    },
    enableAll: {
      text: '# {{directive}} re-enables nothing here.',
      note: 'No # platlint-disable above it left a rule off here. Remove it.',
    },
  },
});

export default rule;
