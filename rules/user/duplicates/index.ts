import { defineRule, listAt, shown } from '../../api.js';

const LISTS = {
  groups: 'the user is in a group once, however often it is listed',
  ssoGroups: 'single sign-on remembers each group once',
} as const;

const rule = defineRule({
  meta: {
    id: 'user/duplicates',
    description: 'Disallow duplicate entries in a user\'s groups and ssoGroups',
    severity: 'warning',
    sources: ['spec'],
    kinds: ['User'],
    fixable: true,
  },
  messages: {
    duplicate: {
      text: 'Group "{{value}}" is listed twice in spec.{{field}} (first at {{field}}[{{first}}]): {{why}}.',
      note: 'Remove the duplicate.',
    },
  },
  check(doc, ctx) {
    for (const [field, why] of Object.entries(LISTS)) {
      const firstIndex = new Map<string, number>();
      for (const [i, { value, path }] of listAt(doc.data, ['spec', field]).entries()) {
        if (typeof value !== 'string') continue;
        const first = firstIndex.get(value);
        if (first === undefined) {
          firstIndex.set(value, i);
          continue;
        }
        ctx.report({ messageId: 'duplicate', path, data: { value: shown(value), field, first, why }, fix: { op: 'remove', path } });
      }
    }
  },
});

export default rule;
