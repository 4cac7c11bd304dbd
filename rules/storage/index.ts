import type { Rule } from '../api.js';
import storageClass from './storage-class/index.js';

export const rules: readonly Rule[] = [storageClass];
