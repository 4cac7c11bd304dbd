import type { Rule } from '../api.js';
import syncIntervalAndAccess from './sync-interval-and-access/index.js';

export const rules: readonly Rule[] = [syncIntervalAndAccess];
