/**
 * cel-spec's simple conformance tests (./testdata, converted from the textproto files by ./convert.ts) as data: the
 * messages of simple.proto and of cel/expr's value.proto and checked.proto, and their meaning in platlint's CEL
 * (values, types, declarations). A value or type Kubernetes' CEL has none of (a protobuf message, a proto enum, a
 * wrapper type) is an error here, never a silent skip: the cases that need one are excluded by name in
 * ./exclusions.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BOOL, BYTES, DOUBLE, DURATION, DYN, ERROR, INT, listOf, mapOf, NULL, opaque, param, STRING, TIMESTAMP, typeName, typeOf, UINT, type CelType } from '../../../../src/policy/cel/types.js';
import { CelDuration, CelTimestamp, CelTypeValue, CelUint, isList, isMap, type CelValue, type MapKey } from '../../../../src/policy/cel/values.js';

/** cel.expr.Value, as the converter writes it. */
export interface ValueJson {
  null_value?: string;
  bool_value?: boolean;
  int64_value?: string;
  uint64_value?: string;
  double_value?: number | string;
  string_value?: string;
  bytes_value?: string;
  enum_value?: unknown;
  object_value?: { '@type': string; seconds?: number; nanos?: number };
  map_value?: { entries?: { key: ValueJson; value: ValueJson }[] };
  list_value?: { values?: ValueJson[] };
  type_value?: string;
}

/** cel.expr.Type. */
export interface TypeJson {
  dyn?: object;
  null?: string;
  primitive?: string;
  wrapper?: string;
  well_known?: string;
  list_type?: { elem_type: TypeJson };
  map_type?: { key_type: TypeJson; value_type: TypeJson };
  function?: unknown;
  message_type?: string;
  type_param?: string;
  type?: TypeJson;
  error?: object;
  abstract_type?: { name: string; parameter_types?: TypeJson[] };
}

export interface OverloadJson {
  overload_id: string;
  params?: TypeJson[];
  type_params?: string[];
  result_type: TypeJson;
  is_instance_function?: boolean;
}

/** cel.expr.Decl. */
export interface DeclJson {
  name: string;
  ident?: { type: TypeJson };
  function?: { overloads: OverloadJson[] };
}

export interface SimpleTest {
  name: string;
  description?: string;
  expr: string;
  disable_macros?: boolean;
  disable_check?: boolean;
  check_only?: boolean;
  type_env?: DeclJson[];
  container?: string;
  locale?: string;
  bindings?: Record<string, { value: ValueJson }>;
  value?: ValueJson;
  typed_result?: { result?: ValueJson; deduced_type: TypeJson };
  eval_error?: { errors: { message: string }[] };
  any_eval_errors?: unknown;
  unknown?: unknown;
  any_unknowns?: unknown;
}

export interface SimpleTestSection {
  name: string;
  description?: string;
  test?: SimpleTest[];
}

export interface SimpleTestFile {
  source: string;
  commit: string;
  name: string;
  description?: string;
  section?: SimpleTestSection[];
}

const TESTDATA = join(import.meta.dirname, 'testdata');

/** Every file of the suite, by its own name (basic, comparisons, type_deductions...). */
export function readSuite(): Map<string, SimpleTestFile> {
  const files = new Map<string, SimpleTestFile>();
  for (const file of readdirSync(TESTDATA).filter((f) => f.endsWith('.json')).sort()) {
    const parsed = JSON.parse(readFileSync(join(TESTDATA, file), 'utf8')) as SimpleTestFile;
    files.set(parsed.name, parsed);
  }
  return files;
}

class NotInKubernetesCel extends Error {}

function unsupported(what: string): never {
  throw new NotInKubernetesCel(`${what} has no counterpart in Kubernetes' CEL: exclude the case in exclusions.ts`);
}

const PRIMITIVES: Readonly<Record<string, CelType>> = { BOOL, INT64: INT, UINT64: UINT, DOUBLE, STRING, BYTES };
const WELL_KNOWN: Readonly<Record<string, CelType>> = { TIMESTAMP, DURATION };
/** The message types cel-go reads as CEL's own types. */
const MESSAGES_AS_TYPES: Readonly<Record<string, CelType>> = { 'google.protobuf.Timestamp': TIMESTAMP, 'google.protobuf.Duration': DURATION };

