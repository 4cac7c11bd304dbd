import { defineRule, isSet, writtenScalar } from '../../api.js';
import { METADATA } from '../helpers.js';

const rule = defineRule({
  meta: {
    id: 'meta/deletion-grace',
    description: 'Require deletionGracePeriodSeconds to be non-negative and only next to deletionTimestamp',
    severity: 'error',
    sources: ['spec'],
    supersedes: ['meta/server-fields'],
  },
  messages: {
    withoutTimestamp: {
      text: 'metadata.deletionGracePeriodSeconds is set without metadata.deletionTimestamp.',
      note: 'The server sets the grace period only together with the deletion timestamp, so alone it describes a deletion that never happened. Remove it (both fields are server-set).',
    },
    negative: {
      text: 'metadata.deletionGracePeriodSeconds is {{value}}: a grace period cannot be negative.',
      note: 'The server sets this field; remove it, or write 0 or more seconds.',
    },
  },
  given: { path: METADATA, type: 'mapping' },
  check(meta, ctx) {
    const grace = meta.deletionGracePeriodSeconds;
    // Non-integers are the schema pass's business; null means absent.
    if (typeof grace !== 'number' || !Number.isInteger(grace)) return;
    const path = ['metadata', 'deletionGracePeriodSeconds'];
    if (grace < 0) ctx.report({ messageId: 'negative', path, data: { value: writtenScalar(ctx.facts, path, grace) } });
    if (!isSet(meta.deletionTimestamp)) ctx.report({ messageId: 'withoutTimestamp', path, at: 'key' });
  },
});

export default rule;
