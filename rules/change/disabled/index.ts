import { defineRule } from '../../api.js';
import { versions } from '../helpers.js';

const rule = defineRule({
  meta: {
    id: 'change/disabled',
    description: 'Point out an update that disables a user (spec.disabled turned true)',
    severity: 'info',
    sources: ['spec'],
    kinds: ['User'],
    transition: true,
  },
  messages: {
    disabled: {
      text: 'spec.disabled turns true: the user can no longer log in.',
      note: 'Other resources of the user are unaffected, and other users can still interact with this user.',
    },
  },
  check(doc, ctx) {
    const path = ['spec', 'disabled'];
    const { before, after } = versions(doc, path);
    if (after === true && before !== true) ctx.report({ messageId: 'disabled', path });
  },
});

export default rule;
