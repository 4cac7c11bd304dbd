import { type DataPath, defineRule, displayPath, writtenScalar } from '../../api.js';
import { AUDIT } from '../shared.js';

/** What each retention field counts, and what 0 / leaving it out means (spec, "Limits"). */
const FIELDS: readonly { name: string; unit: string; zero: string }[] = [
  { name: 'maxAge', unit: 'days to keep rotated log files', zero: 'leave it out (or write 0) to never remove files by age' },
  { name: 'maxBackups', unit: 'rotated log files to keep', zero: 'leave it out (or write 0) to keep all of them' },
  { name: 'maxSize', unit: 'megabytes a log file may grow to before it is rotated', zero: 'leave it out (or write 0) for the default of 100' },
  { name: 'dataStoreTTL', unit: 'hours to keep events in the data store', zero: 'leave it out for the platform default, or write a number of hours such as 720 (30 days)' },
];

const rule = defineRule({
  meta: {
    id: 'audit/retention',
    description: 'Disallow negative audit log retention and rotation settings',
    severity: 'error',
    sources: ['spec'],
    kinds: ['Config'],
  },
  messages: {
    negative: {
      text: '{{field}} is {{value}}, but it is a number of {{unit}} and cannot be negative.',
      note: 'Write 0 or more; {{zero}}.',
    },
  },
  given: { path: AUDIT, type: 'mapping' },
  check(audit, ctx) {
    for (const { name, unit, zero } of FIELDS) {
      const value = audit[name];
      // Non-integers are schema/type's business.
      if (typeof value !== 'number' || !Number.isInteger(value) || value >= 0) continue;
      const path: DataPath = [...AUDIT, name];
      ctx.report({ messageId: 'negative', path, data: { field: displayPath(path), value: writtenScalar(ctx.facts, path, value), unit, zero } });
    }
  },
});

export default rule;
