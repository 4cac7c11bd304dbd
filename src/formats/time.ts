/**
 * RFC 3339 timestamps exactly as Go's `time.Parse(time.RFC3339, s)` accepts
 * them (this is what `metav1.Time.UnmarshalJSON` calls).
 *
 * Go first tries a strict fast path (`parseRFC3339` in
 * `src/time/format_rfc3339.go`) and, when that fails, falls back to the
 * general layout parser (`parse` in `src/time/format.go`) with the layout
 * `2006-01-02T15:04:05Z07:00`. The fallback is more lenient, and since Go
 * 1.20 "strict parsing is disabled" for it (golang/go#54580), so Go accepts:
 *
 * - a one-digit hour (`2000-01-01T1:12:34Z`; the layout's `15` is not zero-padded),
 * - a fractional second even though the layout has none, with `.` or `,`
 *   (`...T00:00:00,000Z`), any number of digits,
 * - zone offsets up to `+24:00` and `+xx:60` (range check is `> 24` / `> 60`).
 *
 * It rejects: lowercase `t` or `z`, a missing zone, a space before the zone,
 * two-digit years, one-digit month/day/minute/second, month 0/13, day 0 or past
 * the end of the month (leap years honoured), hour 24, minute 60, second 60
 * (no leap seconds), `+123:45`, and any trailing text.
 *
 * This module ports that fallback parser for the RFC 3339 layout; as the
 * fallback accepts a superset of the fast path, it decides acceptance alone.
 */

import { goTimeQuote } from "./go-quote.js";
import type { ParseFailure, ParseResult } from "./parse-result.js";

export interface RFC3339Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Nanoseconds, truncated to 9 digits as Go does. */
  nanosecond: number;
}

export type RFC3339Result = ParseResult<{
  /** The offset is zero (`Z`, `+00:00` or `-00:00`). */
  utc: boolean;
  /** The zone was written as `Z` (how Kubernetes serializes UTC). */
  zulu: boolean;
  /** Zone offset east of UTC in seconds. */
  offsetSeconds: number;
  fields: RFC3339Fields;
}>;

const RFC3339_LAYOUT = "2006-01-02T15:04:05Z07:00";

/** Go's `daysIn(month, year)`. */
export function daysIn(month: number, year: number): number {
  if (month === 2) {
    const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    return leap ? 29 : 28;
  }
  return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 31;
}

/** `YYYY-MM-DD` naming a day of the calendar: RFC 3339's full-date (2027-02-30 and 9999-99-99 are none). */
export function isCalendarDate(s: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(month, year);
}

function isDigit(s: string, i: number): boolean {
  if (s.length <= i) return false;
  const c = s.charCodeAt(i);
  return c >= 0x30 && c <= 0x39;
}

function digitAt(s: string, i: number): number {
  return s.charCodeAt(i) - 0x30;
}

/** Go's `getnum(s, fixed)`: one or two digits (exactly two when fixed). */
function getnum(s: string, fixed: boolean): { n: number; rest: string } | null {
  if (!isDigit(s, 0)) return null;
  if (!isDigit(s, 1)) {
    if (fixed) return null;
    return { n: digitAt(s, 0), rest: s.slice(1) };
  }
  return { n: digitAt(s, 0) * 10 + digitAt(s, 1), rest: s.slice(2) };
}


function cannotParse(value: string, elem: string, layoutElem: string): ParseFailure {
  return {
    ok: false,
    reason: `parsing time ${goTimeQuote(value)} as ${goTimeQuote(RFC3339_LAYOUT)}: cannot parse ${goTimeQuote(elem)} as ${goTimeQuote(layoutElem)}`,
  };
}

function outOfRange(value: string, what: string): ParseFailure {
  return { ok: false, reason: `parsing time ${goTimeQuote(value)}: ${what} out of range` };
}

/**
 * The layout's numbers after the year, each behind its one-character separator: one or two digits (exactly two
 * where `fixed`) within `range`. The day has none: it is checked against its month at the end, as Go does.
 */
