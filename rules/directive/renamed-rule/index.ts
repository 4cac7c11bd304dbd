import { defineRule } from '../../api.js';

/** Reported by the engine after applying inline directives; this module is its identity, messages and documentation. */
const rule = defineRule({
  meta: {
    id: 'directive/renamed-rule',
    description: 'Warn on inline directives that name a rule by its former id',
    severity: 'info',
    sources: ['spec'],
    stages: ['directives'],
  },
  messages: {
    withId: {
      text: '# {{directive}} names {{current}} as "{{id}}", by its former id.',
      note: 'The former id still works but is deprecated: write the current id.',
    },
    // A rule split into one rule per check, or a glob over several renamed rules.
    withIds: {
      text: '# {{directive}} names {{current}} as "{{id}}", by a former id.',
      note: 'The former id still works but is deprecated: write the current ids, or only those of the checks meant.',
    },
  },
});

export default rule;
