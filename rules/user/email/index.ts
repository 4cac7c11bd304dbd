import { defineRule, parseEmail, shown } from '../../api.js';

const rule = defineRule({
  meta: {
    id: 'user/email',
    description: "Require the user's email to be a valid e-mail address",
    severity: 'error',
    sources: ['spec', 'upstream'],
    kinds: ['User'],
  },
  messages: {
    invalid: {
      text: 'spec.email "{{value}}" is not a valid e-mail address ({{reason}}).',
      note: 'The platform cannot match or notify the user by it. Write a bare address like jane.doe@example.com, without a display name or angle brackets.',
    },
  },
  given: { path: ['spec', 'email'], type: 'string' },
  check(email, ctx, { path }) {
    const parsed = parseEmail(email);
    if (!parsed.ok) ctx.report({ messageId: 'invalid', path, data: { value: shown(email), reason: parsed.reason } });
  },
});

export default rule;
