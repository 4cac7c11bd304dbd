import { defineTwin } from '../../twin.js';
import rule from './index.js';

const everyone = (field: string): string => `(has(self.${field}) && type(self.${field}) == list && '*' in self.${field})`;

export default defineTwin(rule, [
  {
    messages: ['wildcard'],
    given: 'spec.access[*]',
    expression: `type(self) != map || !(has(self.verbs) && type(self.verbs) == list && '*' in self.verbs && (${everyone('users')} || ${everyone('teams')}))`,
    messageExpression:
      "'the access rule' + (has(self.name) && type(self.name) == string && self.name != '' ? ' \"' + self.name + '\"' : '') + " +
      "' gives every verb (*) to every ' + (" + everyone('users') + " ? 'user' : 'team') + ' (*).'",
  },
]);
