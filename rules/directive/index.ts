import type { Rule } from '../api.js';
import unusedRule from './unused/index.js';
import unknownRuleRule from './unknown-rule/index.js';
import renamedRuleRule from './renamed-rule/index.js';
import blanketRule from './blanket/index.js';
import reasonRule from './reason/index.js';

export const rules: readonly Rule[] = [unusedRule, unknownRuleRule, renamedRuleRule, blanketRule, reasonRule];
