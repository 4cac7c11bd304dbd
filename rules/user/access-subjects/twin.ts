import { defineTwin } from '../../twin.js';
import rule from './index.js';

/** A non-empty list of subjects, or a value of the wrong type (the schema's business): either way, not reported. */
const named = (field: string): string =>
  `(has(self.${field}) && (type(self.${field}) == list ? size(self.${field}) > 0 : type(self.${field}) != null_type))`;

export default defineTwin(rule, [
  {
    messages: ['noSubjects'],
    given: 'spec.access[*]',
    expression: `type(self) != map || ${named('users')} || ${named('teams')}`,
    messageExpression:
      "'the access rule' + (has(self.name) && type(self.name) == string && self.name != '' ? ' \"' + self.name + '\"' : '') + " +
      "' has neither users nor teams: it grants its verbs to nobody.'",
  },
]);
