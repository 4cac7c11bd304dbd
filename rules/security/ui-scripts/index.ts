import { defineRule, displayPath, getIn, listAt, parseGoUrl, splitHostPort, stringAt } from '../../api.js';

const DEFAULT_HTTPS_PORT = 443;

/**
 * Where a customJavaScript URL loads from, or undefined when that is the platform's own origin
 * `https://<platformHost>` (relative URLs are resolved against it, so they are same-origin) or the URL cannot be
 * parsed (ui/urls reports that).
 */
function foreignSource(value: string, platform: { host: string; port: number | null }): string | undefined {
  const parsed = parseGoUrl(value.trim());
  if (!parsed.ok) return undefined;
  const url = parsed.url;
  if (url.scheme === '' && url.host === '') return undefined;
  if (url.opaque !== '' || (url.scheme !== '' && url.scheme !== 'http' && url.scheme !== 'https')) {
    return `a "${url.scheme}:" URL`;
  }
  const scheme = url.scheme === '' ? 'https' : url.scheme;
  const port = url.port === '' ? (scheme === 'https' ? DEFAULT_HTTPS_PORT : 80) : Number(url.port);
  const sameHost = url.hostname.toLowerCase() === platform.host.toLowerCase();
  if (scheme === 'https' && sameHost && port === (platform.port ?? DEFAULT_HTTPS_PORT)) return undefined;
  // Go's u.Host: host and port as written, without user info (which may hold a password).
  return scheme === 'http' ? `http://${url.host} (plain http, which anyone on the network path can alter)` : `https://${url.host}`;
}

const rule = defineRule({
  meta: {
    id: 'security/ui-scripts',
    description: 'Flag script code in the login legal text and JavaScript the UI loads from other origins',
    severity: 'warning',
    sources: ['security'],
    kinds: ['Config'],
    optionsSchema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        trustedOrigins: {
          type: 'array',
          description: 'https origins (https://host[:port]) whose scripts are acknowledged, e.g. your own CDN.',
          items: { type: 'string', pattern: '^https://[^/?#@\\s]+$' },
          default: [],
        },
      },
    },
  },
  messages: {
    scriptInLegalTemplate: {
      text: '{{field}} contains a <script> tag.',
      note: "The legal text is HTML shown to every user on the login page, so a script there would run in the platform's origin before anyone signs in, where it can read what users type. Keep legalTemplate to text, formatting and links; a deliberate UI script belongs in customJavaScript, served from the platform host.",
    },
    foreignScript: {
      text: "{{field}} loads JavaScript from {{source}}, not from the platform's own origin https://{{platformHost}}.",
      note: "The script runs in every user's UI session with their permissions, so whoever controls that origin controls the platform. Serve the file from the platform host, or make sure you trust that origin.",
      severity: 'info',
    },
  },
  check(doc, ctx) {
    const legalPath = ['status', 'uiSettings', 'legalTemplate'];
    const legal = stringAt(doc.data, legalPath);
    if (legal !== undefined && /<script/i.test(legal)) {
      ctx.report({ messageId: 'scriptInLegalTemplate', path: legalPath, data: { field: displayPath(legalPath) } });
    }
    // Without a valid platformHost the platform's origin is unknown (config/platform-host reports a bad one).
    const hostValue = getIn(doc.data, ['status', 'platformHost']);
    if (typeof hostValue !== 'string') return;
    const platform = splitHostPort(hostValue);
    if (!platform.ok) return;
    const trusted = new Set(ctx.options.trustedOrigins.map((o) => o.toLowerCase()));
    for (const { value, path } of listAt(doc.data, ['status', 'uiSettings', 'customJavaScript'])) {
      if (typeof value !== 'string' || value.trim() === '') continue;
      const source = foreignSource(value, platform);
      if (source !== undefined && !trusted.has(source.toLowerCase())) {
        ctx.report({ messageId: 'foreignScript', path, data: { field: displayPath(path), source, platformHost: hostValue } });
      }
    }
  },
});

export default rule;
