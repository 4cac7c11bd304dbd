import { defineRule, parseEmail, shown } from '../../api.js';
import { fieldName, filled, filledList } from '../shared.js';

const rule = defineRule({
  meta: {
    id: 'auth/web-identity-a-groups',
    description: 'Require webIdentityA group checks to have the service account and administrator they need',
    severity: 'error',
    sources: ['spec', 'upstream'],
    kinds: ['Config'],
  },
  messages: {
    adminEmailMissing: {
      text: '{{field}} is set but {{provider}} has no adminEmail.',
      note: 'The service account reads group memberships by impersonating an administrator of the directory, and the connector refuses to start without one ("directory service requires the adminEmail"). Add adminEmail: <an administrator\'s address>.',
    },
    adminEmailInvalid: {
      text: '{{field}} is "{{value}}", not a valid e-mail address ({{reason}}).',
      note: 'The service account impersonates this administrator to list groups. Write an address like admin@example.com.',
    },
    groupsUnchecked: {
      text: '{{field}} is set but {{provider}} has no serviceAccountFilePath.',
      note: 'Group memberships can only be read from the directory API with a service account, so the groups restriction is ignored and every user of the allowed domains can log in. Set serviceAccountFilePath and adminEmail, or remove groups.',
      severity: 'warning',
    },
  },
  given: { provider: 'webIdentityA' },
  check(entry, ctx) {
    const provider = fieldName(entry);
    const serviceAccount = filled(entry, 'serviceAccountFilePath');
    const adminEmail = filled(entry, 'adminEmail');
    if (serviceAccount !== undefined && adminEmail === undefined) {
      ctx.report({
        messageId: 'adminEmailMissing',
        path: [...entry.path, 'serviceAccountFilePath'],
        at: 'key',
        data: { field: fieldName(entry, 'serviceAccountFilePath'), provider },
      });
    }
    if (adminEmail !== undefined) {
      const parsed = parseEmail(adminEmail);
      if (!parsed.ok) {
        ctx.report({
          messageId: 'adminEmailInvalid',
          path: [...entry.path, 'adminEmail'],
          data: { field: fieldName(entry, 'adminEmail'), value: shown(adminEmail), reason: parsed.reason },
        });
      }
    }
    if (filledList(entry, 'groups') && serviceAccount === undefined) {
      ctx.report({ messageId: 'groupsUnchecked', path: [...entry.path, 'groups'], at: 'key', data: { field: fieldName(entry, 'groups'), provider } });
    }
  },
});

export default rule;
