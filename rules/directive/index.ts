import type { Rule } from '../../src/engine/types.js';
import unusedRule from './unused/index.js';
import unknownRuleRule from './unknown-rule/index.js';

export const rules: readonly Rule[] = [unusedRule, unknownRuleRule];
