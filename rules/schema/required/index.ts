import { defineRule } from '../../api.js';

/** Reported by the engine's schema pass; this module is its identity, messages and documentation. */
const rule = defineRule({
  meta: {
    id: 'schema/required',
    description: "Require the fields the spec marks as required",
    severity: 'error',
    sources: ['spec', 'upstream'],
    supersedes: ['schema/enum'],
    stages: ['schema'],
  },
  messages: {
    missing: "{{parent}} is missing the required field \"{{missing}}\".",
    nullRequired: "{{field}} is required but set to null.",
    emptyString: {
      text: '{{field}} is required but empty.',
      note: 'The platform reads an empty string like a missing value (an unfilled template?): fill it in.',
    },
  },
});

export default rule;
