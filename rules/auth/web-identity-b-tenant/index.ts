import { defineRule, shown } from '../../api.js';
import { fieldName, webIdentityBTenant } from '../shared.js';

const rule = defineRule({
  meta: {
    id: 'auth/web-identity-b-tenant',
    description: 'Require the webIdentityB tenant to be a keyword, a tenant UUID or a tenant name',
    severity: 'error',
    sources: ['spec', 'upstream'],
    kinds: ['Config'],
  },
  messages: {
    tenantInvalid: {
      text: '{{field}} is "{{value}}", not a tenant the provider accepts.',
      note: 'The value: {{hint}}. The tenant decides which accounts may log in: write common, consumers, organizations, a tenant UUID or a tenant name such as contoso.onmicrosoft.com.',
    },
  },
  given: { provider: 'webIdentityB' },
  check(entry, ctx) {
    const { written, tenant } = webIdentityBTenant(entry);
    if (tenant.kind !== 'invalid') return;
    ctx.report({ messageId: 'tenantInvalid', path: [...entry.path, 'tenant'], data: { field: fieldName(entry, 'tenant'), value: shown(written ?? ''), hint: tenant.hint } });
  },
});

export default rule;
