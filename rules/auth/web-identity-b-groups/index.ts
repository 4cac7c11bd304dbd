import { defineRule } from '../../api.js';
import { fieldName, isTrue, filledList, webIdentityBTenant } from '../shared.js';

const rule = defineRule({
  meta: {
    id: 'auth/web-identity-b-groups',
    description: 'Require webIdentityB group settings to take effect for its tenant',
    severity: 'warning',
    sources: ['upstream'],
    kinds: ['Config'],
  },
  messages: {
    groupsIgnored: {
      text: '{{field}} has no effect because {{tenantText}}.',
      note: 'Groups are only read for a single tenant (a tenant UUID or name), not for common, consumers or organizations, so {{consequence}}. Set tenant to your tenant, or remove {{key}}.',
    },
    whitelistWithoutGroups: {
      text: '{{field}} is true but {{provider}} lists no groups.',
      note: 'The groups claim is cut down to the configured groups, so every user ends up with no groups at all. Add groups, or remove useGroupsAsWhitelist.',
    },
  },
  given: { provider: 'webIdentityB' },
  check(entry, ctx) {
    const { written, tenant } = webIdentityBTenant(entry);
    // A tenant no provider accepts is auth/web-identity-b-tenant's; what its groups would do is moot until it is fixed.
    if (tenant.kind === 'invalid') return;
    const hasGroups = filledList(entry, 'groups') !== undefined;
    if (tenant.kind === 'keyword') {
      const tenantText = written === undefined ? 'tenant is not set (it defaults to "common")' : `tenant is "${tenant.value}"`;
      const ignored: [string, boolean, string][] = [
        ['groups', hasGroups, 'any account may log in whatever its groups'],
        ['onlySecurityGroups', isTrue(entry, 'onlySecurityGroups'), 'no groups are read to restrict'],
        ['useGroupsAsWhitelist', isTrue(entry, 'useGroupsAsWhitelist'), 'no groups are read to filter'],
      ];
      for (const [key, present, consequence] of ignored) {
        if (!present) continue;
        ctx.report({ messageId: 'groupsIgnored', path: [...entry.path, key], at: 'key', data: { field: fieldName(entry, key), tenantText, consequence, key } });
      }
      return;
    }
    if (isTrue(entry, 'useGroupsAsWhitelist') && !hasGroups) {
      ctx.report({
        messageId: 'whitelistWithoutGroups',
        path: [...entry.path, 'useGroupsAsWhitelist'],
        at: 'key',
        data: { field: fieldName(entry, 'useGroupsAsWhitelist'), provider: fieldName(entry) },
      });
    }
  },
});

export default rule;
