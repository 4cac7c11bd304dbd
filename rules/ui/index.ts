import type { Rule } from '../../src/engine/types.js';
import colors from './colors/index.js';
import externalUrls from './external-urls/index.js';
import urls from './urls/index.js';

export const rules: readonly Rule[] = [urls, colors, externalUrls];
