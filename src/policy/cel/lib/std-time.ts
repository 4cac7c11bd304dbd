/**
 * Timestamps and durations (cel-go common/types/timestamp.go, duration.go): `timestamp()` parses RFC 3339 as Go's
 * time.Parse does, `duration()` Go's time.ParseDuration; the getters read the time in UTC (cel.DefaultUTCTimeZone)
 * or in the named zone, an IANA name or an offset such as "+05:30" or "02:00". Timestamps stay within the years 1 to 9999.
 */
import { parseGoDuration } from '../../../formats/duration.js';
import { goQuote } from '../../../formats/go-quote.js';
import { goTrimRight } from '../../../formats/go-text.js';
import { parseRFC3339 } from '../../../formats/time.js';
import { fn, global, member, type Overload } from '../decls.js';
import { DURATION, INT, STRING, TIMESTAMP } from '../types.js';
import { CelDuration, CelError, CelTimestamp, checkedDuration, checkedInt, type CelValue, type Result } from '../values.js';
import type { Library } from './library.js';

const NANOS = 1_000_000_000n;
/** cel-go's timestamp range: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z. */
const MIN_SECONDS = -62135596800n;
const MAX_SECONDS = 253402300799n;

export function timestamp(nanos: bigint): CelTimestamp | CelError {
  const seconds = nanos >= 0n ? nanos / NANOS : -((-nanos + NANOS - 1n) / NANOS);
  return seconds < MIN_SECONDS || seconds > MAX_SECONDS ? new CelError('timestamp overflow') : new CelTimestamp(nanos);
}

export function addDuration<T extends CelDuration | CelTimestamp>(value: T, nanos: bigint): Result {
  const sum = value.nanos + nanos;
  if (value instanceof CelTimestamp) return timestamp(sum);
  return checkedDuration(sum);
}

export function subtractTimestamps(a: CelTimestamp, b: CelTimestamp): Result {
  return checkedDuration(a.nanos - b.nanos);
}

export function parseTimestamp(text: string): Result {
  const parsed = parseRFC3339(text);
  if (!parsed.ok) return new CelError(parsed.reason);
  const f = parsed.fields;
  const ms = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  // Date.UTC maps years 0-99 to 1900-1999: set the year again.
  const date = new Date(ms);
  date.setUTCFullYear(f.year);
  const seconds = BigInt(date.getTime() / 1000) - BigInt(parsed.offsetSeconds);
  return timestamp(seconds * NANOS + BigInt(f.nanosecond));
}

