import { type DataPath, defineRule, displayPath } from '../../api.js';

const WINDOW: DataPath = ['status', 'cloud', 'maintenanceWindow'];

/** Go's `time.Weekday.String()` names, which is how a Go service spells a day. */
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const TIME_WINDOW = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/;

/** A day this value is probably meant to be: same name in another case, or an abbreviation (`Mon`, `thurs`). */
function intendedDay(value: string): string | undefined {
  const lower = value.trim().toLowerCase().replace(/\.$/, '');
  if (lower.length < 2) return undefined;
  const matches = DAYS.filter((d) => d.toLowerCase().startsWith(lower));
  return matches.length === 1 ? matches[0] : undefined;
}

const rule = defineRule({
  meta: {
    id: 'cloud/maintenance-window',
    description: 'Require a day name and an HH:MM-HH:MM time range in the cloud maintenance window',
    severity: 'error',
    sources: ['spec'],
    kinds: ['Config'],
  },
  messages: {
    dayInvalid: {
      text: '{{field}} is "{{value}}", not a day name: the maintenance window would never match a day.',
      note: 'Write one of Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday.',
    },
    dayAbbreviated: {
      text: '{{field}} is "{{value}}", not a full day name: the maintenance window would never match a day.',
      note: 'Write "{{day}}".',
    },
    dayCase: {
      text: '{{field}} is "{{value}}", not "{{day}}".',
      note: 'Day names are written as Go prints them ("{{day}}"), and a service comparing names exactly never matches another spelling. Write "{{day}}".',
      severity: 'warning',
    },
    timeWindowFormat: {
      text: '{{field}} is "{{value}}", not a time range of the form HH:MM-HH:MM (two-digit 24-hour times in UTC, no spaces).',
      note: 'Write e.g. "02:00-04:00".',
    },
    timeWindowTime: {
      text: '{{field}} is "{{value}}": "{{time}}" is not a valid 24-hour time (hours 00 to 23, minutes 00 to 59).',
      note: 'Write e.g. "22:00-23:59", or "22:00-02:00" for a window across midnight.',
    },
  },
  given: { path: WINDOW, type: 'mapping' },
  check(window, ctx) {

    const dayPath: DataPath = [...WINDOW, 'dayOfWeek'];
    const day = window['dayOfWeek'];
    if (typeof day === 'string' && day !== '' && !(DAYS as readonly string[]).includes(day)) {
      const field = displayPath(dayPath);
      const intended = intendedDay(day);
      if (intended && intended.toLowerCase() === day.toLowerCase()) {
        ctx.report({
          messageId: 'dayCase',
          path: dayPath,
          data: { field, value: day, day: intended },
          suggestions: [{ description: `Write "${intended}"`, fix: { op: 'set-scalar', path: dayPath, value: intended } }],
        });
      } else if (intended) {
        ctx.report({
          messageId: 'dayAbbreviated',
          path: dayPath,
          data: { field, value: day, day: intended },
          suggestions: [{ description: `Write "${intended}"`, fix: { op: 'set-scalar', path: dayPath, value: intended } }],
        });
      } else {
        ctx.report({ messageId: 'dayInvalid', path: dayPath, data: { field, value: day } });
      }
    }

    const timePath: DataPath = [...WINDOW, 'timeWindow'];
    const time = window['timeWindow'];
    if (typeof time === 'string' && time !== '') {
      const field = displayPath(timePath);
      const match = TIME_WINDOW.exec(time);
      if (!match) {
        ctx.report({ messageId: 'timeWindowFormat', path: timePath, data: { field, value: time } });
        return;
      }
      const [, h1 = '', m1 = '', h2 = '', m2 = ''] = match;
      for (const [h, m] of [[h1, m1], [h2, m2]] as const) {
        if (Number(h) > 23 || Number(m) > 59) {
          ctx.report({ messageId: 'timeWindowTime', path: timePath, data: { field, value: time, time: `${h}:${m}` } });
          return;
        }
      }
    }
  },
});

export default rule;
