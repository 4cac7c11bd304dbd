import { defineRule } from '../../api.js';
import { fieldName, filled, isTrue, filledList } from '../shared.js';

const rule = defineRule({
  meta: {
    id: 'auth/saml-groups',
    description: 'Warn about SAML group settings that have no effect or deny every login',
    severity: 'warning',
    sources: ['spec', 'upstream'],
    kinds: ['Config'],
  },
  messages: {
    allowedGroupsWithoutAttr: {
      text: '{{field}} is set but {{provider}} has no groupsAttr.',
      note: 'Without the attribute the connector cannot read any group from the assertion, so it rejects every login ("user not a member of allowed groups"). Set groupsAttr to the assertion attribute that holds the groups.',
    },
    filterGroupsWithoutAllowed: {
      text: '{{field}} is true but {{provider}} has no allowedGroups.',
      note: 'filterGroups only keeps the allowed groups, so without allowedGroups it does nothing. Add allowedGroups or remove filterGroups.',
    },
    delimWithoutAttr: {
      text: '{{field}} is set but {{provider}} has no groupsAttr.',
      note: 'The delimiter splits the groups attribute, and without groupsAttr no groups are read at all. Set groupsAttr or remove groupsDelim.',
    },
  },
  given: { provider: 'saml' },
  check(entry, ctx) {
    const hasAttr = filled(entry, 'groupsAttr') !== undefined;
    const hasAllowed = filledList(entry, 'allowedGroups') !== undefined;
    const data = (key: string) => ({ field: fieldName(entry, key), provider: fieldName(entry) });
    if (hasAllowed && !hasAttr) {
      ctx.report({ messageId: 'allowedGroupsWithoutAttr', path: [...entry.path, 'allowedGroups'], at: 'key', data: data('allowedGroups') });
    }
    if (isTrue(entry, 'filterGroups') && !hasAllowed) {
      ctx.report({ messageId: 'filterGroupsWithoutAllowed', path: [...entry.path, 'filterGroups'], at: 'key', data: data('filterGroups') });
    }
    if (filled(entry, 'groupsDelim') !== undefined && !hasAttr) {
      ctx.report({ messageId: 'delimWithoutAttr', path: [...entry.path, 'groupsDelim'], at: 'key', data: data('groupsDelim') });
    }
  },
});

export default rule;