/** A cel.expr.Type as the checker's type. */
export function celType(type: TypeJson): CelType {
  if (type.dyn) return DYN;
  if (type.null !== undefined) return NULL;
  if (type.error) return ERROR;
  if (type.primitive !== undefined) return PRIMITIVES[type.primitive] ?? unsupported(`primitive ${type.primitive}`);
  if (type.well_known !== undefined) return WELL_KNOWN[type.well_known] ?? unsupported(`google.protobuf.${type.well_known}`);
  if (type.list_type) return listOf(celType(type.list_type.elem_type));
  if (type.map_type) return mapOf(celType(type.map_type.key_type), celType(type.map_type.value_type));
  if (type.type_param !== undefined) return param(type.type_param);
  if (type.type) return typeOf(celType(type.type));
  if (type.abstract_type) return opaque(type.abstract_type.name, ...(type.abstract_type.parameter_types ?? []).map(celType));
  if (type.wrapper !== undefined) return unsupported(`the wrapper type of ${type.wrapper}`);
  if (type.message_type !== undefined) return MESSAGES_AS_TYPES[type.message_type] ?? unsupported(`the message type ${type.message_type}`);
  return unsupported(`the type ${JSON.stringify(type)}`);
}

/** The type values of the expected results, by name (`type_value: "int"`). */
const TYPE_VALUES = new Map<string, CelType>(
  [INT, UINT, DOUBLE, BOOL, STRING, BYTES, NULL, listOf(DYN), mapOf(DYN, DYN), typeOf(), DURATION, TIMESTAMP, opaque('optional_type', DYN)].map((t) => [typeName(t), t]),
);

function key(value: CelValue): MapKey {
  if (typeof value === 'string' || typeof value === 'bigint' || typeof value === 'boolean' || value instanceof CelUint) return value;
  throw new Error(`a map key of an unsupported type: ${String(value)}`);
}

/** A cel.expr.Value as the CEL value platlint's evaluator gives. */
export function celValue(value: ValueJson): CelValue {
  if (value.null_value !== undefined) return null;
  if (value.bool_value !== undefined) return value.bool_value;
  if (value.int64_value !== undefined) return BigInt(value.int64_value);
  if (value.uint64_value !== undefined) return new CelUint(BigInt(value.uint64_value));
  if (value.double_value !== undefined) return typeof value.double_value === 'number' ? value.double_value : Number(value.double_value);
  if (value.string_value !== undefined) return value.string_value;
  if (value.bytes_value !== undefined) return Uint8Array.from(Buffer.from(value.bytes_value, 'base64'));
  if (value.list_value) return (value.list_value.values ?? []).map(celValue);
  if (value.map_value) return new Map((value.map_value.entries ?? []).map((e) => [key(celValue(e.key)), celValue(e.value)]));
  if (value.type_value !== undefined) {
    const type = TYPE_VALUES.get(value.type_value);
    return type ? new CelTypeValue(type) : unsupported(`the type value ${value.type_value}`);
  }
  if (value.object_value) {
    const { '@type': url, seconds = 0, nanos = 0 } = value.object_value;
    const nanoseconds = BigInt(seconds) * 1_000_000_000n + BigInt(nanos);
    if (url === 'type.googleapis.com/google.protobuf.Timestamp') return new CelTimestamp(nanoseconds);
    if (url === 'type.googleapis.com/google.protobuf.Duration') return new CelDuration(nanoseconds);
    return unsupported(`the message ${url}`);
  }
  if (value.enum_value !== undefined) return unsupported('a protobuf enum value');
  throw new Error(`an unknown value ${JSON.stringify(value)}`);
}

/**
 * Whether two values are the same value of the same type, as the Go conformance test compares the protobuf Values
 * (cmp.Diff: 1 and 1u and 1.0 differ; map entries in any order).
 */
export function sameValue(a: CelValue, b: CelValue): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a === b || (Number.isNaN(a) && Number.isNaN(b));
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return a === b;
  if (isList(a)) return isList(b) && a.length === b.length && a.every((item, i) => sameValue(item, b[i] as CelValue));
  if (isMap(a)) {
    if (!isMap(b) || a.size !== b.size) return false;
    return [...a].every(([k, v]) => [...b].some(([k2, v2]) => sameValue(k as CelValue, k2 as CelValue) && sameValue(v, v2)));
  }
  if (a instanceof Uint8Array) return b instanceof Uint8Array && a.length === b.length && a.every((x, i) => x === b[i]);
  if (a instanceof CelUint) return b instanceof CelUint && a.value === b.value;
  if (a instanceof CelTimestamp) return b instanceof CelTimestamp && a.nanos === b.nanos;
  if (a instanceof CelDuration) return b instanceof CelDuration && a.nanos === b.nanos;
  if (a instanceof CelTypeValue) return b instanceof CelTypeValue && typeName(a.type) === typeName(b.type);
  // An optional has no protobuf Value: no case expects one.
  return false;
}
