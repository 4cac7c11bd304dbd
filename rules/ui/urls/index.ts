import { absoluteUrlProblem, type DataPath, defineRule, displayPath, listAt, parseAbsoluteUrl, parseGoUrl, recordAt, redactUrlPassword, type RuleContext } from '../../api.js';

const UI: DataPath = ['status', 'uiSettings'];

/** Single URL fields and an example of what to write in each. */
const URL_FIELDS: readonly [string, string][] = [
  ['logoURL', 'https://example.com/branding/logo.svg'],
  ['faviconURL', 'https://example.com/branding/favicon.ico'],
  ['smallLogoURL', 'https://example.com/branding/logo-small.svg'],
];

const URL_LISTS: readonly [string, string][] = [
  ['customCss', 'https://example.com/branding/custom.css'],
  ['customJavaScript', 'https://example.com/branding/custom.js'],
];

const BUTTON_FIELDS: readonly [string, string][] = [
  ['icon', 'https://example.com/branding/icon.svg'],
  ['link', 'https://status.example.com'],
];

function checkUrl(ctx: Context, path: DataPath, value: string, example: string): void {
  const data = { field: displayPath(path), value: JSON.stringify(redactUrlPassword(value)), example };
  // Another scheme (ftp:, file:, data:) gets its own message, whether or not it has a host.
  const go = parseGoUrl(value);
  if (go.ok && go.url.scheme !== '' && go.url.scheme !== 'http' && go.url.scheme !== 'https') {
    ctx.report({ messageId: 'notHttp', path, data: { ...data, scheme: go.url.scheme } });
    return;
  }
  const parsed = parseAbsoluteUrl(value);
  if (!parsed.ok) {
    ctx.report({ messageId: 'notAbsolute', path, data: { ...data, reason: absoluteUrlProblem(parsed.reason) } });
  }
}

type Context = RuleContext<typeof rule.messages>;

const rule = defineRule({
  meta: {
    id: 'ui/urls',
    description: 'Require absolute http(s) URLs for the UI logos, favicon, custom CSS and JavaScript, and nav bar buttons',
    severity: 'error',
    sources: ['spec'],
    kinds: ['Config'],
  },
  messages: {
    notAbsolute: {
      text: '{{field}} is {{value}}, not an absolute URL ({{reason}}).',
      note: "Every user's browser loads it as the UI tells it, which takes a full http(s) URL with a host; a relative path or a bare host name does not lead to the file. Write a URL such as {{example}}.",
    },
    notHttp: {
      text: '{{field}} is {{value}}: the UI can only load http:// or https:// URLs here, not "{{scheme}}:".',
      note: 'Write a URL such as {{example}}.',
    },
  },
  given: { path: UI, type: 'mapping' },
  check(ui, ctx, { doc }) {
    // An empty single field means "not set": the UI shows its default.
    for (const [key, example] of URL_FIELDS) {
      const value = ui[key];
      if (typeof value === 'string' && value !== '') checkUrl(ctx, [...UI, key], value, example);
    }
    // An empty list entry is a broken <link>/<script>: it is checked like any other.
    for (const [key, example] of URL_LISTS) {
      for (const item of listAt(doc.data, [...UI, key])) {
        if (typeof item.value === 'string') checkUrl(ctx, item.path, item.value, example);
      }
    }
    for (const button of listAt(doc.data, [...UI, 'navBarButtons'])) {
      const fields = recordAt(doc.data, button.path);
      if (!fields) continue;
      for (const [key, example] of BUTTON_FIELDS) {
        const value = fields[key];
        if (typeof value === 'string' && value !== '') checkUrl(ctx, [...button.path, key], value, example);
      }
    }
  },
});

export default rule;
