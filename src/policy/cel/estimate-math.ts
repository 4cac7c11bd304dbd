/**
 * cel-go's SizeEstimate and CostEstimate arithmetic (checker/cost.go): unsigned 64-bit, saturating at 2^64-1, with
 * costs per unit applied as float64 and rounded up, exactly as Go computes them.
 */
import { UINT64_MAX } from '../../formats/go-int.js';

const TWO_TO_64 = 2 ** 64;

export interface Range {
  min: bigint;
  max: bigint;
}

export const fixed = (n: bigint | number): Range => ({ min: BigInt(n), max: BigInt(n) });
export const UNKNOWN: Range = { min: 0n, max: UINT64_MAX };

export function addU(x: bigint, y: bigint): bigint {
  const sum = x + y;
  return sum > UINT64_MAX ? UINT64_MAX : sum;
}

export function mulU(x: bigint, y: bigint): bigint {
  const product = x * y;
  return product > UINT64_MAX ? UINT64_MAX : product;
}

/** multiplyByCostFactor: float64(x) * y, rounded up, saturated. */
export function mulF(x: bigint, y: number): bigint {
  const xf = Number(x);
  if (xf > 0 && y > 0 && xf > TWO_TO_64 / y) return UINT64_MAX;
  const c = Math.ceil(xf * y);
  if (c >= TWO_TO_64) return UINT64_MAX;
  return BigInt(c);
}

export const add = (a: Range, b: Range): Range => ({ min: addU(a.min, b.min), max: addU(a.max, b.max) });
export const multiply = (a: Range, b: Range): Range => ({ min: mulU(a.min, b.min), max: mulU(a.max, b.max) });
export const byFactor = (a: Range, f: number): Range => ({ min: mulF(a.min, f), max: mulF(a.max, f) });
export const union = (a: Range, b: Range): Range => ({ min: a.min < b.min ? a.min : b.min, max: a.max > b.max ? a.max : b.max });
