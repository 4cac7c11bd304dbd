/**
 * CEL values in JavaScript. The document data policies read needs no conversion beyond `toCelData`: integers are
 * `bigint` (int), other numbers `number` (double), mappings `Map`s, sequences arrays. The CEL types JavaScript has no
 * value of (uint, duration, timestamp, type, optional, Kubernetes' opaque types) are classes; an evaluation error is
 * a value too (`CelError`), as in cel-go, so `&&` and `||` can absorb it.
 */
import { BOOL, BYTES, DOUBLE, DURATION, DYN, INT, listOf, mapOf, NULL, STRING, TIMESTAMP, typeName, typeOf, UINT, type CelType } from './types.js';

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;
export const UINT64_MAX = 2n ** 64n - 1n;

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

/** An evaluation error, carried as a value (cel-go's types.Err). */
export class CelError {
  constructor(
    readonly message: string,
    public exprId?: number,
  ) {}
}

export type MapKey = string | bigint | boolean | CelUint;

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

/** Compares two numbers of any CEL numeric types exactly; undefined when a NaN is involved. */
export function compareNumeric(a: Numeric, b: Numeric): number | undefined {
  if (a.kind !== 'double' && b.kind !== 'double') return a.value === b.value ? 0 : a.value < b.value ? -1 : 1;
  if (a.kind === 'double' && b.kind === 'double') {
    if (Number.isNaN(a.value) || Number.isNaN(b.value)) return undefined;
    return a.value === b.value ? 0 : a.value < b.value ? -1 : 1;
  }
  const [d, i, flip] = a.kind === 'double' ? [a.value as number, b.value as bigint, 1] : [b.value as number, a.value as bigint, -1];
  if (Number.isNaN(d)) return undefined;
  if (d === Infinity) return flip;
  if (d === -Infinity) return -flip;
  // Compare the double with the integer exactly: split it into its integral part and the rest.
  const whole = BigInt(Math.trunc(d));
  if (whole !== i) return (whole < i ? -1 : 1) * flip;
  const rest = d - Math.trunc(d);
  return (rest === 0 ? 0 : rest < 0 ? -1 : 1) * flip;
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


/** A map's value at a key, with numeric keys found across int, uint and double as cel-go does. */
export function mapGet(map: ReadonlyMap<MapKey, CelValue>, key: CelValue): CelValue | undefined {
  if (typeof key === 'string' || typeof key === 'boolean' || typeof key === 'bigint') {
    const found = map.get(key);
    if (found !== undefined || typeof key !== 'bigint') return found;
  }
  const n = numeric(key);
  if (!n) return undefined;
  for (const [k, v] of map) {
    const nk = numeric(k);
    if (nk && compareNumeric(nk, n) === 0) return v;
  }
  return undefined;
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
