/**
 * CEL values in JavaScript. The document data policies read needs no conversion beyond `toCelData`: integers are
 * `bigint` (int), other numbers `number` (double), mappings `Map`s, sequences arrays. The CEL types JavaScript has no
 * value of (uint, duration, timestamp, type, optional, Kubernetes' opaque types) are classes; an evaluation error is
 * a value too (`CelError`), as in cel-go, so `&&` and `||` can absorb it.
 */
import { INT64_MAX, INT64_MIN, UINT64_MAX } from '../../formats/go-int.js';
import { BOOL, BYTES, DOUBLE, DURATION, DYN, INT, listOf, mapOf, NULL, STRING, TIMESTAMP, typeName, typeOf, UINT, type CelType } from './types.js';

export class CelUint {
  constructor(readonly value: bigint) {}
}

export class CelDuration {
  constructor(readonly nanos: bigint) {}
}

/** A timestamp: nanoseconds since the Unix epoch, UTC. */
export class CelTimestamp {
  constructor(readonly nanos: bigint) {}
}

export class CelTypeValue {
  constructor(readonly type: CelType) {}
}

export class CelOptional {
  static readonly NONE = new CelOptional(undefined);
  constructor(readonly value: CelValue | undefined) {}
  get hasValue(): boolean {
    return this.value !== undefined;
  }
}

/** Values of the opaque and object types libraries declare (Kubernetes' quantity, IP, URL...). */
export abstract class CelObject {
  abstract readonly type: CelType;
  abstract equals(other: CelValue): boolean;
  /** The size cel-go's cost tracker sees (traits.Sizer), when the type has one. */
  size(): number | undefined {
    return undefined;
  }
}

/**
 * An object of a library's own type that wraps one value of its representation: equal to another of its class when
 * the library finds their values the same (a quantity's amount, a version's precedence).
 */
export abstract class WrapperObject<T> extends CelObject {
  constructor(readonly value: T) {
    super();
  }
  protected abstract sameValue(a: T, b: T): boolean;
  equals(other: CelValue): boolean {
    return other instanceof this.constructor && this.sameValue(this.value, (other as WrapperObject<T>).value);
  }
}

/** An evaluation error, carried as a value (cel-go's types.Err). */
export class CelError {
  constructor(
    readonly message: string,
    public exprId?: number,
  ) {}
}

/**
 * The most characters format() may write in one evaluation. cel-go prices format() by the length of its format
 * string, not by what it writes (runtimecost.go), and `"%.999999e"` pads one number to a million characters for one
 * unit; the other calls that build text write at most a few times what they are priced by. Mapped over a list, format()
 * would hold gigabytes, as the API server would; platlint stops the evaluation there with an error instead of running
 * out of memory.
 */
export const MAX_FORMATTED_TEXT = 2 ** 26;

/** Thrown when an evaluation's format() calls have written more than MAX_FORMATTED_TEXT characters. */
export class FormattedTextLimitExceeded extends Error {
  constructor() {
    super(`format() writes more than ${MAX_FORMATTED_TEXT} characters in this evaluation; platlint stops it there (the cost limit prices format() by its format string, not by what it writes, so the API server would hold all of it in memory)`);
  }
}

/** A map key: cel-go keys maps by value and type (1, 1u and 1.0 are three keys); a double or null key is allowed. */
export type MapKey = string | bigint | boolean | CelUint | number | null;

export type CelValue =
  | null
  | boolean
  | bigint
  | number
  | string
  | Uint8Array
  | CelUint
  | CelDuration
  | CelTimestamp
  | CelTypeValue
  | CelOptional
  | CelObject
  | readonly CelValue[]
  | ReadonlyMap<MapKey, CelValue>;

export type Result = CelValue | CelError;

export function isError(value: unknown): value is CelError {
  return value instanceof CelError;
}

export function isList(value: unknown): value is readonly CelValue[] {
  return Array.isArray(value);
}

export function isMap(value: unknown): value is ReadonlyMap<MapKey, CelValue> {
  return value instanceof Map;
}

export function noSuchOverload(): CelError {
  return new CelError('no such overload');
}

/** An int result, or cel-go's "integer overflow" error outside int64. */
export function checkedInt(value: bigint): bigint | CelError {
  return value < INT64_MIN || value > INT64_MAX ? new CelError('integer overflow') : value;
}

/** A duration result, or cel-go's "integer overflow" error when its nanoseconds leave int64. */
export function checkedDuration(nanos: bigint): CelDuration | CelError {
  const checked = checkedInt(nanos);
  return checked instanceof CelError ? checked : new CelDuration(checked);
}

