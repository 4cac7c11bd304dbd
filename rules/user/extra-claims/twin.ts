import { defineTwin } from '../../twin.js';
import rule from './index.js';

/** A value the platform reads as a string: a string, or null (an empty string to its decoder). */
const STRING_VALUE = 'type(self[k]) == string || type(self[k]) == null_type';

export default defineTwin(rule, [
  {
    messages: ['scalar', 'collection'],
    given: 'spec.extraClaims',
    expression: `type(self) != map || self.all(k, ${STRING_VALUE})`,
    messageExpression: `'spec.extraClaims.' + self.filter(k, !(${STRING_VALUE}))[0] + ' is not a string: the platform stores extra claims as strings.'`,
  },
]);
