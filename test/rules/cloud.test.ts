import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/engine/types.js';
import { lintStatus, of } from '../helpers/config.js';
import { spans } from '../helpers/lint.js';

describe('cloud/maintenance-window', () => {
  const window = (day: string, time: string): Diagnostic[] =>
    of('cloud/maintenance-window', lintStatus(`  cloud:\n    maintenanceWindow:\n      dayOfWeek: ${day}\n      timeWindow: ${time}\n`));

  it('accepts every Go weekday name and ranges across midnight', () => {
    for (const day of ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
      expect(window(day, '"22:00-02:00"')).toEqual([]);
    }
  });

  it('reports an abbreviation with the full name, at the value, with a suggestion', () => {
    const d = window('Tues', '"02:00-04:00"');
    expect(spans(d)).toEqual([['cloud/maintenance-window', 8, 18, 8, 22]]);
    expect(d[0]?.message).toBe(
      'status.cloud.maintenanceWindow.dayOfWeek is "Tues", not a full day name: the maintenance window would never match a day.',
    );
    expect(d[0]?.suggestions?.[0]?.edits).toEqual([{ start: expect.any(Number), end: expect.any(Number), text: 'Tuesday' }]);
  });

  it('warns on another case and errs on a non-day', () => {
    expect(window('friday', '"02:00-04:00"').map((x) => [x.severity, x.message])).toEqual([
      ['warning', 'status.cloud.maintenanceWindow.dayOfWeek is "friday", not "Friday".'],
    ]);
    expect(window('"T"', '"02:00-04:00"').map((x) => x.message)).toEqual([
      'status.cloud.maintenanceWindow.dayOfWeek is "T", not a day name: the maintenance window would never match a day.',
    ]);
  });

  it('reports the form and the times of the window', () => {
    expect(window('Sunday', '"2:00-04:00"').map((x) => x.message)).toEqual([
      'status.cloud.maintenanceWindow.timeWindow is "2:00-04:00", not a time range of the form HH:MM-HH:MM (two-digit 24-hour times in UTC, no spaces).',
    ]);
    const d = window('Sunday', '"23:00-24:00"');
    expect(spans(d)).toEqual([['cloud/maintenance-window', 9, 19, 9, 32]]);
    expect(d[0]?.message).toContain('"24:00" is not a valid 24-hour time');
  });
});
