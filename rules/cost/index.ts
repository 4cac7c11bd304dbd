import type { Rule } from '../api.js';
import prices from './prices/index.js';
import priceCurrency from './price-currency/index.js';
import retention from './retention/index.js';
import replicas from './replicas/index.js';

export const rules: readonly Rule[] = [prices, priceCurrency, retention, replicas];
