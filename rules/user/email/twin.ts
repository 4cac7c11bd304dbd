import { IPV4_PATTERN, IPV6_PATTERN } from '../../api.js';
import { defineTwin } from '../../twin.js';
import rule from './index.js';

/**
 * The grammar of src/formats/email.ts (Go's net/mail addr-spec, bare) as one RE2 expression. atext: any character
 * but controls, space and the specials; a dot-atom has no leading, trailing or double dot.
 */
const ATEXT = String.raw`[^\x00-\x20\x7f"(),.:;<>@\[\\\]]`;
const DOT_ATOM = String.raw`${ATEXT}+(?:\.${ATEXT}+)*`;
/** A quoted string: qtext and spaces, or a backslash before a visible character or a space; never empty. */
const QUOTED = String.raw`"(?:[^\x00-\x08\x0a-\x1f\x7f"\\]|\\[^\x00-\x08\x0a-\x1f\x7f])+"`;
/** An IP address as Go's net.ParseIP takes it, with no zone (src/formats/ip.ts), as net/mail checks a domain literal. */
export const IP_ADDRESS = `(?:${IPV4_PATTERN}|${IPV6_PATTERN})`;
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
