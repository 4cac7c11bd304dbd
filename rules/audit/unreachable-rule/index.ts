import { defineRule, displayPath } from '../../api.js';
import { isCatchAll, policyRules, RESTRICTION_FIELDS } from '../shared.js';

const rule = defineRule({
  meta: {
    id: 'audit/unreachable-rule',
    description: 'Warn on audit policy rules that come after a rule matching every request',
    severity: 'warning',
    sources: ['spec'],
    sections: ['status.audit'],
    kinds: ['Config'],
  },
  messages: {
    unreachable: {
      text: '{{field}} never applies.',
      note: '{{catchAll}} (level {{level}}) sets none of {{fields}}, so it matches every request, and the first matching rule wins. Move this rule above {{catchAll}}, or remove it.',
    },
  },
  check(doc, ctx) {
    const rules = policyRules(doc.data);
    const first = rules.find(({ rule: r }) => isCatchAll(r));
    if (!first) return;
    const level = typeof first.rule['level'] === 'string' ? first.rule['level'] : 'not set';
    for (const later of rules) {
      if (later.index <= first.index) continue;
      ctx.report({
        messageId: 'unreachable',
        path: later.path,
        data: { field: displayPath(later.path), catchAll: displayPath(first.path), level, fields: RESTRICTION_FIELDS.join(', ') },
      });
    }
  },
});

export default rule;
