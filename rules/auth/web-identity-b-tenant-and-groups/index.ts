import { defineRule, isDomainName, isUUID, shown } from '../../api.js';
import { fieldName, isTrue, nonEmptyList, str } from '../shared.js';

/** The tenant keywords of the connector, compared case-sensitively (anything else is taken as one tenant). */
const KEYWORDS: readonly string[] = ['common', 'consumers', 'organizations'];

type Tenant = { kind: 'keyword'; value: string } | { kind: 'tenant' } | { kind: 'invalid'; hint: string };

function classify(tenant: string): Tenant {
  if (KEYWORDS.includes(tenant)) return { kind: 'keyword', value: tenant };
  if (isUUID(tenant)) return { kind: 'tenant' };
  if (tenant.includes('.') && isDomainName(tenant).length === 0) return { kind: 'tenant' };
  const keyword = KEYWORDS.find((k) => k === tenant.trim().toLowerCase());
  if (keyword) return { kind: 'invalid', hint: `the keywords are matched exactly and in lower case: did you mean "${keyword}"?` };
  if (/^[0-9a-f-]+$/i.test(tenant) && tenant.includes('-')) {
    return { kind: 'invalid', hint: 'a tenant id is a UUID of the form 8-4-4-4-12 hexadecimal digits' };
  }
  if (!tenant.includes('.') && isDomainName(tenant).length === 0) {
    return { kind: 'invalid', hint: 'a tenant name is the tenant\'s full domain, e.g. contoso.onmicrosoft.com' };
  }
  return { kind: 'invalid', hint: 'it is neither a keyword, a tenant UUID nor a domain name' };
}

const rule = defineRule({
  meta: {
    id: 'auth/web-identity-b-tenant-and-groups',
    description: 'Require a valid webIdentityB tenant and group settings that take effect for it',
    severity: 'error',
    sources: ['spec', 'upstream'],
    kinds: ['Config'],
  },
  messages: {
    tenantInvalid: {
      text: '{{field}} is "{{value}}", not a tenant the provider accepts.',
      note: 'The value: {{hint}}. The tenant decides which accounts may log in: write common, consumers, organizations, a tenant UUID or a tenant name such as contoso.onmicrosoft.com.',
    },
    groupsIgnored: {
      text: '{{field}} has no effect because {{tenantText}}.',
      note: 'Groups are only read for a single tenant (a tenant UUID or name), not for common, consumers or organizations, so {{consequence}}. Set tenant to your tenant, or remove {{key}}.',
      severity: 'warning',
    },
    whitelistWithoutGroups: {
      text: '{{field}} is true but {{provider}} lists no groups.',
      note: 'The groups claim is cut down to the configured groups, so every user ends up with no groups at all. Add groups, or remove useGroupsAsWhitelist.',
      severity: 'warning',
    },
  },
  given: { provider: 'webIdentityB' },
  check(entry, ctx) {
    const provider = fieldName(entry);
    const raw = str(entry, 'tenant');
    const tenantSet = raw !== undefined && raw !== '';
    const tenant = tenantSet ? classify(raw) : ({ kind: 'keyword', value: 'common' } as const);
    if (tenant.kind === 'invalid') {
      ctx.report({ messageId: 'tenantInvalid', path: [...entry.path, 'tenant'], data: { field: fieldName(entry, 'tenant'), value: shown(raw ?? ''), hint: tenant.hint } });
      return;
    }
    const hasGroups = nonEmptyList(entry, 'groups') !== undefined;
    if (tenant.kind === 'keyword') {
      const tenantText = tenantSet ? `tenant is "${tenant.value}"` : 'tenant is not set (it defaults to "common")';
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
      ctx.report({ messageId: 'whitelistWithoutGroups', path: [...entry.path, 'useGroupsAsWhitelist'], at: 'key', data: { field: fieldName(entry, 'useGroupsAsWhitelist'), provider } });
    }
  },
});

export default rule;
