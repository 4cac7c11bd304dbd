import { absoluteUrlProblem, defineRule, isBlank, isLocalhost, NOT_ABSOLUTE_URL, parseAbsoluteUrl, redactUrlPassword, schemePrefix, shown } from '../../api.js';
import { fieldName } from '../shared.js';

/** An issuer written as its discovery document's URL: the issuer is what comes before. */
const DISCOVERY_DOCUMENT = /^(.+?)\/\.well-known\/openid-configuration\/?$/;

const rule = defineRule({
  meta: {
    id: 'auth/oidc-issuer',
    description: 'Require the OIDC issuerUrl to be an absolute https URL without user info, query or fragment, and the issuer rather than its discovery URL',
    severity: 'error',
    sources: ['upstream'],
    supersedes: ['security/http-url'],
    kinds: ['Config'],
  },
  messages: {
    missing: {
      text: '{{provider}} has no issuerUrl.',
      note: 'The platform discovers the provider\'s endpoints at <issuerUrl>/.well-known/openid-configuration and checks the "iss" claim of every token against it, so this login cannot work. Set issuerUrl to the issuer of your provider, e.g. https://login.example.com.',
    },
    notUrl: {
      text: NOT_ABSOLUTE_URL,
      note: 'Discovery fetches <issuerUrl>/.well-known/openid-configuration. Write the issuer exactly as the provider reports it, e.g. https://login.example.com.',
    },
    notHttps: {
      text: '{{field}} uses the scheme "{{scheme}}", but an OpenID Connect issuer must be an https URL.',
      note: 'Discovery and the keys that sign ID tokens must come over TLS. Write https://{{rest}}.',
    },
    discoveryUrl: {
      text: '{{field}} is the URL of the discovery document, not the issuer; write "{{issuer}}".',
      note: 'The platform appends /.well-known/openid-configuration to issuerUrl to find the discovery document, then requires its "issuer" to equal issuerUrl exactly; with the document\'s own URL here, discovery fetches a URL that does not exist (or an issuer that does not match), and nobody can log in.',
    },
    userInfo: {
      text: '{{field}} contains user info ("user@" or "user:password@") before the host.',
      note: 'An issuer identifier has none, so the "iss" claim of the tokens never matches it. Remove the user info and keep the credentials in clientId and clientSecret.',
    },
    query: {
      text: '{{field}} has a query ("?...").',
      note: 'An OpenID Connect issuer has no query component, and the discovery URL is built by appending /.well-known/openid-configuration to the issuer. Remove the query.',
    },
    fragment: {
      text: '{{field}} has a fragment ("#...").',
      note: 'An OpenID Connect issuer has no fragment component, and the "iss" claim of the tokens never matches it. Remove the fragment.',
    },
  },
  given: { provider: 'oidc' },
  check(entry, ctx) {
    const value = entry.config['issuerUrl'];
    if (isBlank(value)) {
      // Absent, `issuerUrl:` / null (the same as absent to the platform's decoder), or "": no issuer either way.
      const at = value === undefined ? { path: entry.path, at: 'key' as const } : { path: [...entry.path, 'issuerUrl'], at: value === null ? ('key' as const) : ('value' as const) };
      ctx.report({ messageId: 'missing', ...at, data: { provider: fieldName(entry) } });
      return;
    }
    if (typeof value !== 'string') return;
    const path = [...entry.path, 'issuerUrl'];
    const field = fieldName(entry, 'issuerUrl');
    const parsed = parseAbsoluteUrl(value);
    if (!parsed.ok) {
      ctx.report({ messageId: 'notUrl', path, data: { field, value: shown(redactUrlPassword(value)), reason: absoluteUrlProblem(parsed.reason) } });
      return;
    }
    if (parsed.scheme !== 'https' && !(parsed.scheme === 'http' && isLocalhost(parsed.host))) {
      const afterAuthority = value.slice(schemePrefix(value).length).replace(/^[^/?#]*@/, '');
      const query = afterAuthority.search(/[?#]/);
      const rest = query < 0 ? afterAuthority : afterAuthority.slice(0, query);
      ctx.report({ messageId: 'notHttps', path, data: { field, scheme: parsed.scheme, rest: shown(rest) } });
    }
    const discovery = DISCOVERY_DOCUMENT.exec(value);
    if (discovery) ctx.report({ messageId: 'discoveryUrl', path, data: { field, issuer: shown(redactUrlPassword(discovery[1] ?? '')) } });
    if (parsed.hasUserInfo) ctx.report({ messageId: 'userInfo', path, data: { field } });
    if (parsed.hasQuery) ctx.report({ messageId: 'query', path, data: { field } });
    if (parsed.hasFragment) ctx.report({ messageId: 'fragment', path, data: { field } });
  },
});

export default rule;
