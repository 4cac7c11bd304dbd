import type { Rule } from '../api.js';
import clientsRule from './clients/index.js';

export const rules: readonly Rule[] = [clientsRule];
