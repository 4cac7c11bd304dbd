import { type DataPath, defineRule, displayPath, eachProvider, listAt } from '../../api.js';
import { isTrueAt } from '../shared.js';

const rule = defineRule({
  meta: {
    id: 'security/insecure-tls',
    description: 'Disallow switching off certificate and signature validation',
    severity: 'warning',
    sources: ['security'],
    kinds: ['Config'],
  },
  messages: {
    insecureCa: {
      text: '{{field}} is true: the OIDC provider\'s TLS certificate is not validated.',
      note: 'The platform talks to the OIDC provider without validating its TLS certificate, so anyone on the network path can pose as the provider, read the client secret and sign in as any user. Remove insecureCa and, for a private CA, give its certificate in caFile.',
    },
    insecureSkipSignatureValidation: {
      text: '{{field}} is true: signatures of SAML responses are not checked.',
      note: "The platform accepts SAML responses without checking their signature, so anyone can forge a response and sign in as any user, with any groups. Remove it and give the identity provider's signing certificate in ca or caData.",
    },
    skipTLSVerify: {
      text: '{{field}} is true: the vault server\'s TLS certificate is not validated.',
      note: "The platform sends its vault token and syncs secrets without validating the vault server's TLS certificate, so anyone on the network path can pose as the vault and read or replace the secrets. Remove skipTLSVerify and make the vault's certificate trusted by the platform.",
    },
    repositoryInsecure: {
      text: '{{field}} is true: the chart repository\'s TLS certificate is not verified.',
      note: "Charts are downloaded from this repository without TLS verification, so anyone on the network path can serve altered charts (which then run in your clusters) and read the repository credentials. Remove insecure and make the repository's certificate trusted by the platform.",
    },
  },
  check(doc, ctx) {
    const flag = (messageId: keyof typeof rule.messages, path: DataPath): void => {
      if (isTrueAt(doc.data, path)) ctx.report({ messageId, path, data: { field: displayPath(path) } });
    };
    for (const entry of eachProvider(doc.data)) {
      if (entry.type === 'oidc') flag('insecureCa', [...entry.path, 'insecureCa']);
      if (entry.type === 'saml') flag('insecureSkipSignatureValidation', [...entry.path, 'insecureSkipSignatureValidation']);
    }
    flag('skipTLSVerify', ['status', 'vault', 'skipTLSVerify']);
    for (const { path } of listAt(doc.data, ['status', 'apps', 'repositories'])) flag('repositoryInsecure', [...path, 'insecure']);
  },
});

export default rule;
