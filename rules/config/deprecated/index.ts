import { type DataPath, defineRule, displayPath, getIn, isDomainName } from '../../api.js';

const OIDC: DataPath = ['status', 'oidc'];
const DEV_POD_SUB_DOMAIN: DataPath = ['status', 'devPodSubDomain'];

/**
 * `*.<label>.<domain>`: a wildcard, then a subdomain label (the spec's "workspace") and the domain, together a valid
 * domain name with at least two labels (`*.workspace.example.com`, `*.workspaces.example.org`).
 */
function devPodSubDomainProblem(value: string): string | undefined {
  if (!value.startsWith('*.')) return 'it does not start with "*."';
  const rest = value.slice(2);
  const problems = isDomainName(rest);
  if (problems.length > 0) return `"${rest}" is not a domain name: ${problems.join('; ')}`;
  if (!rest.includes('.')) return `"${rest}" has a single label; the form is *.workspace.<your domain>`;
  return undefined;
}

const rule = defineRule({
  meta: {
    id: 'config/deprecated',
    description: 'Warn on the deprecated Config fields status.oidc and status.devPodSubDomain',
    severity: 'warning',
    sources: ['spec'],
    sections: ['status.oidc', 'status.devPodSubDomain'],
    kinds: ['Config'],
  },
  messages: {
    oidc: {
      text: '{{field}} is deprecated.',
      note: "OIDC clients of the platform's own OIDC provider are now configured through the OIDC client UI or a secret. Move the clients there and remove {{field}}.",
    },
    devPodSubDomain: {
      text: '{{field}} is deprecated (spec, Versioning) and may stop being read by a future platform version.',
      note: 'Remove it when you no longer need it.',
    },
    devPodSubDomainForm: {
      text: '{{field}} is "{{value}}", not of the form *.workspace.<domain>.',
      note: '{{reason}}. Write a wildcard subdomain such as "*.workspace.example.com".',
      severity: 'error',
    },
  },
  check(doc, ctx) {
    const oidc = getIn(doc.data, OIDC);
    // null means the same as leaving it out.
    if (oidc !== undefined && oidc !== null) {
      ctx.report({ messageId: 'oidc', path: OIDC, at: 'key', data: { field: displayPath(OIDC) } });
    }

    const sub = getIn(doc.data, DEV_POD_SUB_DOMAIN);
    if (sub === undefined || sub === null) return;
    const field = displayPath(DEV_POD_SUB_DOMAIN);
    ctx.report({ messageId: 'devPodSubDomain', path: DEV_POD_SUB_DOMAIN, at: 'key', data: { field } });
    if (typeof sub !== 'string' || sub === '') return;
    const reason = devPodSubDomainProblem(sub);
    if (reason) ctx.report({ messageId: 'devPodSubDomainForm', path: DEV_POD_SUB_DOMAIN, data: { field, value: sub, reason } });
  },
});

export default rule;
