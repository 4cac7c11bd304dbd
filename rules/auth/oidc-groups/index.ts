import { defineRule } from '../../api.js';
import { fieldName, filled, filledList } from '../shared.js';

const rule = defineRule({
  meta: {
    id: 'auth/oidc-groups',
    description: 'Warn when an OIDC provider requires groups but names no groupsClaim to read them from',
    severity: 'warning',
    sources: ['upstream'],
    kinds: ['Config'],
  },
  messages: {
    noGroupsClaim: {
      text: '{{field}} lists required groups, but {{provider}} has no groupsClaim.',
      note: 'The platform fills a user\'s groups only from the ID-token claim named by groupsClaim, so no user is in any listed group and every login is denied. Set groupsClaim (usually "groups") or remove groups.',
    },
  },
  given: { provider: 'oidc' },
  check(entry, ctx) {
    if (!filledList(entry, 'groups') || filled(entry, 'groupsClaim')) return;
    ctx.report({
      messageId: 'noGroupsClaim',
      path: [...entry.path, 'groups'],
      at: 'key',
      data: { field: fieldName(entry, 'groups'), provider: fieldName(entry) },
    });
  },
});

export default rule;
