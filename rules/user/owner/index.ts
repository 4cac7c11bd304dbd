import { defineRule, recordAt } from '../../api.js';

function named(value: unknown): boolean {
  return typeof value === 'string' ? value !== '' : value !== undefined && value !== null;
}

const rule = defineRule({
  meta: {
    id: 'user/owner',
    description: 'Warn about a spec.owner that names neither a user nor a team',
    severity: 'warning',
    sources: ['spec'],
    sections: ['spec.owner'],
    kinds: ['User'],
  },
  messages: {
    noOwner: {
      text: 'spec.owner names neither a user nor a team, so the object has no owner.',
      note: 'Set owner.user (a platform user) or owner.team (a platform team), or remove spec.owner.',
    },
  },
  check(doc, ctx) {
    const owner = recordAt(doc.data, ['spec', 'owner']);
    if (!owner || named(owner.user) || named(owner.team)) return;
    ctx.report({ messageId: 'noOwner', path: ['spec', 'owner'], at: 'key' });
  },
});

export default rule;
