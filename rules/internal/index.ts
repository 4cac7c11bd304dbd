import type { Rule } from '../../src/engine/types.js';
import ruleErrorRule from './rule-error/index.js';

export const rules: readonly Rule[] = [ruleErrorRule];
