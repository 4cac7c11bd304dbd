/**
 * Field and index selection on values, with cel-go's errors (interpreter/attributes.go refQualify): "no such key: x"
 * for a missing map key or field, "index out of bounds: i" for a list; `_?._` and `_[?_]` give optionals instead.
 */
import { INT64_MAX } from '../../formats/go-int.js';
import { typeName } from './types.js';
import { CelError, CelOptional, CelUint, isError, mapGet, typeOfValue, type CelValue, type Result } from './values.js';
import { formatValue } from './format-value.js';

function missingKey(key: CelValue): CelError {
  return new CelError(`no such key: ${formatValue(key)}`);
}

/** The index of a list as cel-go accepts it (types.IndexOrError): an int, or a uint or double without loss. */
function listIndex(key: CelValue): number | CelError {
  if (typeof key === 'bigint') return Number(key);
  if (key instanceof CelUint) return key.value <= INT64_MAX ? Number(key.value) : new CelError(`unsupported index value ${key.value} in list`);
  if (typeof key === 'number') {
    if (Number.isInteger(key)) return key;
    return new CelError(`unsupported index value ${formatValue(key)} in list`);
  }
  return new CelError(`unsupported index type '${typeName(typeOfValue(key))}' in list`);
}

/** cel-go's %T of a value, as its messages print it. */
export function goTypeOf(value: CelValue): string {
  if (value === null) return 'types.Null';
  switch (typeof value) {
    case 'string':
      return 'types.String';
    case 'bigint':
      return 'types.Int';
    case 'number':
      return 'types.Double';
    case 'boolean':
      return 'types.Bool';
    default:
      break;
  }
  if (value instanceof CelUint) return 'types.Uint';
  if (value instanceof Uint8Array) return 'types.Bytes';
  if (value instanceof CelOptional) return '*types.Optional';
  return typeof value;
}

/**
 * `operand.field`, and `has(operand.field)`: on a map, its key; on a list, an error (a field is no index); on
 * anything else, "no such key", and has() is false (cel-go without EnableErrorOnBadPresenceTest, as Kubernetes).
 */
export function selectField(operand: CelValue, field: string, testOnly: boolean): Result {
  // A field of an optional value is optional too, none when absent (cel-go attributes.go applyQualifiers).
  if (operand instanceof CelOptional) {
    const inner = operand.value;
    if (inner === undefined) return testOnly ? false : CelOptional.NONE;
    const present = selectField(inner, field, true);
    if (testOnly || isError(present)) return present;
    return present ? new CelOptional(selectField(inner, field, false) as CelValue) : CelOptional.NONE;
  }
  if (operand instanceof Map) {
    const value = operand.get(field);
    if (testOnly) return value !== undefined;
    return value === undefined ? missingKey(field) : value;
  }
  if (Array.isArray(operand)) return new CelError("unsupported index type 'string' in list");
  return testOnly ? false : missingKey(field);
}

/** `operand[key]`; `optional` for `_[?_]` and `_?._`, which give optional.none() where the key is missing. */
export function indexValue(operand: CelValue, key: CelValue, optional: boolean): Result {
  if (operand instanceof CelOptional) {
    if (operand.value === undefined) return CelOptional.NONE;
    return indexValue(operand.value, key, true);
  }
  if (operand instanceof Map) {
    const value = mapGet(operand, key);
    if (value === undefined) return optional ? CelOptional.NONE : missingKey(key);
    return optional ? new CelOptional(value) : value;
  }
  if (Array.isArray(operand)) {
    const index = listIndex(key);
    if (index instanceof CelError) return index;
    if (index < 0 || index >= operand.length) return optional ? CelOptional.NONE : new CelError(`index out of bounds: ${formatValue(key)}`);
    const value = operand[index] as CelValue;
    return optional ? new CelOptional(value) : value;
  }
  return optional ? CelOptional.NONE : missingKey(key);
}
