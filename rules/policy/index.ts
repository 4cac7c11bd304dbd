import type { Rule } from '../api.js';
import evaluationErrorRule from './evaluation-error/index.js';
import fixtureMismatchRule from './fixture-mismatch/index.js';
import invalidRule from './invalid/index.js';

/** The diagnostics the policy checker reports in policy files and fixtures; policy rules themselves are loaded at run time. */
export const rules: readonly Rule[] = [invalidRule, evaluationErrorRule, fixtureMismatchRule];
