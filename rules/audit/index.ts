import type { Rule } from '../api.js';
import pathRule from './path/index.js';
import levelOrPolicyRule from './level-or-policy/index.js';
import policyRulesRule from './policy-rules/index.js';
import requestTargetsRule from './request-targets/index.js';
import unreachableRule from './unreachable-rule/index.js';
import nothingLoggedRule from './nothing-logged/index.js';
import retentionRule from './retention/index.js';

export const rules: readonly Rule[] = [
  pathRule,
  levelOrPolicyRule,
  policyRulesRule,
  requestTargetsRule,
  unreachableRule,
  nothingLoggedRule,
  retentionRule,
];
