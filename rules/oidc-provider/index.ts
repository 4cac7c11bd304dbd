import type { Rule } from '../../src/engine/types.js';
import clientsRule from './clients/index.js';

export const rules: readonly Rule[] = [clientsRule];
