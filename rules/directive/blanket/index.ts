import { defineRule } from '../../api.js';

/** Reported by the engine after applying inline directives; this module is its identity, messages and documentation. */
const rule = defineRule({
  meta: {
    id: 'directive/blanket',
    description: 'Disallow inline disable directives that name no rule',
    severity: 'off',
    sources: ['spec'],
    stages: ['directives'],
  },
  messages: {
    everyRule: {
      text: '# {{directive}} names no rule, so it turns every rule off {{where}}.',
      note: 'Name the rules it is about, e.g. # {{directive}} schema/type: one without ids also hides every other problem found there, now and later.',
    },
  },
});

export default rule;
