import type { Rule } from '../../src/engine/types.js';
import dataSource from './data-source/index.js';

export const rules: readonly Rule[] = [dataSource];