export function checkedUint(value: bigint): CelUint | CelError {
  return value < 0n || value > UINT64_MAX ? new CelError('unsigned integer overflow') : new CelUint(value);
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** The number of code points (CEL's size of a string). */
export function codePointLength(text: string): number {
  if (!SURROGATE.test(text)) return text.length;
  return Array.from(text).length;
}

/** The length of the string in UTF-8 bytes (Go's len(string)). */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** Compares strings in code point order (Go compares UTF-8 bytes, which is the same order). */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs === ys) return x < y ? -1 : 1;
    // A surrogate (a code point above U+FFFF) sorts after every BMP code unit.
    return xs ? 1 : -1;
  }
  return a.length < b.length ? -1 : 1;
}

export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    if (x !== y) return x < y ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

type Numeric = { kind: 'int' | 'uint'; value: bigint } | { kind: 'double'; value: number };

export function numeric(value: unknown): Numeric | undefined {
  if (typeof value === 'bigint') return { kind: 'int', value };
  if (value instanceof CelUint) return { kind: 'uint', value: value.value };
  if (typeof value === 'number') return { kind: 'double', value };
  return undefined;
}

/** float64(math.MaxInt64) and float64(math.MaxUint64), as Go rounds them: 2^63 and 2^64. */
const MAX_INT64_AS_DOUBLE = 2 ** 63;
const MAX_UINT64_AS_DOUBLE = 2 ** 64;

function sign(a: number | bigint, b: number | bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Compares two numbers of any CEL numeric types as cel-go does (common/types/compare.go): an int and a uint
 * exactly, a double and an int or uint by converting the integer to a double (so 2^63-1 equals 2^63.0), after
 * the range checks; undefined when a NaN is involved.
 */
export function compareNumeric(a: Numeric, b: Numeric): number | undefined {
  if (a.kind !== 'double' && b.kind !== 'double') return sign(a.value, b.value);
  if (a.kind === 'double' && b.kind === 'double') return Number.isNaN(a.value) || Number.isNaN(b.value) ? undefined : sign(a.value, b.value);
  const [d, n, flip] = a.kind === 'double' ? [a.value, b as Exclude<Numeric, { kind: 'double' }>, 1] : [b.value as number, a, -1];
  if (Number.isNaN(d)) return undefined;
  // compareDoubleInt and compareDoubleUint: out of the integer's range first, then as doubles.
  const [min, max] = n.kind === 'int' ? [-MAX_INT64_AS_DOUBLE, MAX_INT64_AS_DOUBLE] : [0, MAX_UINT64_AS_DOUBLE];
  if (d < min) return -flip;
  if (d > max) return flip;
  return sign(d, Number(n.value)) * flip;
}

/** The integer a double is without loss, or undefined (cel-go's doubleToInt64Lossless and doubleToUint64Lossless). */
function losslessInteger(d: number): bigint | undefined {
  return Number.isInteger(d) && d >= -MAX_INT64_AS_DOUBLE && d < MAX_UINT64_AS_DOUBLE ? BigInt(d) : undefined;
}

/** CEL's heterogeneous equality (cel-go's types.Equal): numbers compare across int, uint and double. */
export function celEquals(a: CelValue, b: CelValue): boolean {
  if (a === b) return typeof a !== 'number' || !Number.isNaN(a);
  const na = numeric(a);
  if (na) {
    const nb = numeric(b);
    return nb !== undefined && compareNumeric(na, nb) === 0;
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item: CelValue, i: number) => celEquals(item, b[i] as CelValue));
  }
  if (a instanceof Map) {
    if (!(b instanceof Map) || a.size !== b.size) return false;
    for (const [key, value] of a) {
      const other = mapGet(b, key);
      if (other === undefined || !celEquals(value as CelValue, other)) return false;
    }
    return true;
  }
  if (a instanceof Uint8Array) return b instanceof Uint8Array && compareBytes(a, b) === 0;
  if (a instanceof CelDuration) return b instanceof CelDuration && a.nanos === b.nanos;
  if (a instanceof CelTimestamp) return b instanceof CelTimestamp && a.nanos === b.nanos;
  if (a instanceof CelTypeValue) return b instanceof CelTypeValue && typeValueName(a) === typeValueName(b);
  if (a instanceof CelOptional) {
    if (!(b instanceof CelOptional)) return false;
    if (a.value === undefined || b.value === undefined) return a.value === b.value;
    return celEquals(a.value, b.value);
  }
  if (a instanceof CelObject) return a.equals(b);
  return false;
}

