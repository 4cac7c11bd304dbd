import { defineRule } from '../../api.js';

/** Reported by the engine's schema pass; this module is its identity, messages and documentation. */
const rule = defineRule({
  meta: {
    id: 'schema/enum',
    description: "Require enumerated fields to hold one of their values",
    severity: 'error',
    sources: ['spec', 'upstream'],
    fixable: true,
    stages: ['schema'],
  },
  messages: {
    enum: "{{field}} is \"{{value}}\"; expected one of: {{allowed}}.",
    enumCase: { text: '{{field}} is "{{value}}"; did you mean "{{suggestion}}"?', note: 'Values are case-sensitive.' },
  },
});

export default rule;
