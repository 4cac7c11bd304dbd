import { defineTwin } from '../../twin.js';
import rule from './index.js';

/** A field that names someone: a non-empty string, or any other value but null (the schema's business). */
const named = (field: string): string => `(has(self.${field}) && type(self.${field}) != null_type && !(type(self.${field}) == string && self.${field} == ''))`;

export default defineTwin(rule, [
  {
    messages: ['noOwner'],
    given: 'spec.owner',
    expression: `type(self) != map || ${named('user')} || ${named('team')}`,
    message: 'spec.owner names neither a user nor a team, so the object has no owner.',
  },
]);
