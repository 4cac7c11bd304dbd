import { type DataPath, defineRule, displayPath, isNonEmptyList, isRecord } from '../../api.js';
import { AUDIT, auditLevel } from '../shared.js';

const rule = defineRule({
  meta: {
    id: 'audit/level-or-policy',
    description: 'Disallow an audit level together with an audit policy, and levels outside 1 to 4',
    severity: 'error',
    sources: ['spec', 'upstream'],
    kinds: ['Config'],
  },
  messages: {
    both: {
      text: '{{field}} is set together with a non-empty {{policy}}.',
      note: 'The spec says the level cannot be used together with a policy (a level is a preconfigured policy). Keep one: remove level to use your own rules, or remove the policy to use the level.',
    },
    outOfRange: {
      text: '{{field}} is {{value}}, not an audit level from 1 to 4.',
      note: 'The platform only defines the audit levels 1 (modifying requests) to 4 (requests with request and response bodies). Write a level from 1 to 4, or use policy rules instead.',
      severity: 'warning',
    },
    zero: {
      text: '{{field}} is 0, which the platform reads as "no level" (the same as leaving it out).',
      note: 'Write a level from 1 to 4, or remove the field.',
      severity: 'warning',
    },
  },
  given: { path: AUDIT, type: 'mapping' },
  check(audit, ctx) {
    const level = auditLevel(audit);
    if (level === undefined) return;
    const levelPath: DataPath = [...AUDIT, 'level'];
    const field = displayPath(levelPath);
    if (level === 0) {
      ctx.report({ messageId: 'zero', path: levelPath, data: { field } });
      return;
    }
    if (level < 1 || level > 4) ctx.report({ messageId: 'outOfRange', path: levelPath, data: { field, value: level } });

    const policy = audit['policy'];
    if (isRecord(policy) && (isNonEmptyList(policy['rules']) || isNonEmptyList(policy['omitStages']))) {
      ctx.report({ messageId: 'both', path: levelPath, at: 'key', data: { field, policy: displayPath([...AUDIT, 'policy']) } });
    }
  },
});

export default rule;
