import { defineRule, hasCRLF, isHttpToken, shown } from '../../api.js';

const rule = defineRule({
  meta: {
    id: 'auth/custom-http-headers',
    description: 'Require customHttpHeaders names to be HTTP tokens and values to be free of line breaks',
    severity: 'error',
    sources: ['spec', 'upstream'],
    kinds: ['Config'],
  },
  messages: {
    invalidName: {
      text: 'The header name "{{name}}" in status.auth.customHttpHeaders is not a valid HTTP header name.',
      note: "A header name is a token (letters, digits and !#$%&'*+-.^_`|~, no spaces or colons), so it cannot be sent on the authentication endpoints. Write the bare name, e.g. X-Frame-Options, with the value on the right of the colon.",
    },
    crlf: {
      text: 'The value of header "{{name}}" in status.auth.customHttpHeaders contains a line break.',
      note: 'A header value is one line, and a line break in it would split the response header (header injection). Write the value on one line (a YAML block scalar "|" keeps a final line break; use a plain or quoted string, or ">-").',
    },
  },
  given: { path: ['status', 'auth', 'customHttpHeaders'], type: 'mapping' },
  check(headers, ctx, { path }) {
    for (const [name, value] of Object.entries(headers)) {
      if (!isHttpToken(name)) {
        ctx.report({ messageId: 'invalidName', path: [...path, name], at: 'key', data: { name: shown(name) } });
      }
      if (typeof value === 'string' && hasCRLF(value)) {
        ctx.report({ messageId: 'crlf', path: [...path, name], data: { name: shown(name) } });
      }
    }
  },
});

export default rule;