export function parseDuration(text: string): Result {
  const parsed = parseGoDuration(text);
  return parsed.ok ? new CelDuration(parsed.nanoseconds) : new CelError(parsed.reason);
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function fraction(nanos: bigint): string {
  return nanos === 0n ? '' : `.${goTrimRight(String(nanos).padStart(9, '0'), '0')}`;
}

/** time.RFC3339Nano in UTC, as cel-go's string(timestamp). */
export function formatTimestamp(value: CelTimestamp): string {
  const nanos = ((value.nanos % NANOS) + NANOS) % NANOS;
  const seconds = (value.nanos - nanos) / NANOS;
  const d = new Date(Number(seconds) * 1000);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}${fraction(nanos)}Z`;
}

/** strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s", as cel-go's string(duration). */
export function formatDuration(value: CelDuration): string {
  const negative = value.nanos < 0n;
  const abs = negative ? -value.nanos : value.nanos;
  return `${negative ? '-' : ''}${abs / NANOS}${fraction(abs % NANOS)}s`;
}

interface Civil {
  year: number;
  month: number;
  day: number;
  weekday: number;
  dayOfYear: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/** Go's strconv.Atoi, with its error. */
function atoi(text: string): number | CelError {
  return /^[+-]?[0-9]+$/.test(text) ? Number(text) : new CelError(`strconv.Atoi: parsing ${goQuote(text)}: invalid syntax`);
}

/**
 * A zone written as an offset, "+05:30", "-08:00" or "02:00" (cel-go common/types/timestamp.go timeZone): hours and
 * minutes as Go's Atoi reads them, the minutes subtracted when the text starts with "-".
 */
function fixedOffsetMinutes(zone: string, colon: number): number | CelError {
  const hours = atoi(zone.slice(0, colon));
  if (hours instanceof CelError) return hours;
  const minutes = atoi(zone.slice(colon + 1));
  if (minutes instanceof CelError) return minutes;
  if (minutes < 0 || minutes > 59) return new CelError(`timezone offset minutes out of range [0, 59]: ${zone}`);
  return zone.startsWith('-') ? hours * 60 - minutes : hours * 60 + minutes;
}

function civil(value: CelTimestamp, zone: string | undefined): Civil | CelError {
  const nanos = ((value.nanos % NANOS) + NANOS) % NANOS;
  let ms = Number((value.nanos - nanos) / NANOS) * 1000;
  if (zone !== undefined && zone !== 'UTC' && zone !== '') {
    const colon = zone.indexOf(':');
    if (colon >= 0) {
      const offset = fixedOffsetMinutes(zone, colon);
      if (offset instanceof CelError) return offset;
      ms += offset * 60_000;
    } else {
      let parts: Intl.DateTimeFormatPart[];
      try {
        parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(new Date(ms));
      } catch {
        return new CelError(`unknown time zone ${zone}`);
      }
      const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
      const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
      ms = local + (ms % 1000);
    }
  }
  const d = new Date(ms);
  const start = Date.UTC(d.getUTCFullYear(), 0, 1);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth(),
    day: d.getUTCDate(),
    weekday: d.getUTCDay(),
    dayOfYear: Math.floor((ms - start) / 86_400_000),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    millisecond: Number(nanos / 1_000_000n),
  };
}

function getter(id: string, read: (c: Civil) => number, durationRead?: (nanos: bigint) => bigint): Overload[] {
  const get = (args: readonly CelValue[]): Result => {
    const c = civil(args[0] as CelTimestamp, args[1] as string | undefined);
    return c instanceof CelError ? c : BigInt(read(c));
  };
  const overloads = [member(`timestamp_to_${id}`, [TIMESTAMP], INT, get), member(`timestamp_to_${id}_with_tz`, [TIMESTAMP, STRING], INT, get)];
  if (durationRead) overloads.push(member(`duration_to_${id}`, [DURATION], INT, ([d]) => durationRead((d as CelDuration).nanos)));
  return overloads;
}

export const timeLibrary: Library = {
  name: 'timestamps and durations',
  functions: [
    fn('getFullYear', ...getter('year', (c) => c.year)),
    fn('getMonth', ...getter('month', (c) => c.month)),
    fn('getDayOfYear', ...getter('day_of_year', (c) => c.dayOfYear)),
    fn('getDayOfMonth', ...getter('day_of_month', (c) => c.day - 1)),
    fn('getDate', ...getter('day_of_month_1_based', (c) => c.day)),
    fn('getDayOfWeek', ...getter('day_of_week', (c) => c.weekday)),
    fn('getHours', ...getter('hours', (c) => c.hour, (n) => n / (3600n * NANOS))),
    fn('getMinutes', ...getter('minutes', (c) => c.minute, (n) => n / (60n * NANOS))),
    fn('getSeconds', ...getter('seconds', (c) => c.second, (n) => n / NANOS)),
    fn('getMilliseconds', ...getter('milliseconds', (c) => c.millisecond, (n) => n / 1_000_000n)),
    fn(
      'timestamp',
      global('timestamp_to_timestamp', [TIMESTAMP], TIMESTAMP, ([t]) => t as CelValue),
      global('int64_to_timestamp', [INT], TIMESTAMP, ([s]) => timestamp((s as bigint) * NANOS)),
      global('string_to_timestamp', [STRING], TIMESTAMP, ([s]) => parseTimestamp(s as string)),
    ),
    fn(
      'duration',
      global('duration_to_duration', [DURATION], DURATION, ([d]) => d as CelValue),
      global('string_to_duration', [STRING], DURATION, ([s]) => parseDuration(s as string)),
    ),
  ],
};

export function timestampSeconds(value: CelTimestamp): Result {
  const nanos = ((value.nanos % NANOS) + NANOS) % NANOS;
  return checkedInt((value.nanos - nanos) / NANOS);
}
