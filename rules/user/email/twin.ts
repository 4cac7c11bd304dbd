import { defineTwin } from '../../api.js';
import rule from './index.js';

/**
 * The grammar of src/formats/email.ts (Go's net/mail addr-spec, bare) as one RE2 expression. atext: any character
 * but controls, space and the specials; a dot-atom has no leading, trailing or double dot.
 */
const ATEXT = String.raw`[^\x00-\x20\x7f"(),.:;<>@\[\\\]]`;
const DOT_ATOM = String.raw`${ATEXT}+(?:\.${ATEXT}+)*`;
/** A quoted string: qtext and spaces, or a backslash before a visible character or a space; never empty. */
const QUOTED = String.raw`"(?:[^\x00-\x08\x0a-\x1f\x7f"\\]|\\[^\x00-\x08\x0a-\x1f\x7f])+"`;
/** An IP address as Node's net.isIP() takes it (lib/internal/net.js), the zone left out: the rule refuses "%". */
const V4_SEG = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])';
const V4 = String.raw`(?:${V4_SEG}\.){3}${V4_SEG}`;
const V6_SEG = '(?:[0-9a-fA-F]{1,4})';
const V6 = [
  `(?:${V6_SEG}:){7}(?:${V6_SEG}|:)`,
  `(?:${V6_SEG}:){6}(?:${V4}|:${V6_SEG}|:)`,
  `(?:${V6_SEG}:){5}(?::${V4}|(?::${V6_SEG}){1,2}|:)`,
  `(?:${V6_SEG}:){4}(?:(?::${V6_SEG}){0,1}:${V4}|(?::${V6_SEG}){1,3}|:)`,
  `(?:${V6_SEG}:){3}(?:(?::${V6_SEG}){0,2}:${V4}|(?::${V6_SEG}){1,4}|:)`,
  `(?:${V6_SEG}:){2}(?:(?::${V6_SEG}){0,3}:${V4}|(?::${V6_SEG}){1,5}|:)`,
  `(?:${V6_SEG}:){1}(?:(?::${V6_SEG}){0,4}:${V4}|(?::${V6_SEG}){1,6}|:)`,
  `(?::(?:(?::${V6_SEG}){0,5}:${V4}|(?::${V6_SEG}){1,7}|:))`,
].join('|');
export const IP_ADDRESS = `(?:${V4}|${V6})`;
const DOMAIN_LITERAL = String.raw`\[${IP_ADDRESS}\]`;
export const EMAIL_PATTERN = `^(?:${DOT_ATOM}|${QUOTED})@(?:${DOT_ATOM}|${DOMAIN_LITERAL})$`;

export default defineTwin(rule, [
  {
    messages: ['invalid'],
    given: 'spec.email',
    // Empty means "no e-mail address"; a value of another type is the schema's business.
    expression: `type(self) != string || self == '' || self.matches(r'''${EMAIL_PATTERN}''')`,
    messageExpression: `'spec.email "' + self + '" is not a valid e-mail address: write a bare address like jane.doe@example.com.'`,
  },
]);
