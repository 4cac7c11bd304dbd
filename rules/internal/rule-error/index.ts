import { defineRule } from '../../api.js';

/** Reported by the engine's rule runner; this module is its identity, messages and documentation. */
const rule = defineRule({
  meta: {
    id: 'internal/rule-error',
    description: "Report a rule that failed while checking a document",
    severity: 'error',
    sources: ['spec'],
    stages: ['runner'],
    alwaysOn: true,
  },
  messages: {
    failed: {
      text: 'The rule {{rule}} failed on this document ({{detail}}); the other rules still ran.',
      note: 'Please report this as a platlint bug.',
    },
  },
});

export default rule;
