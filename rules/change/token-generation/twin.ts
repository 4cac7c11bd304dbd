import { defineTwin } from '../../twin.js';
import rule from './index.js';

/** The generation before and after the update, 0 when absent (null too); other types are the schema's business. */
const generation = (object: string): string => `has(${object}.spec) && type(${object}.spec) == map && has(${object}.spec.tokenGeneration) && type(${object}.spec.tokenGeneration) != null_type ? ${object}.spec.tokenGeneration : 0`;
const NUMBERS = '(type(now) == int || type(now) == double) && (type(old) == int || type(old) == double)';
const compare = (op: string): string => `[${generation('object')}].all(now, [${generation('oldObject')}].all(old, !(${NUMBERS} && dyn(now) ${op} dyn(old))))`;

export default defineTwin(rule, [
  {
    messages: ['changed'],
    expression: compare('>'),
    message: "spec.tokenGeneration is raised: the user's existing tokens stop working.",
  },
  {
    messages: ['lowered'],
    name: 'lowered',
    description: 'Warn when an update lowers spec.tokenGeneration',
    expression: compare('<'),
    message: 'spec.tokenGeneration is lowered: raise it instead, or tokens issued before an earlier invalidation may be valid again.',
  },
]);
