import type { Rule } from '../../../src/engine/types.js';

/** Reported by the engine's schema pass; this module is its identity, messages and documentation. */
const rule: Rule = {
  meta: {
    id: 'schema/type',
    description: "Require every field to have the type the spec gives it",
    severity: 'error',
    category: 'schema',
    sources: ['spec'],
    reportedByEngine: true,
    messages: {
      type: "{{field}} must be {{expected}}, not {{actual}}{{hint}}.",
      other: "{{field}} is not valid ({{detail}}).",
    },
  },
};

export default rule;
