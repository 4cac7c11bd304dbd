import type { Rule } from '../api.js';
import unknownFieldRule from './unknown-field/index.js';
import typeRule from './type/index.js';
import requiredRule from './required/index.js';
import enumRule from './enum/index.js';
import emptyValueRule from './empty-value/index.js';

export const rules: readonly Rule[] = [unknownFieldRule, typeRule, requiredRule, enumRule, emptyValueRule];
