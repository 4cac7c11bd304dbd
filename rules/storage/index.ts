import type { Rule } from '../../src/engine/types.js';
import storageClass from './storage-class/index.js';

export const rules: readonly Rule[] = [storageClass];
