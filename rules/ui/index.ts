import type { Rule } from '../api.js';
import colors from './colors/index.js';
import externalUrls from './external-urls/index.js';
import urls from './urls/index.js';

export const rules: readonly Rule[] = [urls, colors, externalUrls];
