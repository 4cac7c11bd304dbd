import type { Rule } from '../api.js';
import unusedRule from './unused/index.js';

export const rules: readonly Rule[] = [unusedRule];
