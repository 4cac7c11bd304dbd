/**
 * Durations.
 *
 * - {@link parseGoDuration}: Go's `time.ParseDuration` (`src/time/format.go`),
 *   ported line by line including its overflow checks and its float64
 *   arithmetic for fractions. Used for e.g. `vault.syncInterval`.
 * - {@link parseRetention}: Prometheus' `model.ParseDuration`
 *   (`prometheus/common/model/time.go`), the `1y`, `30d`, `12h`, `1h30m` form
 *   used for metrics retention.
 */

import { INT64_MAX, UINT64_MAX } from "./go-int.js";
import { goQuote, goTimeQuote } from "./go-quote.js";
import type { ParseResult } from "./parse-result.js";

export type DurationResult = ParseResult<{ nanoseconds: bigint }>;

const TWO_63 = 1n << 63n;

const GO_UNITS: ReadonlyMap<string, bigint> = new Map([
  ["ns", 1n],
  ["us", 1_000n],
  ["\u00b5s", 1_000n], // U+00B5 MICRO SIGN
  ["\u03bcs", 1_000n], // U+03BC GREEK SMALL LETTER MU
  ["ms", 1_000_000n],
  ["s", 1_000_000_000n],
  ["m", 60_000_000_000n],
  ["h", 3_600_000_000_000n],
]);

function isAsciiDigit(c: string | undefined): boolean {
  return c !== undefined && c >= "0" && c <= "9";
}

/** Go's `leadingInt`: consumes [0-9]*, errors on uint64 overflow past 1<<63. */
function leadingInt(s: string): { x: bigint; rest: string } | null {
  let i = 0;
  let x = 0n;
  for (; i < s.length; i++) {
    const c = s[i];
    if (!isAsciiDigit(c)) break;
    if (x > TWO_63 / 10n) return null;
    x = x * 10n + BigInt(s.charCodeAt(i) - 0x30);
    if (x > TWO_63) return null;
  }
  return { x, rest: s.slice(i) };
}

/** Go's `leadingFraction`: stops accumulating precision on overflow. */
function leadingFraction(s: string): { x: bigint; scale: number; rest: string } {
  let i = 0;
  let x = 0n;
  let scale = 1;
  let overflow = false;
  for (; i < s.length; i++) {
    const c = s[i];
    if (!isAsciiDigit(c)) break;
    if (overflow) continue;
    if (x > INT64_MAX / 10n) {
      overflow = true;
      continue;
    }
    const y = x * 10n + BigInt(s.charCodeAt(i) - 0x30);
    if (y > TWO_63) {
      overflow = true;
      continue;
    }
    x = y;
    scale *= 10;
  }
  return { x, scale, rest: s.slice(i) };
}

/**
 * Go's `time.ParseDuration`: `[-+]?([0-9]*(\.[0-9]*)?[a-z]+)+` with units
 * `ns`, `us`, `µs` (U+00B5), `μs` (U+03BC), `ms`, `s`, `m`, `h`; a bare `0`
 * (optionally signed) is allowed; no `d`; the result must fit in int64
 * nanoseconds. Error texts are Go's.
 */
export function parseGoDuration(s: string): DurationResult {
  if (typeof s !== "string") return { ok: false, reason: "time: invalid duration (not a string)" };
  const orig = s;
  const invalid = (): DurationResult => ({ ok: false, reason: "time: invalid duration " + goTimeQuote(orig) });
  let d = 0n;
  let neg = false;

  if (s !== "") {
    const c = s[0];
    if (c === "-" || c === "+") {
      neg = c === "-";
      s = s.slice(1);
    }
  }
  if (s === "0") return { ok: true, nanoseconds: 0n };
  if (s === "") return invalid();

  while (s !== "") {
    let f = 0n;
    let scale = 1;

    // The next character must be [0-9.]
    const c0 = s[0];
    if (!(c0 === "." || isAsciiDigit(c0))) return invalid();

    // Consume [0-9]*
    const pl = s.length;
    const li = leadingInt(s);
    if (li === null) return invalid();
    let v = li.x;
    s = li.rest;
    const pre = pl !== s.length;

    // Consume (\.[0-9]*)?
    let post = false;
    if (s !== "" && s[0] === ".") {
      s = s.slice(1);
      const pl2 = s.length;
      const lf = leadingFraction(s);
      f = lf.x;
      scale = lf.scale;
      s = lf.rest;
      post = pl2 !== s.length;
    }
    if (!pre && !post) return invalid();

    // Consume unit.
    let i = 0;
    for (; i < s.length; i++) {
      const c = s[i];
      if (c === "." || isAsciiDigit(c)) break;
    }
    if (i === 0) return { ok: false, reason: "time: missing unit in duration " + goTimeQuote(orig) };
    const u = s.slice(0, i);
    s = s.slice(i);
    const unit = GO_UNITS.get(u);
    if (unit === undefined) {
      return { ok: false, reason: "time: unknown unit " + goTimeQuote(u) + " in duration " + goTimeQuote(orig) };
    }
    if (v > TWO_63 / unit) return invalid();
    v *= unit;
    if (f > 0n) {
      // float64 is needed to be nanosecond accurate for fractions of hours.
      // Same IEEE-754 double operations as Go: float64(f) * (float64(unit) / scale).
      const frac = Number(f) * (Number(unit) / scale);
      v += BigInt(Math.trunc(frac));
      if (v > TWO_63) return invalid();
    }
    d += v;
    if (d > TWO_63) return invalid();
  }
  if (neg) return { ok: true, nanoseconds: -d };
  if (d > INT64_MAX) return invalid();
  return { ok: true, nanoseconds: d };
}

