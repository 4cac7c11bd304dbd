import { checkGoRegex, defineRule, displayPath, listAt, shown } from '../../api.js';

const rule = defineRule({
  meta: {
    id: 'auth/groups-filters',
    description: "Require every groupsFilters entry to be a regular expression in Go's RE2 syntax",
    severity: 'error',
    sources: ['spec', 'upstream'],
    sections: ['status.auth'],
    kinds: ['Config'],
  },
  messages: {
    invalid: {
      text: '{{field}} is "{{value}}", which Go\'s regexp package cannot compile.',
      note: 'The compiler says: {{error}}. The platform matches single sign-on groups against these expressions (RE2 syntax: no lookarounds, no backreferences). Fix the expression, e.g. ^platform-.*$.',
    },
  },
  check(doc, ctx) {
    for (const { value, path } of listAt(doc.data, ['status', 'auth', 'groupsFilters'])) {
      if (typeof value !== 'string') continue;
      const error = checkGoRegex(value);
      if (error === null) continue;
      ctx.report({ messageId: 'invalid', path, data: { field: displayPath(path), value: shown(value), error } });
    }
  },
});

export default rule;
