import { defineRule } from '../../api.js';

/** Reported by the engine's schema pass; this module is its identity, messages and documentation. */
const rule = defineRule({
  meta: {
    id: 'schema/unknown-field',
    description: "Disallow fields the spec does not define",
    severity: 'error',
    sources: ['spec'],
    fixable: true,
    stages: ['schema'],
  },
  messages: {
    unknown: {
      text: 'Unknown field "{{name}}" in {{parent}}: the platform drops it silently.',
      note: 'Remove it or check its spelling.',
    },
    unknownDidYouMean: {
      text: 'Unknown field "{{name}}" in {{parent}}; did you mean "{{suggestion}}"?',
      note: 'The platform drops unknown fields silently.',
    },
  },
});

export default rule;
