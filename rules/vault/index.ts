import type { Rule } from '../api.js';
import settings from './settings/index.js';

export const rules: readonly Rule[] = [settings];
