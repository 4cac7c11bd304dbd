import { defineRule, isDomainName, isLowercaseDomainName, shown } from '../../api.js';
import { fieldName, filledList } from '../shared.js';

const rule = defineRule({
  meta: {
    id: 'auth/web-identity-a-hosted-domains',
    description: 'Require webIdentityA hostedDomains to be domain names in lower case',
    severity: 'error',
    sources: ['upstream'],
    kinds: ['Config'],
  },
  messages: {
    hostedDomainInvalid: {
      text: '{{field}} is "{{value}}", not a domain name.',
      note: 'Only users whose account belongs to a listed domain may log in, so this entry matches nobody. Write the bare domain, e.g. example.com. Validation says: {{reason}}.',
    },
    hostedDomainCase: {
      text: '{{field}} is "{{value}}", not in lower case.',
      note: 'The provider reports the hosted domain of an account in lower case and the platform compares it exactly, so this entry matches nobody. Write "{{lower}}".',
      severity: 'warning',
    },
  },
  given: { provider: 'webIdentityA' },
  check(entry, ctx) {
    filledList(entry, 'hostedDomains')?.forEach((domain, i) => {
      if (typeof domain !== 'string') return;
      const path = [...entry.path, 'hostedDomains', i];
      const data = { field: fieldName(entry, 'hostedDomains', i), value: shown(domain) };
      const problems = isDomainName(domain);
      if (problems.length > 0) {
        ctx.report({ messageId: 'hostedDomainInvalid', path, data: { ...data, reason: problems.join('; ') } });
      } else if (!isLowercaseDomainName(domain)) {
        ctx.report({ messageId: 'hostedDomainCase', path, data: { ...data, lower: domain.toLowerCase() } });
      }
    });
  },
});

export default rule;
