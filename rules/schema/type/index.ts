import { defineRule } from '../../api.js';

/** Reported by the engine's schema pass; this module is its identity, messages and documentation. */
const rule = defineRule({
  meta: {
    id: 'schema/type',
    description: "Require every field to have the type the spec gives it",
    severity: 'error',
    sources: ['spec'],
    stages: ['schema'],
  },
  messages: {
    type: "{{field}} must be {{expected}}, not {{actual}}{{hint}}.",
    int64: { text: '{{field}} must be an integer from -9223372036854775808 to 9223372036854775807, not {{value}}.', note: 'The platform stores it as a Go int64 and refuses a number outside that range.' },
    typeRead: { text: '{{field}} must be {{expected}}, but the platform reads {{source}} as {{reading}}.', note: "The platform's YAML 1.1 decoder reads the unquoted value as a {{goType}}, and the server then refuses it (json: cannot unmarshal {{goType}} into a string field); quote it to write a string." },
    other: "{{field}} is not valid ({{detail}}).",
  },
});

export default rule;
