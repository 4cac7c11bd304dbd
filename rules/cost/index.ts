import type { Rule } from '../api.js';
import pricesCurrencyRetentionReplicas from './prices-currency-retention-replicas/index.js';

export const rules: readonly Rule[] = [pricesCurrencyRetentionReplicas];
