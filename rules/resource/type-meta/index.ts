import { defineRule } from '../../api.js';

/** Reported by the engine's document extraction; this module is its identity, messages and documentation. */
const rule = defineRule({
  meta: {
    id: 'resource/type-meta',
    description: "Require apiVersion and kind as strings",
    severity: 'error',
    sources: ['spec'],
    stages: ['extract'],
  },
  messages: {
    missing: {
      text: '{{field}} is missing.',
      note: 'Every object needs apiVersion and kind (apiVersion: management.platform/v1, kind: User or Config).',
    },
    notString: "{{field}} must be a string, not {{type}}.",
  },
});

export default rule;
