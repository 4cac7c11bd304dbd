import { defineRule, parseAbsoluteUrl, redactUrlPassword, shown } from '../../api.js';

const rule = defineRule({
  meta: {
    id: 'user/icon',
    description: "Require the user's icon to be an absolute http(s) URL",
    severity: 'warning',
    sources: ['spec'],
    kinds: ['User'],
  },
  messages: {
    invalid: {
      text: 'spec.icon "{{value}}" is not an absolute URL: the UI cannot load the icon from it.',
      note: 'The parser says: {{reason}}. Write a full URL like https://avatars.example.com/jane.png.',
    },
    scheme: {
      text: 'spec.icon "{{value}}" uses the scheme "{{scheme}}": the UI loads icons over http(s) only.',
      note: 'Write an https:// URL like https://avatars.example.com/jane.png.',
    },
  },
  given: { path: ['spec', 'icon'], type: 'string' },
  check(icon, ctx, { path }) {
    const parsed = parseAbsoluteUrl(icon);
    if (parsed.ok && (parsed.scheme === 'http' || parsed.scheme === 'https')) return;
    // Masked only for a report: most icons are fine.
    const value = shown(redactUrlPassword(icon));
    if (!parsed.ok) ctx.report({ messageId: 'invalid', path, data: { value, reason: parsed.reason } });
    else ctx.report({ messageId: 'scheme', path, data: { value, scheme: parsed.scheme } });
  },
});

export default rule;
