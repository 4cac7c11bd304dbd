import { type DataPath, defineRule, displayPath, parseGoDuration } from '../../api.js';
import { VAULT } from '../shared.js';

const SYNC_INTERVAL: DataPath = [...VAULT, 'syncInterval'];

const rule = defineRule({
  meta: {
    id: 'vault/sync-interval',
    description: 'Require the vault sync interval to be a positive Go duration',
    severity: 'error',
    sources: ['spec', 'upstream'],
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
  },
  given: { path: VAULT, type: 'mapping' },
  check(vault, ctx) {
    const syncInterval = vault['syncInterval'];
    if (typeof syncInterval !== 'string') return;
    const field = displayPath(SYNC_INTERVAL);
    const parsed = parseGoDuration(syncInterval);
    if (!parsed.ok) {
      ctx.report({ messageId: 'syncIntervalInvalid', path: SYNC_INTERVAL, data: { field, value: syncInterval, reason: parsed.reason } });
    } else if (parsed.nanoseconds <= 0n) {
      ctx.report({ messageId: 'syncIntervalNotPositive', path: SYNC_INTERVAL, data: { field, value: syncInterval } });
    }
  },
});

export default rule;
