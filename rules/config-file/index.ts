import type { Rule } from '../api.js';
import invalidRule from './invalid/index.js';

/** The mistakes of platlint's own configuration file. */
export const rules: readonly Rule[] = [invalidRule];
