/**
 * cel-go's SizeEstimate and CostEstimate arithmetic (checker/cost.go): unsigned 64-bit, saturating at 2^64-1, with
 * costs per unit applied as float64 and rounded up, exactly as Go computes them.
 */

export const MAX_UINT64 = 2n ** 64n - 1n;
const TWO_TO_64 = 2 ** 64;

export interface Range {
  min: bigint;
  max: bigint;
}

export const fixed = (n: bigint | number): Range => ({ min: BigInt(n), max: BigInt(n) });
export const UNKNOWN: Range = { min: 0n, max: MAX_UINT64 };

export function addU(x: bigint, y: bigint): bigint {
  const sum = x + y;
  return sum > MAX_UINT64 ? MAX_UINT64 : sum;
}

export function mulU(x: bigint, y: bigint): bigint {
  const product = x * y;
  return product > MAX_UINT64 ? MAX_UINT64 : product;
}

/** multiplyByCostFactor: float64(x) * y, rounded up, saturated. */
export function mulF(x: bigint, y: number): bigint {
  const xf = Number(x);
  if (xf > 0 && y > 0 && xf > TWO_TO_64 / y) return MAX_UINT64;
  const c = Math.ceil(xf * y);
  if (c >= TWO_TO_64) return MAX_UINT64;
  return BigInt(c);
}

export const add = (a: Range, b: Range): Range => ({ min: addU(a.min, b.min), max: addU(a.max, b.max) });
export const multiply = (a: Range, b: Range): Range => ({ min: mulU(a.min, b.min), max: mulU(a.max, b.max) });
export const byFactor = (a: Range, f: number): Range => ({ min: mulF(a.min, f), max: mulF(a.max, f) });
export const union = (a: Range, b: Range): Range => ({ min: a.min < b.min ? a.min : b.min, max: a.max > b.max ? a.max : b.max });
