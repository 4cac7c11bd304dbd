import { absoluteUrlProblem, type DataPath, defineRule, displayPath, listAt, mappingItems, NOT_ABSOLUTE_URL, parseAbsoluteUrl, redactUrlPassword, repeatedField } from '../../api.js';

const OIDC: DataPath = ['status', 'oidc'];
const CLIENTS: DataPath = [...OIDC, 'clients'];

const rule = defineRule({
  meta: {
    id: 'oidc-provider/clients',
    description: 'Require valid clients of the platform\'s own OIDC provider: absolute redirect URIs, wildcards only when allowed, unique client ids',
    severity: 'error',
    sources: ['spec', 'upstream'],
    kinds: ['Config'],
  },
  messages: {
    noRedirectURIs: {
      text: '{{field}} is empty.',
      note: "The requested redirect must match one of these URIs, so a client with none can never complete a login (unless it is public). List the client's callback URLs, e.g. https://app.example.com/oauth/callback.",
    },
    notAbsolute: {
      text: NOT_ABSOLUTE_URL,
      note: 'The requested redirect is compared with it, so a relative or malformed URI never matches. Write the full callback URL, e.g. https://app.example.com/oauth/callback.',
    },
    wildcard: {
      text: '{{field}} is "{{value}}", which contains "*", but {{wildcardRedirect}} is not true.',
      note: 'The platform allows the wildcard character in client redirect URIs only when wildcardRedirect is true, so this URI does not work as a pattern. Write the exact callback URL, or set wildcardRedirect: true if you really need a pattern (see security/wildcard-redirect).',
    },
    duplicateClientId: {
      text: '{{field}} is "{{value}}", the same client id as {{first}}.',
      note: 'Tokens are requested by client id, so only one of the clients can be used. Give each client its own clientId.',
    },
    enabledWithoutClients: {
      text: '{{field}} is true but {{clients}} lists no client.',
      note: "Unless clients are configured through the OIDC client UI or a secret, nobody can request tokens from the platform's OIDC provider. Add the clients there (status.oidc is deprecated), or set enabled to false.",
      severity: 'warning',
    },
  },
  given: { path: OIDC, type: 'mapping' },
  check(oidc, ctx, { doc }) {
    const wildcardAllowed = oidc['wildcardRedirect'] === true;
    const clients = mappingItems(doc.data, CLIENTS);

    for (const { value: client, path } of clients) {
      const urisPath: DataPath = [...path, 'redirectURIs'];
      const uris = client['redirectURIs'];
      if (Array.isArray(uris) && uris.length === 0) {
        ctx.report({ messageId: 'noRedirectURIs', path: urisPath, data: { field: displayPath(urisPath) } });
      }
      for (const { value: uri, path: uriPath } of listAt(doc.data, urisPath)) {
        if (typeof uri !== 'string') continue;
        const field = displayPath(uriPath);
        const shown = redactUrlPassword(uri);
        if (uri.includes('*') && !wildcardAllowed) {
          ctx.report({ messageId: 'wildcard', path: uriPath, data: { field, value: shown, wildcardRedirect: displayPath([...OIDC, 'wildcardRedirect']) } });
        }
        const url = parseAbsoluteUrl(uri);
        if (!url.ok) ctx.report({ messageId: 'notAbsolute', path: uriPath, data: { field, value: shown, reason: absoluteUrlProblem(url.reason) } });
      }
    }

    // An empty clientId is schema/required's business, not a repeat.
    for (const { path, value, first } of repeatedField(clients, 'clientId')) {
      if (value !== '') ctx.report({ messageId: 'duplicateClientId', path, data: { field: displayPath(path), value, first: displayPath(first) } });
    }

    if (oidc['enabled'] === true && clients.length === 0) {
      const rawClients = oidc['clients'];
      // Clients of the wrong type are schema/type's business.
      if (rawClients === undefined || rawClients === null || (Array.isArray(rawClients) && rawClients.length === 0)) {
        const enabledPath: DataPath = [...OIDC, 'enabled'];
        ctx.report({ messageId: 'enabledWithoutClients', path: enabledPath, data: { field: displayPath(enabledPath), clients: displayPath(CLIENTS) } });
      }
    }
  },
});

export default rule;
