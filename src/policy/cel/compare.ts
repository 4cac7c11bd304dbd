/**
 * Ordering of values as cel-go's traits.Comparer does it: bool, the numbers (across int, uint and double), string,
 * bytes, timestamp and duration; values of other types, or of two types that do not compare, are "no such
 * overload"; a NaN is "NaN values cannot be ordered".
 */
import { CelDuration, CelError, CelTimestamp, compareBytes, compareNumeric, compareStrings, noSuchOverload, numeric, type CelValue } from './values.js';

export function compareValues(a: CelValue, b: CelValue): number | CelError {
  const na = numeric(a);
  if (na) {
    const nb = numeric(b);
    if (!nb) return noSuchOverload();
    const c = compareNumeric(na, nb);
    return c === undefined ? new CelError('NaN values cannot be ordered') : c;
  }
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
  if (typeof a === 'string' && typeof b === 'string') return compareStrings(a, b);
  if (a instanceof Uint8Array && b instanceof Uint8Array) return compareBytes(a, b);
  if ((a instanceof CelTimestamp && b instanceof CelTimestamp) || (a instanceof CelDuration && b instanceof CelDuration)) {
    return a.nanos === b.nanos ? 0 : a.nanos < b.nanos ? -1 : 1;
  }
  return noSuchOverload();
}

/** Whether a value has an order at all (traits.Comparer). */
export function isComparable(a: CelValue): boolean {
  return numeric(a) !== undefined || typeof a === 'boolean' || typeof a === 'string' || a instanceof Uint8Array || a instanceof CelTimestamp || a instanceof CelDuration;
}
