import { type DataPath, defineRule, displayPath, eachProvider, getIn, listAt } from '../../api.js';
import { hasInlineUrlPassword, isInlineSecret } from '../shared.js';

const EXPOSED = 'Anyone who can read this manifest, its Git history or the Config resource can read it';

const rule = defineRule({
  meta: {
    id: 'security/plaintext-secret',
    description: 'Disallow secrets written inline instead of as environment references',
    severity: 'warning',
    sources: ['security'],
    kinds: ['Config'],
  },
  messages: {
    clientSecret: {
      text: '{{field}} holds the client secret inline.',
      note: `${EXPOSED} and sign in to the identity provider as the platform. Write an environment reference such as $CLIENT_SECRET, set that variable in the platform's deployment, and rotate the secret if it was ever committed.`,
    },
    oidcClientSecret: {
      text: '{{field}} holds the OIDC client\'s secret inline.',
      note: `${EXPOSED} and obtain tokens as that client. Configure the client through the OIDC client UI or a secret instead (status.oidc is deprecated), or write an environment reference such as $CLIENT_SECRET; rotate the secret if it was ever committed.`,
    },
    vaultToken: {
      text: '{{field}} holds the vault token inline.',
      note: `${EXPOSED} and use the platform's access to the vault. Remove token and reference a Kubernetes secret with auth.tokenSecretRef (name and key) instead; rotate the token if it was ever committed.`,
    },
    repositoryPassword: {
      text: '{{field}} holds the chart repository password inline.',
      note: `${EXPOSED}. Write an environment reference such as $CHART_REPO_PASSWORD instead, and rotate the password if it was ever committed.`,
    },
    dataSourcePassword: {
      text: '{{field}} carries a password inside the connection string.',
      note: `${EXPOSED} and connect to the platform's database. Put an environment reference such as $DB_PASSWORD in its place, or authenticate without a password (certFile and keyFile, or identityProvider); rotate the password if it was ever committed.`,
    },
    dataStoreEndpointPassword: {
      text: '{{field}} carries a password inside the URL.',
      note: `${EXPOSED} and read or alter the audit events. Put an environment reference such as $AUDIT_DB_PASSWORD in its place, and rotate the password if it was ever committed.`,
    },
  },
  check(doc, ctx) {
    // Only the field is named: the value is the secret (RULES.md "Secrets").
    const secret = (messageId: keyof typeof rule.messages, path: DataPath): void => {
      if (isInlineSecret(getIn(doc.data, path))) ctx.report({ messageId, path, data: { field: displayPath(path) } });
    };
    const urlSecret = (messageId: keyof typeof rule.messages, path: DataPath): void => {
      const value = getIn(doc.data, path);
      if (typeof value === 'string' && hasInlineUrlPassword(value)) {
        ctx.report({ messageId, path, data: { field: displayPath(path) } });
      }
    };
    for (const entry of eachProvider(doc.data)) secret('clientSecret', [...entry.path, 'clientSecret']);
    for (const { path } of listAt(doc.data, ['status', 'oidc', 'clients'])) secret('oidcClientSecret', [...path, 'clientSecret']);
    secret('vaultToken', ['status', 'vault', 'auth', 'token']);
    for (const { path } of listAt(doc.data, ['status', 'apps', 'repositories'])) secret('repositoryPassword', [...path, 'password']);
    urlSecret('dataSourcePassword', ['status', 'database', 'dataSource']);
    urlSecret('dataStoreEndpointPassword', ['status', 'audit', 'dataStoreEndpoint']);
  },
});

export default rule;
