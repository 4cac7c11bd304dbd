import { defineRule } from '../../api.js';

/** Reported by the engine after applying inline directives; this module is its identity, messages and documentation. */
const rule = defineRule({
  meta: {
    id: 'directive/reason',
    description: 'Require a reason after " -- " on inline disable directives',
    severity: 'off',
    sources: ['spec'],
    stages: ['directives'],
  },
  messages: {
    missing: {
      text: '# {{directive}} gives no reason.',
      note: 'Write why after " -- ", e.g. # platlint-disable-next-line schema/type -- migrated by a script next week: a reviewer, and whoever reads it later, can then judge whether it still holds.',
    },
  },
});

export default rule;
