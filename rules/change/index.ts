import type { Rule } from '../api.js';
import identityRule from './identity/index.js';
import resourceVersionRule from './resource-version/index.js';
import finalizersRule from './finalizers/index.js';
import serverFieldsRule from './server-fields/index.js';
import tokenGenerationRule from './token-generation/index.js';
import disabledRule from './disabled/index.js';

/** Transition rules: they judge an update against the previous version and run only when there is one. */
export const rules: readonly Rule[] = [identityRule, resourceVersionRule, finalizersRule, serverFieldsRule, tokenGenerationRule, disabledRule];
