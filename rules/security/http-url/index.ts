import { type DataPath, defineRule, displayPath, eachProvider, getIn, listAt } from '../../api.js';
import { isPlainHttpUrl } from '../shared.js';

const USE_HTTPS = 'Use https:// (plain http:// is accepted only for localhost, 127.0.0.1 and [::1]).';

const rule = defineRule({
  meta: {
    id: 'security/http-url',
    description: 'Disallow plain http URLs for identity providers, login callbacks, the vault and chart repositories',
    severity: 'warning',
    sources: ['security'],
    kinds: ['Config'],
  },
  messages: {
    issuer: {
      text: '{{field}} uses http://.',
      note: `The platform fetches the provider's discovery document and the keys that sign ID tokens over an unencrypted connection, where anyone on the network path can swap them and forge logins. ${USE_HTTPS}`,
    },
    redirect: {
      text: '{{field}} uses http://.',
      note: `The identity provider sends users' browsers back to it with authorization codes or assertions in clear text, where anyone on the network path can take them and sign in as the user. ${USE_HTTPS}`,
    },
    postLogoutRedirect: {
      text: '{{field}} uses http://.',
      note: `Users leave the platform for an unencrypted page, where anyone on the network path can alter what they see next. ${USE_HTTPS}`,
    },
    ssoURL: {
      text: '{{field}} uses http://.',
      note: `The SAML sign-in page, where users type their credentials, is reached over an unencrypted connection. ${USE_HTTPS}`,
    },
    baseURL: {
      text: '{{field}} uses http://.',
      note: `The platform exchanges the client secret, authorization codes and users' access tokens with the forge in clear text. ${USE_HTTPS}`,
    },
    vault: {
      text: '{{field}} uses http://: the vault token and every secret the platform syncs travel in clear text.',
      note: USE_HTTPS,
    },
    repository: {
      text: '{{field}} uses http://.',
      note: `Charts (which then run in your clusters) can be altered in transit, and the repository credentials travel in clear text. ${USE_HTTPS}`,
    },
    clientRedirect: {
      text: '{{field}} uses http://.',
      note: `The platform's OIDC provider sends this client's authorization codes to it in clear text, where anyone on the network path can take them and obtain the user's tokens. ${USE_HTTPS}`,
    },
  },
  check(doc, ctx) {
    const check = (messageId: keyof typeof rule.messages, path: DataPath): void => {
      if (isPlainHttpUrl(getIn(doc.data, path))) ctx.report({ messageId, path, data: { field: displayPath(path) } });
    };
    for (const entry of eachProvider(doc.data)) {
      if (entry.type === 'oidc') check('issuer', [...entry.path, 'issuerUrl']);
      check('redirect', [...entry.path, 'redirectURI']);
      if (entry.type === 'oidc') check('postLogoutRedirect', [...entry.path, 'postLogoutRedirectURI']);
      if (entry.type === 'saml') check('ssoURL', [...entry.path, 'ssoURL']);
      if (entry.type === 'gitForgeB') check('baseURL', [...entry.path, 'baseURL']);
    }
    check('vault', ['status', 'vault', 'address']);
    for (const { path } of listAt(doc.data, ['status', 'apps', 'repositories'])) check('repository', [...path, 'url']);
    for (const client of listAt(doc.data, ['status', 'oidc', 'clients'])) {
      for (const { path } of listAt(doc.data, [...client.path, 'redirectURIs'])) check('clientRedirect', path);
    }
  },
});

export default rule;
