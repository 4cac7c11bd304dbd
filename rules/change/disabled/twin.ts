import { defineTwin } from '../../twin.js';
import rule from './index.js';

const disabled = (object: string): string => `has(${object}.spec) && type(${object}.spec) == map && has(${object}.spec.disabled) && ${object}.spec.disabled == true`;

export default defineTwin(rule, [
  {
    messages: ['disabled'],
    expression: `!(${disabled('object')}) || (${disabled('oldObject')})`,
    message: 'spec.disabled turns true: the user can no longer log in.',
  },
]);
