import { defineRule } from '../../api.js';

/** Reported by the CLI after a run with a baseline; this module is its identity, messages and documentation. */
const rule = defineRule({
  meta: {
    id: 'baseline/unused',
    description: 'Warn on baseline entries that match no problem',
    severity: 'warning',
    sources: ['spec'],
    stages: ['suppressions'],
  },
  messages: {
    unused: {
      text: 'The baseline entry for {{rule}} at "{{path}}" of {{object}} in {{file}} matches no problem.',
      note: 'Its problem is no longer reported (fixed, or turned off by a directive): run `platlint baseline --prune` to remove the entry, or it hides the next problem of its kind there.',
    },
    takenOver: {
      text: 'The baseline entry for {{rule}} at "{{path}}" of {{object}} in {{file}} is taken over by the exception at {{exception}}.',
      note: 'The exception suppresses that problem now (an exception wins over the baseline): run `platlint baseline --prune` to remove the entry.',
    },
  },
});

export default rule;
