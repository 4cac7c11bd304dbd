import { type DataPath, defineRule, displayPath, getIn, parseRetention } from '../../api.js';
import { COST_CONTROL } from '../shared.js';

const RETENTION_PATHS: readonly DataPath[] = [
  [...COST_CONTROL, 'global', 'metrics', 'retention'],
  [...COST_CONTROL, 'cluster', 'metrics', 'retention'],
];

const rule = defineRule({
  meta: {
    id: 'cost/retention',
    description: "Require the cost-control metrics retentions to be durations in the metrics backend's format",
    severity: 'error',
    sources: ['spec', 'upstream'],
    sections: ['status.costControl'],
    kinds: ['Config'],
  },
  messages: {
    retentionInvalid: {
      text: '{{field}} is "{{value}}", not a retention duration: the metrics backend refuses to start with it.',
      note: 'Write a number with a unit, biggest unit first and each at most once: "1y", "30d", "12h", "1w3d" (units y, w, d, h, m, s, ms; no fractions), or leave it out for the default 1y. The parser says: {{reason}}.',
    },
  },
  check(doc, ctx) {
    for (const path of RETENTION_PATHS) {
      const retention = getIn(doc.data, path);
      // An empty retention is left to the platform's default (1y).
      if (typeof retention !== 'string' || retention === '') continue;
      const parsed = parseRetention(retention);
      if (!parsed.ok) ctx.report({ messageId: 'retentionInvalid', path, data: { field: displayPath(path), value: retention, reason: parsed.reason } });
    }
  },
});

export default rule;
