import type { Rule } from '../api.js';
import ruleErrorRule from './rule-error/index.js';

export const rules: readonly Rule[] = [ruleErrorRule];
