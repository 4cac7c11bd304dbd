import type { Rule } from '../../../src/engine/types.js';

/** Reported by the engine's schema pass; this module is its identity, messages and documentation. */
const rule: Rule = {
  meta: {
    id: 'yaml/ambiguous-scalar',
    description: "Warn on unquoted scalars that YAML 1.1 reads differently from YAML 1.2",
    severity: 'warning',
    category: 'yaml',
    sources: ['upstream'],
    reportedByEngine: true,
    messages: {
      ambiguous: {
        text: '{{field}} is written {{source}} without quotes.',
        note:
          'The platform\'s YAML 1.1 decoder reads it as {{yaml11}}, while YAML 1.2 tools read {{yaml12}}. Quote ' +
          'it: "{{source}}".',
      },
    },
  },
};

export default rule;
