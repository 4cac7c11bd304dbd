import type { Rule } from '../api.js';
import syntaxRule from './syntax/index.js';
import duplicateKeyRule from './duplicate-key/index.js';
import ambiguousScalarRule from './ambiguous-scalar/index.js';
import invalidValueRule from './invalid-value/index.js';
import collectionKeyRule from './collection-key/index.js';

export const rules: readonly Rule[] = [syntaxRule, duplicateKeyRule, ambiguousScalarRule, invalidValueRule, collectionKeyRule];
