import { defineRule, isBlank } from '../../api.js';

const rule = defineRule({
  meta: {
    id: 'user/owner',
    description: 'Warn about a spec.owner that names neither a user nor a team',
    severity: 'warning',
    sources: ['spec'],
    kinds: ['User'],
  },
  messages: {
    noOwner: {
      text: 'spec.owner names neither a user nor a team, so the object has no owner.',
      note: 'Set owner.user (a platform user) or owner.team (a platform team), or remove spec.owner.',
    },
  },
  given: { path: ['spec', 'owner'], type: 'mapping' },
  check(owner, ctx, { path }) {
    if (!isBlank(owner.user) || !isBlank(owner.team)) return;
    ctx.report({ messageId: 'noOwner', path, at: 'key' });
  },
});

export default rule;
