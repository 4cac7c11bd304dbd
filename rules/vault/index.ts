import type { Rule } from '../../src/engine/types.js';
import settings from './settings/index.js';

export const rules: readonly Rule[] = [settings];
