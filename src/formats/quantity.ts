/**
 * Kubernetes `resource.Quantity`, ported from
 * `k8s.io/apimachinery/pkg/api/resource/quantity.go` (`ParseQuantity`,
 * `parseQuantityString`) and `suffix.go`.
 *
 * Grammar (upstream doc comment):
 *
 *   <quantity>        ::= <signedNumber><suffix>
 *   <number>          ::= <digits> | <digits>.<digits> | <digits>. | .<digits>
 *   <signedNumber>    ::= <number> | <sign><number>
 *   <suffix>          ::= <binarySI> | <decimalExponent> | <decimalSI>
 *   <binarySI>        ::= Ki | Mi | Gi | Ti | Pi | Ei
 *   <decimalSI>       ::= n | u | m | "" | k | M | G | T | P | E
 *   <decimalExponent> ::= "e" <signedNumber> | "E" <signedNumber>
 *
 * The value is returned as an exact rational with the same semantics as
 * upstream: non-zero values finer than 1n are rounded away from zero to the
 * next nano (`0.9n` -> `1n`, `3.001n` -> `4n`), and binary-suffixed values
 * are capped at 2^63-1 in magnitude (`9Ei` -> 2^63-1).
 *
 * Upstream quirks reproduced on purpose (see kubernetes/apimachinery#165):
 * the scanner accepts a number part with no digits, so `Gi`, `k`, `m`, `+`,
 * `-`, `.` and `-.` all parse as ZERO, while `Pi`, `Ei`, `.Ei` fail (they take
 * the arbitrary-precision path, which needs a digit). Such inputs come back
 * with `digitless: true` so a rule can warn that the platform reads them as 0.
 */

import { INT64_MAX, INT64_MIN } from "./go-int.js";
import type { ParseResult } from "./parse-result.js";

export interface QuantityValue {
  /** Numerator (carries the sign). */
  num: bigint;
  /** Denominator, always > 0 (a power of ten: 1 or 10^k). */
  den: bigint;
}

export type QuantityFormat = "DecimalSI" | "BinarySI" | "DecimalExponent";

export type QuantityResult = ParseResult<{
  value: QuantityValue;
  format: QuantityFormat;
  /** The number part had no digit (e.g. `Gi`, `-`): upstream parses it as 0. */
  digitless: boolean;
}>;

const SPLIT_RE_STRING = "^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$";
export const ERR_FORMAT_WRONG = `quantities must match the regular expression '${SPLIT_RE_STRING}'`;
export const ERR_NUMERIC = "unable to parse numeric part of quantity";
export const ERR_SUFFIX = "unable to parse quantity's suffix";

/** `maxAllowed` in quantity.go: 2^63-1. */
const MAX_ALLOWED = INT64_MAX;
/** maxInt64Factors in amount.go. */
const MAX_INT64_FACTORS = 18;
const NANO = -9;
/**
 * Largest |decimal exponent| we evaluate exactly. Go keeps such values
 * lazily (int64Amount{value, scale} / inf.Dec) and accepts any int32 scale;
 * materialising 10^2147483647 is not possible, so beyond this we report an
 * error instead (documented deviation; no real manifest needs 10^10000).
 */
export const MAX_EVALUATED_EXPONENT = 10_000;

const SUFFIX_CHARS = "eEinumkKMGTP";

interface ParsedString {
  positive: boolean;
  value: string;
  num: string;
  denom: string;
  suffix: string;
}

