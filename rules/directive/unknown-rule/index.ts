import { defineRule } from '../../api.js';

/** Reported by the engine after applying inline directives; this module is its identity, messages and documentation. */
const rule = defineRule({
  meta: {
    id: 'directive/unknown-rule',
    description: 'Disallow inline directives that name rules that do not exist',
    severity: 'warning',
    sources: ['spec'],
    stages: ['directives'],
  },
  messages: {
    withId: {
      text: '# {{directive}} names "{{id}}", which is no rule and matches none.',
      note: 'Check the id with platlint rules.',
    },
    all: '# {{directive}} names no rule.',
  },
});

export default rule;
