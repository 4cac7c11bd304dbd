import { defineRule, isBlank } from '../../api.js';
import { ENABLED_VAULT_NAMES, VAULT, VAULT_ENABLED } from '../shared.js';

const rule = defineRule({
  meta: {
    id: 'vault/address',
    description: 'Warn on an enabled vault integration without an address',
    severity: 'warning',
    sources: ['spec', 'upstream'],
    kinds: ['Config'],
  },
  messages: {
    noAddress: {
      text: '{{field}} is true but {{vault}}.address is not set.',
      note: 'The platform then takes the vault address from its environment (VAULT_ADDR), and without it the vault client talks to https://127.0.0.1:8200. Set address to the vault URL, e.g. https://vault.example.com:8200.',
    },
  },
  given: { path: VAULT, type: 'mapping' },
  check(vault, ctx) {
    if (vault['enabled'] === true && isBlank(vault['address'])) ctx.report({ messageId: 'noAddress', path: VAULT_ENABLED, at: 'key', data: ENABLED_VAULT_NAMES });
  },
});

export default rule;
