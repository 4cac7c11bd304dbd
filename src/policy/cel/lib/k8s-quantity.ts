/**
 * Kubernetes' quantity library (k8s.io/apiserver pkg/cel/library/quantity.go, type in pkg/cel/quantity.go) on
 * platlint's port of resource.ParseQuantity: `quantity()`, `isQuantity()`, `sign()`, `isGreaterThan()`,
 * `isLessThan()`, `compareTo()`, `asApproximateFloat()`, `asInteger()`, `isInteger()`, `add()`, `sub()`.
 */
import { INT64_MAX, INT64_MIN } from '../../../formats/go-int.js';
import { parseQuantity, type QuantityValue } from '../../../formats/quantity.js';
import { compareQuantities } from '../../../formats/quantity-values.js';
import { fn, global, member } from '../decls.js';
import { BOOL, DOUBLE, INT, objectType, STRING } from '../types.js';
import { CelError, type CelValue, type Result, WrapperObject } from '../values.js';
import type { Library } from './library.js';

export const QUANTITY_TYPE = objectType('kubernetes.Quantity');

export class QuantityObject extends WrapperObject<QuantityValue> {
  readonly type = QUANTITY_TYPE;
  protected sameValue(a: QuantityValue, b: QuantityValue): boolean {
    return compareQuantities(a, b) === 0;
  }
}

const q = (v: CelValue | undefined): QuantityValue => (v as QuantityObject).value;

function add(a: QuantityValue, b: QuantityValue, sign: 1n | -1n): QuantityObject {
  return new QuantityObject({ num: a.num * b.den + sign * b.num * a.den, den: a.den * b.den });
}

/** Quantity.AsInt64: the value when it is an integer that fits in int64. */
function asInt64(v: QuantityValue): bigint | undefined {
  if (v.num % v.den !== 0n) return undefined;
  const n = v.num / v.den;
  return n > INT64_MAX || n < INT64_MIN ? undefined : n;
}

function toQuantity(s: string): Result {
  const parsed = parseQuantity(s);
  return parsed.ok ? new QuantityObject(parsed.value) : new CelError(parsed.reason);
}

export const quantityLibrary: Library = {
  name: 'kubernetes.quantity',
  types: [QUANTITY_TYPE],
  functions: [
    fn('quantity', global('string_to_quantity', [STRING], QUANTITY_TYPE, ([s]) => toQuantity(s as string))),
    fn('isQuantity', global('is_quantity_string', [STRING], BOOL, ([s]) => parseQuantity(s as string).ok)),
    fn('sign', global('quantity_sign', [QUANTITY_TYPE], INT, ([a]) => BigInt(Math.sign(Number(q(a).num))))),
    fn('isGreaterThan', member('quantity_is_greater_than', [QUANTITY_TYPE, QUANTITY_TYPE], BOOL, ([a, b]) => compareQuantities(q(a), q(b)) === 1)),
    fn('isLessThan', member('quantity_is_less_than', [QUANTITY_TYPE, QUANTITY_TYPE], BOOL, ([a, b]) => compareQuantities(q(a), q(b)) === -1)),
    fn('compareTo', member('quantity_compare_to', [QUANTITY_TYPE, QUANTITY_TYPE], INT, ([a, b]) => BigInt(compareQuantities(q(a), q(b))))),
    fn('asApproximateFloat', member('quantity_get_float', [QUANTITY_TYPE], DOUBLE, ([a]) => Number(q(a).num) / Number(q(a).den))),
    fn('asInteger', member('quantity_get_int', [QUANTITY_TYPE], INT, ([a]) => asInt64(q(a)) ?? new CelError('cannot convert value to integer'))),
    fn('isInteger', member('quantity_is_integer', [QUANTITY_TYPE], BOOL, ([a]) => asInt64(q(a)) !== undefined)),
    fn(
      'add',
      member('quantity_add', [QUANTITY_TYPE, QUANTITY_TYPE], QUANTITY_TYPE, ([a, b]) => add(q(a), q(b), 1n)),
      member('quantity_add_int', [QUANTITY_TYPE, INT], QUANTITY_TYPE, ([a, b]) => add(q(a), { num: b as bigint, den: 1n }, 1n)),
    ),
    fn(
      'sub',
      member('quantity_sub', [QUANTITY_TYPE, QUANTITY_TYPE], QUANTITY_TYPE, ([a, b]) => add(q(a), q(b), -1n)),
      member('quantity_sub_int', [QUANTITY_TYPE, INT], QUANTITY_TYPE, ([a, b]) => add(q(a), { num: b as bigint, den: 1n }, -1n)),
    ),
  ],
};
