import { type DataPath, defineRule, displayPath, goTrimRight, mappingItems, type NodeFacts, parseRFC3339, type RFC3339Fields, shown } from '../../api.js';
import { METADATA } from '../helpers.js';

/**
 * The text of a timestamp as written. The platform's YAML decoder leaves timestamps as strings; should a YAML 1.1
 * `!!timestamp` ever be resolved to a Date, the source text is what Go's `time.Parse` would see.
 */
function timestampText(value: unknown, path: DataPath, facts: NodeFacts): string | undefined {
  if (typeof value === 'string') return value;
  if (value instanceof Date) return facts.scalar(path)?.source;
  return undefined;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** The same instant written in UTC. */
function inUtc(fields: RFC3339Fields, offsetSeconds: number): string {
  const date = new Date(0);
  date.setUTCFullYear(fields.year, fields.month - 1, fields.day);
  date.setUTCHours(fields.hour, fields.minute, fields.second - offsetSeconds, 0);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}${fraction(fields.nanosecond)}Z`;
}

function fraction(nanosecond: number): string {
  if (nanosecond === 0) return '';
  return `.${goTrimRight(pad(nanosecond, 9), '0')}`;
}

function offsetText(offsetSeconds: number): string {
  const sign = offsetSeconds < 0 ? '-' : '+';
  const abs = Math.abs(offsetSeconds);
  return `${sign}${pad(Math.floor(abs / 3600))}:${pad(Math.floor((abs % 3600) / 60))}`;
}

const rule = defineRule({
  meta: {
    id: 'meta/timestamps',
    description: 'Require metadata timestamps in RFC 3339 as the platform parses them, creationTimestamp in UTC',
    severity: 'error',
    sources: ['spec', 'upstream'],
  },
  messages: {
    invalid: {
      text: '{{field}} "{{value}}" is not an RFC 3339 timestamp the platform can parse.',
      note: 'The server rejects the object. Write a time like 2024-05-14T09:21:37Z. The parser says: {{reason}}.',
    },
    notUtc: {
      text: 'metadata.creationTimestamp "{{value}}" has the offset {{offset}}; creation timestamps are in UTC.',
      note: 'Write the same instant as {{utc}}.',
    },
  },
  given: { path: METADATA, type: 'mapping' },
  check(meta, ctx, { doc }) {
    const check = (path: DataPath, value: unknown, utc: boolean): void => {
      const text = timestampText(value, path, ctx.facts);
      if (text === undefined) return;
      const parsed = parseRFC3339(text);
      if (!parsed.ok) {
        ctx.report({ messageId: 'invalid', path, data: { field: displayPath(path), value: shown(text), reason: parsed.reason } });
        return;
      }
      if (utc && !parsed.utc) {
        const fixed = inUtc(parsed.fields, parsed.offsetSeconds);
        ctx.report({
          messageId: 'notUtc',
          path,
          data: { value: text, offset: offsetText(parsed.offsetSeconds), utc: fixed },
          suggestions: [{ description: `Write ${fixed}`, fix: { op: 'set-scalar', path, value: fixed, quote: true } }],
        });
      }
    };
    check(['metadata', 'creationTimestamp'], meta.creationTimestamp, true);
    check(['metadata', 'deletionTimestamp'], meta.deletionTimestamp, false);
    for (const { value: entry, path } of mappingItems(doc.data, ['metadata', 'managedFields'])) {
      check([...path, 'time'], entry['time'], false);
    }
  },
});

export default rule;
