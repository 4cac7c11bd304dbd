import type { Rule } from '../api.js';
import repositoriesRule from './repositories/index.js';
import predefinedAppsRule from './predefined-apps/index.js';

export const rules: readonly Rule[] = [repositoriesRule, predefinedAppsRule];
