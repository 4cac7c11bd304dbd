import { defineRule } from '../../api.js';

/** Reported by the engine's parser; this module is its identity, messages and documentation. */
const rule = defineRule({
  meta: {
    id: 'yaml/duplicate-key',
    description: "Disallow a mapping key given twice",
    severity: 'error',
    sources: ['upstream'],
    stages: ['read'],
  },
  messages: {
    duplicate: {
      text: 'The key {{key}} is given twice in this mapping; only one value would be kept.',
      note: 'Remove or rename one of them.',
    },
    mergeRepeats: {
      text: 'Two mappings of this `<<` merge list both set {{key}}.',
      note: "The platform's strict decoder (yaml.v2 UnmarshalStrict, kubectl --validate=strict) refuses a key set twice in a mapping, merged keys included. Remove {{key}} from all but one of them.",
    },
  },
});

export default rule;
