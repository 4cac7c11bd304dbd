import type { Rule } from '../api.js';
import openSignUpRule from './open-sign-up/index.js';
import insecureTlsRule from './insecure-tls/index.js';
import plaintextSecretRule from './plaintext-secret/index.js';
import httpUrlRule from './http-url/index.js';
import wildcardAccessRule from './wildcard-access/index.js';
import wildcardRedirectRule from './wildcard-redirect/index.js';
import uiScriptsRule from './ui-scripts/index.js';

export const rules: readonly Rule[] = [
  openSignUpRule,
  insecureTlsRule,
  plaintextSecretRule,
  httpUrlRule,
  wildcardAccessRule,
  wildcardRedirectRule,
  uiScriptsRule,
];