function typeValueName(value: CelTypeValue): string {
  const type = value.type;
  return type.kind === 'type' ? 'type' : typeName(type);
}

/** The uint key of the map that holds `value` (uints are objects: the map's own key object is the key). */
function uintKey(map: ReadonlyMap<MapKey, CelValue>, value: bigint): CelUint | undefined {
  for (const k of map.keys()) if (k instanceof CelUint && k.value === value) return k;
  return undefined;
}

function uintKeyed(map: ReadonlyMap<MapKey, CelValue>, value: bigint): CelValue | undefined {
  const key = uintKey(map, value);
  return key === undefined ? undefined : map.get(key);
}

/**
 * A map's value at a key, as cel-go's map Find: the key itself, else a numeric key of another type that holds the
 * same number without loss (3.0 finds 3 or 3u; 3.1 finds nothing).
 */
export function mapGet(map: ReadonlyMap<MapKey, CelValue>, key: CelValue): CelValue | undefined {
  if (key instanceof CelUint) return uintKeyed(map, key.value) ?? (key.value <= INT64_MAX ? map.get(key.value) : undefined);
  if (!(typeof key !== 'object' || key === null)) return undefined;
  const found = map.get(key as MapKey);
  if (found !== undefined) return found;
  if (typeof key === 'bigint') return key >= 0n ? uintKeyed(map, key) : undefined;
  if (typeof key !== 'number') return undefined;
  const integer = losslessInteger(key);
  if (integer === undefined) return undefined;
  return (integer <= INT64_MAX ? map.get(integer) : undefined) ?? (integer >= 0n ? uintKeyed(map, integer) : undefined);
}

/** The key a map literal holds for `key` (a uint is found by its value), else `key` itself. */
function literalKey(map: ReadonlyMap<MapKey, CelValue>, key: MapKey): MapKey {
  return key instanceof CelUint ? (uintKey(map, key.value) ?? key) : key;
}

/**
 * Sets an entry of a map literal as cel-go's evalMap does: a later entry with the same key (same type and value)
 * replaces the earlier one; keys of lists, maps and other objects are refused.
 */
export function setLiteralEntry(map: Map<MapKey, CelValue>, key: CelValue, value: CelValue): CelError | undefined {
  if (typeof key === 'object' && key !== null && !(key instanceof CelUint)) return new CelError(`unsupported key type: ${typeName(typeOfValue(key))}`);
  map.set(literalKey(map, key), value);
  return undefined;
}

/** Removes a literal's entry (an optional entry `?k: optional.none()` removes an earlier `k`). */
export function deleteLiteralEntry(map: Map<MapKey, CelValue>, key: CelValue): void {
  if (typeof key !== 'object' || key === null || key instanceof CelUint) map.delete(literalKey(map, key));
}

/** The runtime type of a value (what `type(x)` returns); lists and maps are list(dyn) and map(dyn, dyn). */
export function typeOfValue(value: CelValue): CelType {
  switch (typeof value) {
    case 'boolean':
      return BOOL;
    case 'bigint':
      return INT;
    case 'number':
      return DOUBLE;
    case 'string':
      return STRING;
    default:
      break;
  }
  if (value === null) return NULL;
  if (Array.isArray(value)) return listOf(DYN);
  if (value instanceof Map) return mapOf(DYN, DYN);
  if (value instanceof Uint8Array) return BYTES;
  if (value instanceof CelUint) return UINT;
  if (value instanceof CelDuration) return DURATION;
  if (value instanceof CelTimestamp) return TIMESTAMP;
  if (value instanceof CelTypeValue) return typeOf();
  if (value instanceof CelOptional) return { kind: 'opaque', name: 'optional_type', params: [DYN] };
  if (value instanceof CelObject) return value.type;
  return DYN;
}

/** The name of a value's runtime type, as `type(x)` compares it. */
export function valueTypeName(value: CelValue): string {
  return typeName(typeOfValue(value));
}

/** cel-go's actualSize: the size of strings (code points), bytes, lists and maps; 1 for anything else. */
export function actualSize(value: CelValue | CelError | undefined): number {
  if (typeof value === 'string') return codePointLength(value);
  if (value instanceof Uint8Array) return value.length;
  if (Array.isArray(value)) return value.length;
  if (value instanceof Map) return value.size;
  if (value instanceof CelOptional && value.value !== undefined) return actualSize(value.value);
  if (value instanceof CelObject) return value.size() ?? 1;
  return 1;
}
