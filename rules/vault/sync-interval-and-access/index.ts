import { type DataPath, defineRule, displayPath, getIn, isRecord, parseGoDuration, recordAt } from '../../api.js';

const VAULT: DataPath = ['status', 'vault'];

/** A string field that is set to something: absent, null and "" all mean "not set" to the platform. */
function isGiven(value: unknown): boolean {
  return typeof value === 'string' ? value !== '' : value !== undefined && value !== null;
}

const rule = defineRule({
  meta: {
    id: 'vault/sync-interval-and-access',
    description: 'Require a valid vault sync interval and warn on an enabled vault integration without an address or credentials',
    severity: 'error',
    sources: ['spec', 'upstream'],
    sections: ['status.vault'],
    kinds: ['Config'],
  },
  messages: {
    syncIntervalInvalid: {
      text: '{{field}} is "{{value}}", which Go\'s time.ParseDuration rejects ({{reason}}).',
      note: 'The vault sync cannot be scheduled. Write a number with a unit such as "30s", "5m" or "1h30m" (units ns, us, ms, s, m, h; there is no "d"), or leave it out for the default 1m.',
    },
    syncIntervalNotPositive: {
      text: '{{field}} is "{{value}}", but the sync interval must be greater than zero.',
      note: 'A zero or negative interval cannot schedule a periodic sync. Write a positive duration such as "5m", or leave it out for the default 1m.',
    },
    noAddress: {
      text: '{{field}} is true but {{vault}}.address is not set.',
      note: 'The platform then takes the vault address from its environment (VAULT_ADDR), and without it the vault client talks to https://127.0.0.1:8200. Set address to the vault URL, e.g. https://vault.example.com:8200.',
      severity: 'warning',
    },
    noAuth: {
      text: '{{field}} is true but {{vault}}.auth has neither a token nor a tokenSecretRef.',
      note: 'The platform has no token to log in to the vault with, so syncing fails unless one happens to be set in its environment (VAULT_TOKEN). Set auth.tokenSecretRef (name and key of a secret holding the token), or auth.token.',
      severity: 'warning',
    },
  },
  check(doc, ctx) {
    const vault = recordAt(doc.data, VAULT);
    if (!vault) return;

    const syncPath: DataPath = [...VAULT, 'syncInterval'];
    const syncInterval = vault['syncInterval'];
    if (typeof syncInterval === 'string') {
      const parsed = parseGoDuration(syncInterval);
      if (!parsed.ok) {
        ctx.report({ messageId: 'syncIntervalInvalid', path: syncPath, data: { field: displayPath(syncPath), value: syncInterval, reason: parsed.reason } });
      } else if (parsed.nanoseconds <= 0n) {
        ctx.report({ messageId: 'syncIntervalNotPositive', path: syncPath, data: { field: displayPath(syncPath), value: syncInterval } });
      }
    }

    if (vault['enabled'] !== true) return;
    const enabledPath: DataPath = [...VAULT, 'enabled'];
    const data = { field: displayPath(enabledPath), vault: displayPath(VAULT) };
    if (!isGiven(vault['address'])) ctx.report({ messageId: 'noAddress', path: enabledPath, at: 'key', data });

    const auth = vault['auth'];
    const hasToken = isRecord(auth) && isGiven(auth['token']);
    const hasSecretRef = isRecord(auth) && isRecord(auth['tokenSecretRef']);
    if (!hasToken && !hasSecretRef) {
      // Point at `auth` when it is written (and empty), else at `enabled`.
      const authPath: DataPath = [...VAULT, 'auth'];
      const at = getIn(doc.data, authPath) !== undefined ? authPath : enabledPath;
      ctx.report({ messageId: 'noAuth', path: at, at: 'key', data });
    }
  },
});

export default rule;
