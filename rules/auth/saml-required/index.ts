import { defineRule } from '../../api.js';
import { fieldName } from '../shared.js';

/** What the SAML connector refuses to start without (Dex's `openConnector`), and what each is for. */
const REQUIRED: readonly (readonly [string, string])[] = [
  ['ssoURL', 'the identity provider URL the login request is POSTed to'],
  ['redirectURI', 'the platform callback the assertion is posted back to'],
  ['usernameAttr', 'the assertion attribute holding the username'],
  ['emailAttr', 'the assertion attribute holding the e-mail address'],
];

const rule = defineRule({
  meta: {
    id: 'auth/saml-required',
    description: 'Require ssoURL, redirectURI, usernameAttr and emailAttr in every SAML provider',
    severity: 'error',
    sources: ['upstream'],
    supersedes: ['schema/empty-value'],
    kinds: ['Config'],
  },
  messages: {
    missing: {
      text: '{{provider}} is missing {{fields}}.',
      note: 'The SAML connector refuses to start without them ("missing required field"), so this login is unavailable. Add {{what}}.',
    },
    empty: {
      text: '{{field}} is empty: the SAML connector treats it as missing and refuses to start.',
      note: 'Set it to {{what}}.',
    },
  },
  given: { provider: 'saml' },
  check(entry, ctx) {
    const absent: (readonly [string, string])[] = [];
    for (const field of REQUIRED) {
      const [key, what] = field;
      const value = entry.config[key];
      if (value === undefined) absent.push(field);
      else if (value === null || value === '') {
        ctx.report({ messageId: 'empty', path: [...entry.path, key], at: value === null ? 'key' : 'value', data: { field: fieldName(entry, key), what } });
      }
    }
    if (absent.length === 0) return;
    const names = absent.map(([key]) => `"${key}"`);
    const fields = absent.length === 1 ? `the required field ${names[0]}` : `the required fields ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
    const what = absent.map(([key, desc]) => `${key} (${desc})`).join('; ');
    ctx.report({ messageId: 'missing', path: entry.path, at: 'key', data: { provider: fieldName(entry), fields, what } });
  },
});

export default rule;
