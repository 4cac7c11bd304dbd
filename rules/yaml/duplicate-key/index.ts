import type { Rule } from '../../api.js';

/** Reported by the engine's parser; this module is its identity, messages and documentation. */
const rule: Rule = {
  meta: {
    id: 'yaml/duplicate-key',
    description: "Disallow a mapping key given twice",
    severity: 'error',
    sources: ['upstream'],
    reportedByEngine: true,
    messages: {
      duplicate: {
        text: 'The key {{key}} is given twice in this mapping; only one value would be kept.',
        note:
          'Remove or rename one of them.',
      },
    },
  },
};

export default rule;
