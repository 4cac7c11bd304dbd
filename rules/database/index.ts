import type { Rule } from '../api.js';
import dataSource from './data-source/index.js';

export const rules: readonly Rule[] = [dataSource];
