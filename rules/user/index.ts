import type { Rule } from '../../src/engine/types.js';

export const rules: readonly Rule[] = [];
