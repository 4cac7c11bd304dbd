import { type DataPath, defineRule, displayPath } from '../../api.js';
import { AUDIT } from '../shared.js';

const rule = defineRule({
  meta: {
    id: 'audit/path',
    description: 'Require a log directory path when audit logging is enabled',
    severity: 'error',
    sources: ['spec'],
    supersedes: ['schema/empty-value'],
    kinds: ['Config'],
  },
  messages: {
    missing: {
      text: '{{audit}}.enabled is true but {{audit}}.path is not set.',
      note: 'The spec requires the directory of the audit log files (backups are kept beside them) when audit is enabled. Add path, e.g. path: /var/log/platform/audit.',
    },
    empty: {
      text: '{{field}} is empty but {{audit}}.enabled is true.',
      note: 'The spec requires the directory of the audit log files when audit is enabled. Write a directory such as /var/log/platform/audit.',
    },
  },
  given: { path: AUDIT, type: 'mapping' },
  check(audit, ctx) {
    if (audit['enabled'] !== true) return;
    const path = audit['path'];
    const pathPath: DataPath = [...AUDIT, 'path'];
    if (path === undefined || path === null) {
      // Report at the `audit` key: the missing field's parent (an explicit `path:` with no value is reported there too,
      // by schema/empty-value; this rule says why it matters).
      ctx.report({ messageId: 'missing', path: path === null ? pathPath : AUDIT, at: 'key', data: { audit: displayPath(AUDIT) } });
    } else if (typeof path === 'string' && path.trim() === '') {
      ctx.report({ messageId: 'empty', path: pathPath, data: { field: displayPath(pathPath), audit: displayPath(AUDIT) } });
    }
  },
});

export default rule;
