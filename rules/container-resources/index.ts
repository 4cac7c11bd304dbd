import type { Rule } from '../api.js';
import quantities from './quantities/index.js';

export const rules: readonly Rule[] = [quantities];
