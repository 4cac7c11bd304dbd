import { USER_VERBS } from '../../api.js';
import { defineTwin } from '../../twin.js';
import rule from './index.js';

const VERBS = `[${USER_VERBS.map((v) => `'${v}'`).join(', ')}]`;
const NAMED_VERBS = `[${USER_VERBS.filter((v) => v !== '*').map((v) => `'${v}'`).join(', ')}]`;
/** An access rule whose verbs are a list (anything else is the schema's business). */
const VERB_LIST = 'type(self) == map && has(self.verbs) && type(self.verbs) == list';
const UNKNOWN = `type(v) == string && !(v in ${VERBS})`;
const TWICE = 'type(v) == string && self.verbs.filter(w, w == v).size() > 1';
/**
 * A verb that grants something besides "*": a verb, or one written in another case. JavaScript's toLowerCase() also
 * turns the Kelvin sign (U+212A) into "k", which lowerAscii() leaves.
 */
const GRANTS = `type(v) == string && v != '*' && (v in ${NAMED_VERBS} || v.lowerAscii().replace('\\u212a', 'k') in ${NAMED_VERBS})`;
const REDUNDANT = `'*' in self.verbs && self.verbs.exists(v, ${GRANTS})`;
const NAME = "(has(self.name) && type(self.name) == string && self.name != '' ? ' \"' + self.name + '\"' : '')";

export default defineTwin(rule, [
  {
    messages: ['empty', 'wrongCase', 'unknown', 'unknownDidYouMean'],
    given: 'spec.access[*]',
    expression: `!(${VERB_LIST}) || (size(self.verbs) > 0 && !self.verbs.exists(v, ${UNKNOWN}))`,
    messageExpression:
      `size(self.verbs) == 0 ? 'the verbs of the access rule' + ${NAME} + ' are empty: the rule grants nothing.' : ` +
      `'verb "' + self.verbs.filter(v, ${UNKNOWN})[0] + '" is not a verb of User access rules (${USER_VERBS.join(', ')}), so it grants nothing.'`,
  },
  {
    messages: ['redundantWildcard', 'duplicate'],
    name: 'redundant',
    description: 'Disallow verbs listed twice or next to "*" in User access rules',
    given: 'spec.access[*]',
    expression: `!(${VERB_LIST}) || !(self.verbs.exists(v, ${TWICE}) || ${REDUNDANT})`,
    messageExpression:
      `self.verbs.exists(v, ${TWICE}) ? 'verb "' + self.verbs.filter(v, ${TWICE})[0] + '" is listed twice in the access rule' + ${NAME} + '.' : ` +
      `'the access rule' + ${NAME} + ' has "*" next to other verbs, which "*" already grants.'`,
  },
]);
