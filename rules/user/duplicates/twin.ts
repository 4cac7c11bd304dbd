import { defineTwin } from '../../twin.js';
import rule from './index.js';

const TWICE = 'type(g) == string && self.filter(h, h == g).size() > 1';

export default defineTwin(rule, [
  {
    messages: ['duplicate'],
    given: ['spec.groups', 'spec.ssoGroups'],
    expression: `type(self) != list || !self.exists(g, ${TWICE})`,
    messageExpression: `'group "' + self.filter(g, ${TWICE})[0] + '" is listed twice: the user is in a group once, however often it is listed.'`,
  },
]);
