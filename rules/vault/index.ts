import type { Rule } from '../api.js';
import syncInterval from './sync-interval/index.js';
import address from './address/index.js';
import addressUrl from './address-url/index.js';
import auth from './auth/index.js';

export const rules: readonly Rule[] = [syncInterval, address, addressUrl, auth];
