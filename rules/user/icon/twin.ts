import { defineTwin } from '../../api.js';
import rule from './index.js';

/**
 * Kubernetes' url() parses as Go's url.ParseRequestURI, which takes no fragment: the part before "#" is parsed, and
 * the fragment only needs valid %-escapes, as url.Parse (the rule's parser) checks them.
 */
const BEFORE_FRAGMENT = "self.split('#')[0]";
const FRAGMENT_ESCAPES = "(self.indexOf('#') < 0 || self.substring(self.indexOf('#') + 1).matches('^(?:[^%]|%[0-9A-Fa-f]{2})*$'))";
const HTTP_URL = `isURL(${BEFORE_FRAGMENT}) && url(${BEFORE_FRAGMENT}).getScheme() in ['http', 'https'] && url(${BEFORE_FRAGMENT}).getHostname() != '' && ${FRAGMENT_ESCAPES}`;

export default defineTwin(rule, [
  {
    messages: ['invalid', 'scheme'],
    given: 'spec.icon',
    expression: `type(self) != string || self == '' || (${HTTP_URL})`,
    messageExpression: `'spec.icon "' + self + '" is not an absolute http(s) URL: write a full URL like https://avatars.example.com/jane.png.'`,
  },
]);
