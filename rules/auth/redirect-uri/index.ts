import { CALLBACK_PATHS, defineRule, eachProvider, optionalStringAt, parseAbsoluteUrl, type ProviderEntry, redactUrlPassword, shown, splitHostPort } from '../../api.js';
import { fieldName, filled, httpUrlProblem, NOT_ABSOLUTE_HTTP_URL, usableConnectorId } from '../shared.js';

const DEFAULT_PORTS: Readonly<Record<string, string>> = { https: '443', http: '80' };

/** The platform's own host[:port], when `status.platformHost` is set and well-formed (else config/platform-host reports it). */
function platformHostOf(data: unknown): { text: string; host: string; port: number | null } | undefined {
  const text = optionalStringAt(data, ['status', 'platformHost']);
  if (text === undefined) return undefined;
  const parsed = splitHostPort(text);
  return parsed.ok ? { text, host: parsed.host.toLowerCase().replace(/\.$/, ''), port: parsed.port } : undefined;
}

/** The callback path this provider must use, and whether a mismatch is an error (spec) or a warning (upstream). */
function expectedCallback(entry: ProviderEntry): { path: string; messageId: 'connectorCallback' | 'forgeBCallback' | 'wrongCallback' } | undefined {
  if (entry.connector) {
    const id = usableConnectorId(entry);
    return id === undefined ? undefined : { path: `/auth/${id}/callback`, messageId: 'connectorCallback' };
  }
  return { path: CALLBACK_PATHS[entry.type], messageId: entry.type === 'gitForgeB' ? 'forgeBCallback' : 'wrongCallback' };
}

const rule = defineRule({
  meta: {
    id: 'auth/redirect-uri',
    description: "Require login redirect URIs to be absolute URLs that end in the provider's callback path on the platform host",
    severity: 'error',
    sources: ['spec', 'upstream'],
    sections: ['status.auth'],
    kinds: ['Config'],
  },
  messages: {
    notAbsolute: {
      text: NOT_ABSOLUTE_HTTP_URL,
      note: 'The identity provider sends the browser back to exactly this address after login. Write the full URL, e.g. {{example}}.',
    },
    wrongCallback: {
      text: '{{field}} has the path "{{path}}", but the platform receives {{provider}} logins at {{callback}}.',
      note: 'The provider would send users to a page that does not complete the login. Use a URL ending in {{callback}}, e.g. {{example}}.',
    },
    forgeBCallback: {
      text: '{{field}} has the path "{{path}}", but the platform receives gitForgeB logins at {{callback}}.',
      note: 'The forge would send users to a page that does not complete the login. Use a URL ending in {{callback}}, e.g. {{example}}.',
      severity: 'warning',
    },
    connectorCallback: {
      text: '{{field}} has the path "{{path}}", but connector "{{id}}" receives its logins at /auth/{{id}}/callback.',
      note: "The connector id is the path step. The provider would send users to another connector's callback or to no page at all. Use a URL ending in {{callback}}, e.g. {{example}}.",
      severity: 'warning',
    },
    hostMismatch: {
      text: '{{field}} points to "{{host}}", but status.platformHost is "{{platformHost}}".',
      note: 'The login callback has to reach the platform, which started the login and holds its state. Use the platform host, e.g. {{example}}.',
      severity: 'warning',
    },
    postLogoutNotAbsolute: {
      text: NOT_ABSOLUTE_HTTP_URL,
      note: 'The provider redirects the browser to it after logout. Write the full URL of a platform page, e.g. {{example}}.',
    },
  },
  check(doc, ctx) {
    const platform = platformHostOf(doc.data);
    const base = `https://${platform?.text ?? 'platform.example.com'}`;
    for (const entry of eachProvider(doc.data)) {
      const expected = expectedCallback(entry);
      const examplePath = expected?.path ?? '/auth/<connector id>/callback';

      const postLogout = filled(entry, 'postLogoutRedirectURI');
      if (postLogout !== undefined) {
        const reason = httpUrlProblem(postLogout);
        if (reason !== undefined) {
          ctx.report({
            messageId: 'postLogoutNotAbsolute',
            path: [...entry.path, 'postLogoutRedirectURI'],
            data: { field: fieldName(entry, 'postLogoutRedirectURI'), value: shown(redactUrlPassword(postLogout)), reason, example: `${base}/login` },
          });
        }
      }

      const value = filled(entry, 'redirectURI');
      if (value === undefined) continue;
      const path = [...entry.path, 'redirectURI'];
      const field = fieldName(entry, 'redirectURI');
      const reason = httpUrlProblem(value);
      const parsed = parseAbsoluteUrl(value);
      if (reason !== undefined || !parsed.ok) {
        ctx.report({ messageId: 'notAbsolute', path, data: { field, value: shown(redactUrlPassword(value)), reason: reason ?? 'not a URL', example: `${base}${examplePath}` } });
        continue;
      }

      if (expected && !parsed.path.endsWith(expected.path)) {
        const data = { field, path: shown(parsed.path || '/'), callback: expected.path, example: `${base}${expected.path}` };
        if (expected.messageId === 'connectorCallback') ctx.report({ messageId: 'connectorCallback', path, data: { ...data, id: entry.connector?.id ?? '' } });
        else if (expected.messageId === 'forgeBCallback') ctx.report({ messageId: 'forgeBCallback', path, data });
        else ctx.report({ messageId: 'wrongCallback', path, data: { ...data, provider: entry.type } });
      }

      if (platform) {
        const port = parsed.port || DEFAULT_PORTS[parsed.scheme] || '';
        const wantedPort = platform.port === null ? DEFAULT_PORTS[parsed.scheme] || '' : String(platform.port);
        const host = parsed.host.toLowerCase().replace(/\.$/, '');
        if (host !== platform.host || port !== wantedPort) {
          ctx.report({
            messageId: 'hostMismatch',
            path,
            data: { field, host: shown(parsed.go.host), platformHost: platform.text, example: `https://${platform.text}${expected?.path ?? parsed.path}` },
          });
        }
      }
    }
  },
});

export default rule;
