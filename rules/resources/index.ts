import type { Rule } from '../../src/engine/types.js';
import quantities from './quantities/index.js';

export const rules: readonly Rule[] = [quantities];
