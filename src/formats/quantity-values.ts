/**
 * Quantities as a manifest holds them, read the way the platform's JSON decoder reads them into a
 * `resource.Quantity`, and their values compared and printed exactly (the parser itself is quantity.ts).
 */
import { goTrimRight, goTrimSpace } from "./go-text.js";
import { memoizeByString } from "./memo.js";
import { parseQuantity, type QuantityResult, type QuantityValue } from "./quantity.js";

export type { QuantityValue };

/** A string quantity, trimmed as the JSON decoder trims it; a repository repeats the same few (`500m`, `1Gi`). */
const quantityFromString = memoizeByString((value: string) => parseQuantity(goTrimSpace(value)), 256, 64);

/**
 * A quantity as written in a YAML manifest: the platform decodes it through
 * `Quantity.UnmarshalJSON`, which trims surrounding white space and accepts a
 * JSON number as well as a string (`cpu: 1`, `cpu: 0.5`, `cpu: "500m"`).
 * `null`/`undefined` are not quantities here (callers treat them as absent).
 */
export function quantityFromYaml(value: unknown): QuantityResult {
  if (typeof value === "string") return quantityFromString(value);
  if (typeof value === "bigint") return parseQuantity(value.toString());
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return { ok: false, reason: "quantity must be a finite number" };
    // JS shortest round-trip formatting has the same value as Go's JSON
    // encoding of the float64 (e.g. "1e+21", "1e-7", "0.5").
    return parseQuantity(String(value));
  }
  return { ok: false, reason: "a quantity must be a string (e.g. \"500m\", \"1Gi\") or a number" };
}

/** Exact comparison of two quantity values: -1, 0 or 1. */
export function compareQuantities(a: QuantityValue, b: QuantityValue): -1 | 0 | 1 {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
}

/** Human-readable exact decimal rendering of a value (for messages). */
export function formatQuantityValue(v: QuantityValue): string {
  const neg = v.num < 0n;
  const abs = neg ? -v.num : v.num;
  let den = v.den;
  let k = 0;
  while (den % 10n === 0n && den > 1n) {
    den /= 10n;
    k++;
  }
  if (den !== 1n) return `${v.num}/${v.den}`;
  if (k === 0) return `${neg ? "-" : ""}${abs}`;
  const s = abs.toString().padStart(k + 1, "0");
  const int = s.slice(0, s.length - k);
  const frac = goTrimRight(s.slice(s.length - k), "0");
  return `${neg ? "-" : ""}${int}${frac ? "." + frac : ""}`;
}
