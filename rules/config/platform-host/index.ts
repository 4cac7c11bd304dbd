import { defineRule, displayPath, parseAbsoluteUrl, redactUrlPassword, schemePrefix, splitHostPort, type Suggestion } from '../../api.js';

const rule = defineRule({
  meta: {
    id: 'config/platform-host',
    description: 'Require platformHost to be a host name with an optional port, without scheme or path',
    severity: 'error',
    sources: ['spec'],
    kinds: ['Config'],
  },
  messages: {
    scheme: {
      text: '{{field}} is "{{value}}", a URL with a scheme.',
      note: 'The spec wants only the domain where the platform is hosted, and the platform adds the scheme itself. Write "{{suggestion}}".',
    },
    schemeNoHost: {
      text: '{{field}} is "{{value}}", a URL with a scheme.',
      note: 'The spec wants only the domain where the platform is hosted, without scheme or path. Write a host such as platform.example.com (optionally with a port, platform.example.com:8443).',
    },
    path: {
      text: '{{field}} is "{{value}}", with a path, query or fragment.',
      note: 'The spec wants only the domain where the platform is hosted (the platform serves from the root of that host). Write "{{suggestion}}".',
    },
    invalid: {
      text: '{{field}} is "{{value}}", which is not a host with an optional port.',
      note: 'Write a domain such as platform.example.com, optionally with a port (platform.example.com:8443), or an IP address. Validation says: {{reason}}.',
    },
  },
  given: { path: ['status', 'platformHost'], type: 'string' },
  check(value, ctx, { path }) {
    const field = displayPath(path);
    const shown = redactUrlPassword(value);
    const suggest = (host: string): Suggestion[] => [
      { description: `Replace with "${host}"`, fix: { op: 'set-scalar', path, value: host } },
    ];

    if (schemePrefix(value)) {
      const url = parseAbsoluteUrl(value);
      const host = url.ok ? url.go.host : '';
      if (url.ok && splitHostPort(host).ok) {
        ctx.report({ messageId: 'scheme', path, data: { field, value: shown, suggestion: host }, suggestions: suggest(host) });
      } else {
        ctx.report({ messageId: 'schemeNoHost', path, data: { field, value: shown } });
      }
      return;
    }

    const cut = value.search(/[/?#]/);
    if (cut > 0) {
      const host = value.slice(0, cut);
      if (splitHostPort(host).ok) {
        ctx.report({ messageId: 'path', path, data: { field, value: shown, suggestion: host }, suggestions: suggest(host) });
        return;
      }
    }

    const result = splitHostPort(value);
    if (!result.ok) {
      ctx.report({ messageId: 'invalid', path, data: { field, value: shown, reason: result.reason } });
    }
  },
});

export default rule;
