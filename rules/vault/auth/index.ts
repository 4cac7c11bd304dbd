import { type DataPath, defineRule, isBlank, isRecord } from '../../api.js';
import { ENABLED_VAULT_NAMES, VAULT, VAULT_ENABLED } from '../shared.js';

const AUTH: DataPath = [...VAULT, 'auth'];

const rule = defineRule({
  meta: {
    id: 'vault/auth',
    description: 'Warn on an enabled vault integration without a token or a token secret to log in with',
    severity: 'warning',
    sources: ['spec', 'upstream'],
    kinds: ['Config'],
  },
  messages: {
    noAuth: {
      text: '{{field}} is true but {{vault}}.auth has neither a token nor a tokenSecretRef.',
      note: 'The platform has no token to log in to the vault with, so syncing fails unless one happens to be set in its environment (VAULT_TOKEN). Set auth.tokenSecretRef (name and key of a secret holding the token), or auth.token.',
    },
  },
  given: { path: VAULT, type: 'mapping' },
  check(vault, ctx) {
    if (vault['enabled'] !== true) return;
    const auth = vault['auth'];
    if (isRecord(auth) && (!isBlank(auth['token']) || isRecord(auth['tokenSecretRef']))) return;
    // Point at `auth` when it is written (and empty), else at `enabled`.
    ctx.report({ messageId: 'noAuth', path: auth !== undefined ? AUTH : VAULT_ENABLED, at: 'key', data: ENABLED_VAULT_NAMES });
  },
});

export default rule;
