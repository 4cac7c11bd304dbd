import type { Rule } from '../api.js';
import expiredRule from './expired/index.js';
import unusedRule from './unused/index.js';

export const rules: readonly Rule[] = [expiredRule, unusedRule];
