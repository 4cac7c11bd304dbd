import { IPV6_PATTERN } from '../../api.js';
import { defineTwin } from '../../twin.js';
import rule from './index.js';

/**
 * Kubernetes' url() parses as Go's url.ParseRequestURI, which takes no fragment: the part before "#" is parsed, and
 * the fragment only needs valid %-escapes, as url.Parse (the rule's parser) checks them.
 */
const BEFORE_FRAGMENT = "self.split('#')[0]";
const FRAGMENT_ESCAPES = "(self.indexOf('#') < 0 || self.substring(self.indexOf('#') + 1).matches('^(?:[^%]|%[0-9A-Fa-f]{2})*$'))";
/**
 * The scheme first: url() checks with ParseRequestURI and then parses with Parse, which read a scheme-less "//host"
 * apart (the first takes it for a path, the second for an authority), so url() can fail where isURL() holds.
 */
const HTTP_SCHEME = `${BEFORE_FRAGMENT}.matches('^(?i)https?://')`;
/** A host in brackets is an IPv6 address, its zone aside, as newer Go requires (CVE-2025-47912) and the rule's parser does. */
const BRACKETED_IPV6 = `(!url(${BEFORE_FRAGMENT}).getHost().startsWith('[') || url(${BEFORE_FRAGMENT}).getHostname().split('%')[0].matches('^${IPV6_PATTERN.replaceAll('\\', '\\\\')}$'))`;
const HTTP_URL = `${HTTP_SCHEME} && isURL(${BEFORE_FRAGMENT}) && url(${BEFORE_FRAGMENT}).getHostname() != '' && ${BRACKETED_IPV6} && ${FRAGMENT_ESCAPES}`;

export default defineTwin(rule, [
  {
    messages: ['invalid', 'scheme'],
    given: 'spec.icon',
    expression: `type(self) != string || self == '' || (${HTTP_URL})`,
    messageExpression: `'spec.icon "' + self + '" is not an absolute http(s) URL: write a full URL like https://avatars.example.com/jane.png.'`,
  },
]);