// ---------------------------------------------------------------------------
// Prometheus model.ParseDuration
// ---------------------------------------------------------------------------

export type RetentionResult = ParseResult<{ milliseconds: bigint; nanoseconds: bigint }>;

/** Units must go in order from biggest to smallest (`pos` increasing). */
const PROM_UNITS: ReadonlyMap<string, { pos: number; mult: bigint }> = new Map([
  ["ms", { pos: 7, mult: 1_000_000n }],
  ["s", { pos: 6, mult: 1_000_000_000n }],
  ["m", { pos: 5, mult: 60n * 1_000_000_000n }],
  ["h", { pos: 4, mult: 3600n * 1_000_000_000n }],
  ["d", { pos: 3, mult: 24n * 3600n * 1_000_000_000n }],
  ["w", { pos: 2, mult: 7n * 24n * 3600n * 1_000_000_000n }],
  ["y", { pos: 1, mult: 365n * 24n * 3600n * 1_000_000_000n }],
]);

/**
 * Prometheus `model.ParseDuration` (prometheus/common): one or more
 * `<digits><unit>` with units `y` (365d), `w`, `d`, `h`, `m`, `s`, `ms`, each
 * used at most once and in that order (biggest first); no sign, no fraction,
 * no spaces; a bare `0` is allowed; empty is an error; the total must fit in
 * int64 nanoseconds (so `294y` is out of range, `289y` is fine).
 */
export function parseRetention(s: string): RetentionResult {
  if (typeof s !== "string") return { ok: false, reason: "not a valid duration string" };
  if (s === "0") return { ok: true, milliseconds: 0n, nanoseconds: 0n };
  if (s === "") return { ok: false, reason: "empty duration string" };
  const orig = s;
  const notValid = (): RetentionResult => ({ ok: false, reason: `not a valid duration string: ${goQuote(orig)}` });
  let dur = 0n;
  let lastUnitPos = 0;
  while (s !== "") {
    if (!isAsciiDigit(s[0])) return notValid();
    // Consume [0-9]*
    let i = 0;
    while (i < s.length && isAsciiDigit(s[i])) i++;
    const v = BigInt(s.slice(0, i));
    if (v > UINT64_MAX) return notValid(); // strconv.ParseUint(s, 10, 0) range error
    s = s.slice(i);
    // Consume unit: everything up to the next digit.
    i = 0;
    while (i < s.length && !isAsciiDigit(s[i])) i++;
    if (i === 0) return notValid();
    const u = s.slice(0, i);
    s = s.slice(i);
    const unit = PROM_UNITS.get(u);
    if (unit === undefined) {
      return { ok: false, reason: `unknown unit ${goQuote(u)} in duration ${goQuote(orig)}` };
    }
    if (unit.pos <= lastUnitPos) return notValid();
    lastUnitPos = unit.pos;
    // Check if the provided duration overflows time.Duration (> ~ 290 years).
    if (v > TWO_63 / unit.mult) return { ok: false, reason: "duration out of range" };
    dur += v * unit.mult;
    if (dur > INT64_MAX) return { ok: false, reason: "duration out of range" };
  }
  return { ok: true, milliseconds: dur / 1_000_000n, nanoseconds: dur };
}