function isDigitCode(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** Port of `parseQuantityString`. Returns null on ErrFormatWrong. */
function parseQuantityString(str: string): ParsedString | null {
  let positive = true;
  let pos = 0;
  const end = str.length;
  let num = "";
  let denom = "";
  let value = "";

  // handle leading sign
  if (pos < end) {
    if (str[0] === "-") {
      positive = false;
      pos++;
    } else if (str[0] === "+") {
      pos++;
    }
  }

  // strip leading zeros
  for (let i = pos; ; i++) {
    if (i >= end) {
      num = "0";
      value = num;
      return { positive, value, num, denom: "", suffix: "" };
    }
    if (str[i] === "0") pos++;
    else break;
  }

  // extract the numerator
  for (let i = pos; ; i++) {
    if (i >= end) {
      num = str.slice(pos, end);
      value = str.slice(0, end);
      return { positive, value, num, denom: "", suffix: "" };
    }
    if (!isDigitCode(str.charCodeAt(i))) {
      num = str.slice(pos, i);
      pos = i;
      break;
    }
  }

  // if we stripped all numerator positions, always return 0
  if (num.length === 0) num = "0";

  // handle a denominator
  if (pos < end && str[pos] === ".") {
    pos++;
    for (let i = pos; ; i++) {
      if (i >= end) {
        denom = str.slice(pos, end);
        value = str.slice(0, end);
        return { positive, value, num, denom, suffix: "" };
      }
      if (!isDigitCode(str.charCodeAt(i))) {
        denom = str.slice(pos, i);
        pos = i;
        break;
      }
    }
  }
  value = str.slice(0, pos);

  // grab the elements of the suffix
  const suffixStart = pos;
  for (let i = pos; ; i++) {
    if (i >= end) {
      return { positive, value, num, denom, suffix: str.slice(suffixStart, end) };
    }
    if (!SUFFIX_CHARS.includes(str[i] ?? "")) {
      pos = i;
      break;
    }
  }
  if (pos < end && (str[pos] === "-" || str[pos] === "+")) pos++;
  for (let i = pos; ; i++) {
    if (i >= end) {
      return { positive, value, num, denom, suffix: str.slice(suffixStart, end) };
    }
    if (!isDigitCode(str.charCodeAt(i))) break;
  }
  // we encountered a non decimal in the Suffix loop, but the last character
  // was not a valid exponent
  return null;
}

const DEC_SUFFIXES: ReadonlyMap<string, number> = new Map([
  ["n", -9],
  ["u", -6],
  ["m", -3],
  ["", 0],
  ["k", 3],
  ["M", 6],
  ["G", 9],
  ["T", 12],
  ["P", 15],
  ["E", 18],
]);
const BIN_SUFFIXES: ReadonlyMap<string, number> = new Map([
  ["Ki", 10],
  ["Mi", 20],
  ["Gi", 30],
  ["Ti", 40],
  ["Pi", 50],
  ["Ei", 60],
]);

/** Go's `int32(x)` conversion (two's complement wrap). */
function wrapInt32(x: bigint): number {
  return Number(BigInt.asIntN(32, x));
}

/** Port of `suffixHandler.interpret`. */
function interpret(suffix: string): { base: 2 | 10; exponent: number; format: QuantityFormat } | null {
  const d = DEC_SUFFIXES.get(suffix);
  if (d !== undefined) return { base: 10, exponent: d, format: "DecimalSI" };
  const b = BIN_SUFFIXES.get(suffix);
  if (b !== undefined) return { base: 2, exponent: b, format: "BinarySI" };
  if (suffix.length > 1 && (suffix[0] === "E" || suffix[0] === "e")) {
    // strconv.ParseInt(suffix[1:], 10, 64): optional sign, then digits only.
    const m = /^[+-]?[0-9]+$/.exec(suffix.slice(1));
    if (!m) return null;
    const parsed = BigInt(suffix.slice(1));
    if (parsed > INT64_MAX || parsed < INT64_MIN) return null;
    return { base: 10, exponent: wrapInt32(parsed), format: "DecimalExponent" };
  }
  return null;
}

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

function digitCount(x: bigint): number {
  return x === 0n ? 1 : (x < 0n ? -x : x).toString().length;
}

/** ceil(a / b) for a >= 0, b > 0. */
function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

/** Drop common factors of ten, keeping the denominator a power of ten. */
function normalize(num: bigint, den: bigint): QuantityValue {
  if (num === 0n) return { num: 0n, den: 1n };
  while (den > 1n && num % 10n === 0n && den % 10n === 0n) {
    num /= 10n;
    den /= 10n;
  }
  return { num, den };
}

/**
 * `resource.ParseQuantity(str)` as upstream does it (no trimming: leading or
 * trailing spaces are errors here; see `quantityFromYaml` (quantity-values.ts) for the JSON
 * decoder's trimming).
 */
export function parseQuantity(str: string): QuantityResult {
  if (typeof str !== "string") return { ok: false, reason: ERR_FORMAT_WRONG };
  if (str.length === 0) return { ok: false, reason: ERR_FORMAT_WRONG };
  if (str === "0") return { ok: true, value: { num: 0n, den: 1n }, format: "DecimalSI", digitless: false };

  const p = parseQuantityString(str);
  if (p === null) return { ok: false, reason: ERR_FORMAT_WRONG };

  const it = interpret(p.suffix);
  if (it === null) return { ok: false, reason: ERR_SUFFIX };
  let format = it.format;
  const { base, exponent } = it;
  // "Digitless" = no digit in the number part at all (`Gi`, `+`, `-.`).
  const digitless = !/[0-9]/.test(str.slice(0, str.length - p.suffix.length));

  // Decide between the int64 fast path and the inf.Dec path exactly like
  // upstream, because only the latter rejects a digitless number.
  let precision = 0;
  let scale = 0;
  let mantissa = 1n;
  if (format === "DecimalExponent" || format === "DecimalSI") {
    scale = exponent;
    precision = MAX_INT64_FACTORS - (p.num.length + p.denom.length);
  } else {
    scale = 0;
    if (exponent >= 0 && p.denom.length === 0) {
      mantissa = 1n << BigInt(exponent);
      precision = 15 - p.num.length - Math.trunc((exponent * 3) / 10) - 1; // exponent is 10..60: exact
    } else {
      precision = -1;
    }
  }

  const sign = p.positive ? 1n : -1n;
  if (precision >= 0) {
    scale = wrapInt32(BigInt(scale) - BigInt(p.denom.length));
    if (scale >= NANO) {
      const shifted = BigInt(p.num + p.denom); // <= 18 digits here, never overflows int64
      const result = shifted * mantissa;
      if (result <= INT64_MAX) {
        // Exact int64Amount{value: result, scale}.
        if (result === 0n) return { ok: true, value: { num: 0n, den: 1n }, format, digitless };
        if (scale > MAX_EVALUATED_EXPONENT) {
          return { ok: false, reason: `exponent ${scale} is too large for platlint to evaluate` };
        }
        const value = scale >= 0 ? normalize(sign * result * pow10(scale), 1n) : normalize(sign * result, pow10(-scale));
        return { ok: true, value, format, digitless };
      }
    }
  }

  // inf.Dec path: amount.SetString(value) needs at least one digit.
  if (!/[0-9]/.test(p.value)) return { ok: false, reason: ERR_NUMERIC };

  // |value| = M / 10^d, M = digits of num+denom, d = len(denom).
  const m = BigInt(p.num + p.denom);
  const d = p.denom.length;
  let absNum: bigint;
  let absDen: bigint;
  if (base === 10) {
    // amount * 10^exponent
    const e = exponent - d; // total decimal exponent of M
    if (e > MAX_EVALUATED_EXPONENT && m !== 0n) {
      return { ok: false, reason: `exponent ${exponent} is too large for platlint to evaluate` };
    }
    if (m === 0n) {
      absNum = 0n;
      absDen = 1n;
    } else if (e >= 0) {
      absNum = m * pow10(e);
      absDen = 1n;
    } else if (e >= NANO) {
      absNum = m;
      absDen = pow10(-e);
    } else {
      // Round up (away from zero) to nano: ceil(M / 10^(-9-e)) / 10^9.
      const shift = NANO - e; // > 0
      if (m === 0n) {
        absNum = 0n;
      } else if (shift > digitCount(m) + 1) {
        absNum = 1n; // 0 < M / 10^shift < 1
      } else {
        absNum = ceilDiv(m, pow10(shift));
      }
      absDen = pow10(9);
    }
  } else {
    // amount * 2^exponent, then round up to nano.
    const scaled = m * (1n << BigInt(exponent)); // value = scaled / 10^d
    if (d <= 9) {
      absNum = scaled;
      absDen = pow10(d);
    } else {
      absNum = scaled === 0n ? 0n : ceilDiv(scaled, pow10(d - 9));
      absDen = pow10(9);
    }
  }

  // BinarySI values are capped at 2^63-1.
  if (format === "BinarySI" && absNum > MAX_ALLOWED * absDen) {
    absNum = MAX_ALLOWED;
    absDen = 1n;
  }
  if (format === "BinarySI" && absNum > 0n && absNum < absDen) {
    // Fractional binary amounts below 1 are reported as DecimalSI upstream.
    format = "DecimalSI";
  }
  return { ok: true, value: normalize(sign * absNum, absDen), format, digitless };
}

/** True when `str` parses as a quantity. */
export function isQuantity(str: string): boolean {
  return parseQuantity(str).ok;
}
