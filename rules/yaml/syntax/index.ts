import type { Rule } from '../../../src/engine/types.js';

/** Reported by the engine's parser; this module is its identity, messages and documentation. */
const rule: Rule = {
  meta: {
    id: 'yaml/syntax',
    description: "Disallow YAML syntax errors",
    severity: 'error',
    category: 'yaml',
    sources: ['spec'],
    reportedByEngine: true,
    messages: {
      syntax: "YAML syntax error: {{detail}}.",
      directive: { text: 'The platform cannot read the directive {{directive}}: {{reason}}.', note: 'The platform reads YAML 1.1 without any directive; remove it (and any tag handle it declares).' },
      tab: {
        text: 'YAML syntax error: a TAB {{place}}.',
        note: "The platform's YAML parser (go-yaml v2) refuses a TAB there (\"{{goError}}\") and rejects the whole file; use spaces.",
      },
      unclosedFlow: {
        text: 'YAML syntax error: the {{open}} here is never closed.',
        note: 'Close it with {{close}} before the next key, or continue it on lines indented more than its key.',
      },
      unclosedQuote: {
        text: 'YAML syntax error: the string quoted with {{quote}} here is never closed.',
        note: 'Without its closing {{quote}}, the string runs on to the end of the file and swallows everything after it. Close it on the same line.',
      },
    },
  },
};

export default rule;
