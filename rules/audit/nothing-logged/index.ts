import { type DataPath, defineRule, displayPath, getIn, isRecord } from '../../api.js';
import { AUDIT, POLICY_RULES, auditLevel, policyRules } from '../shared.js';

const rule = defineRule({
  meta: {
    id: 'audit/nothing-logged',
    description: 'Warn when audit logging is enabled but neither a level nor a policy rule logs anything',
    severity: 'warning',
    sources: ['spec'],
    kinds: ['Config'],
  },
  messages: {
    noLevelNoRules: {
      text: '{{field}} is true but neither {{audit}}.level nor {{audit}}.policy.rules is set.',
      note: 'The default policy logs nothing, so no request is audited. Set level (1 to 4), or add policy rules, e.g. a final rule "- level: Metadata".',
    },
    allNone: {
      text: '{{field}} is true but every rule of {{audit}}.policy.rules has level None and no level is set.',
      note: 'No request is audited. Give the requests you want to keep a level such as Metadata, e.g. a final rule "- level: Metadata".',
    },
  },
  given: { path: AUDIT, type: 'mapping' },
  check(audit, ctx, { doc }) {
    if (audit['enabled'] !== true) return;
    const rawLevel = audit['level'];
    const level = auditLevel(audit);
    // A level of the wrong type is schema/type's business: do not pile on.
    if (rawLevel !== undefined && rawLevel !== null && level === undefined) return;
    // A level (even one outside 1..4, which audit/level-or-policy reports) means the platform's preset policy applies.
    if (level !== undefined && level !== 0) return;
    const enabledPath: DataPath = [...AUDIT, 'enabled'];
    const data = { field: displayPath(enabledPath), audit: displayPath(AUDIT) };
    const policy = audit['policy'];
    if (policy !== undefined && policy !== null && !isRecord(policy)) return;
    const rawRules = getIn(doc.data, POLICY_RULES);
    if (rawRules !== undefined && rawRules !== null && !Array.isArray(rawRules)) return;
    const rules = policyRules(doc.data);
    if (!Array.isArray(rawRules) || rawRules.length === 0) {
      ctx.report({ messageId: 'noLevelNoRules', path: enabledPath, data });
    } else if (rules.length === rawRules.length && rules.every(({ rule: r }) => r['level'] === 'None')) {
      ctx.report({ messageId: 'allNone', path: enabledPath, data });
    }
  },
});

export default rule;
