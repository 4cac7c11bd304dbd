import { defineTwin } from '../../twin.js';
import rule from './index.js';

/**
 * A negative whole number. Platlint hands CEL whole numbers within int64 as ints; beyond, as doubles, which are then
 * whole (and finite: x - x is 0 for no infinity).
 */
const NEGATIVE = "(type(self) == int && self < 0) || (type(self) == double && dyn(self) <= -9223372036854775808.0 && dyn(self) - dyn(self) == 0.0)";

export default defineTwin(rule, [
  {
    messages: ['negative'],
    given: 'spec.tokenGeneration',
    expression: `!(${NEGATIVE})`,
    messageExpression: "'spec.tokenGeneration is ' + string(self) + ': a token generation counts up from 0 and cannot be negative.'",
  },
]);
