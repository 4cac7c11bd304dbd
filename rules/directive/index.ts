import type { Rule } from '../api.js';
import unusedRule from './unused/index.js';
import unknownRuleRule from './unknown-rule/index.js';
import renamedRuleRule from './renamed-rule/index.js';

export const rules: readonly Rule[] = [unusedRule, unknownRuleRule, renamedRuleRule];
