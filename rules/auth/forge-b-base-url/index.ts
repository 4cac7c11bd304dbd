import { defineRule, redactUrlPassword, shown } from '../../api.js';
import { filledFields, httpUrlProblem, NOT_ABSOLUTE_HTTP_URL } from '../shared.js';

const rule = defineRule({
  meta: {
    id: 'auth/forge-b-base-url',
    description: 'Require the gitForgeB baseURL to be an absolute http(s) URL',
    severity: 'error',
    sources: ['spec', 'upstream'],
    sections: ['status.auth'],
    kinds: ['Config'],
  },
  messages: {
    notAbsolute: {
      text: NOT_ABSOLUTE_HTTP_URL,
      note: 'The platform appends the OAuth and API paths (/oauth/authorize, /api/v4/...) to it to reach a self-hosted forge. Write the full URL of the instance, e.g. https://gitlab.example.com, or leave baseURL out for the public hosted forge.',
    },
  },
  check(doc, ctx) {
    for (const { value, path, field } of filledFields(doc.data, 'gitForgeB', 'baseURL')) {
      const reason = httpUrlProblem(value);
      if (reason === undefined) continue;
      ctx.report({ messageId: 'notAbsolute', path, data: { field, value: shown(redactUrlPassword(value)), reason } });
    }
  },
});

export default rule;