const NUMBER_ELEMENTS: readonly {
  separator: string;
  layout: string;
  field: "month" | "day" | "hour" | "minute" | "second";
  fixed: boolean;
  range?: readonly [number, number];
}[] = [
  { separator: "-", layout: "01", field: "month", fixed: true, range: [1, 12] }, // "01": two-digit month 1..12.
  { separator: "-", layout: "02", field: "day", fixed: true }, // "02": two-digit day, validated against the month at the end.
  { separator: "T", layout: "15", field: "hour", fixed: false, range: [0, 23] }, // "15": one- or two-digit hour 0..23.
  { separator: ":", layout: "04", field: "minute", fixed: true, range: [0, 59] }, // "04": two-digit minute 0..59.
  { separator: ":", layout: "05", field: "second", fixed: true, range: [0, 59] }, // "05": two-digit second 0..59.
];

/**
 * Parse `s` as Go's `time.Parse(time.RFC3339, s)` would. On failure the
 * reason is Go's own error text.
 */
export function parseRFC3339(s: string): RFC3339Result {
  if (typeof s !== "string") return { ok: false, reason: "not a string" };
  const orig = s;
  // Every accepted character is ASCII; Go works on bytes, and a non-ASCII
  // character can never satisfy any element, so reject early (same outcome).
  let v = s;

  // "2006": four digits.
  if (v.length < 4 || !isDigit(v, 0)) return cannotParse(orig, v, "2006");
  const yearStr = v.slice(0, 4);
  if (!/^[0-9]{4}$/.test(yearStr)) return cannotParse(orig, v, "2006");
  const year = Number(yearStr);
  v = v.slice(4);

  const fields: RFC3339Fields = { year, month: 0, day: 0, hour: 0, minute: 0, second: 0, nanosecond: 0 };
  for (const element of NUMBER_ELEMENTS) {
    if (!v.startsWith(element.separator)) return cannotParse(orig, v, element.separator);
    v = v.slice(1);
    const got = getnum(v, element.fixed);
    if (!got) return cannotParse(orig, v, element.layout);
    if (element.range && (got.n < element.range[0] || got.n > element.range[1])) return outOfRange(orig, element.field);
    fields[element.field] = got.n;
    v = got.rest;
  }

  // After the second, an optional fraction ('.' or ',').
  if (v.length >= 2 && (v[0] === "." || v[0] === ",") && isDigit(v, 1)) {
    let n = 2;
    while (n < v.length && isDigit(v, n)) n++;
    // parseNanoseconds: at most 9 digits are significant (truncation).
    const digits = v.slice(1, Math.min(n, 10));
    fields.nanosecond = Number(digits.padEnd(9, "0"));
    v = v.slice(n);
  }

  // "Z07:00"
  let offsetSeconds = 0;
  let zulu = false;
  if (v.length >= 1 && v[0] === "Z") {
    v = v.slice(1);
    zulu = true;
  } else {
    if (v.length < 6 || v[3] !== ":") return cannotParse(orig, v, "Z07:00");
    const sign = v[0];
    const hr = getnum(v.slice(1, 3), true);
    const mm = getnum(v.slice(4, 6), true);
    if (!hr || !mm) return cannotParse(orig, v, "Z07:00");
    if (hr.n > 24) return outOfRange(orig, "time zone offset hour");
    if (mm.n > 60) return outOfRange(orig, "time zone offset minute");
    if (sign !== "+" && sign !== "-") return cannotParse(orig, v, "Z07:00");
    const abs = (hr.n * 60 + mm.n) * 60;
    offsetSeconds = sign === "-" && abs !== 0 ? -abs : abs;
    v = v.slice(6);
  }

  if (v.length > 0) {
    return { ok: false, reason: `parsing time ${goTimeQuote(orig)}: extra text: ${goTimeQuote(v)}` };
  }

  if (fields.day < 1 || fields.day > daysIn(fields.month, year)) return outOfRange(orig, "day");

  return {
    ok: true,
    utc: offsetSeconds === 0,
    zulu,
    offsetSeconds,
    fields,
  };
}

/** Convenience: `parseRFC3339(s).ok`. */
export function isRFC3339(s: string): boolean {
  return parseRFC3339(s).ok;
}
