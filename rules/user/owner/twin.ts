import { celNotBlank, defineTwin } from '../../twin.js';
import rule from './index.js';

export default defineTwin(rule, [
  {
    messages: ['noOwner'],
    given: 'spec.owner',
    expression: `type(self) != map || ${celNotBlank('user')} || ${celNotBlank('team')}`,
    message: 'spec.owner names neither a user nor a team, so the object has no owner.',
  },
]);
