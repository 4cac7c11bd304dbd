/**
 * CEL types as cel-go's checker knows them (common/types/types.go): primitives, list(T), map(K, V), type(T),
 * opaque types with parameters (`optional_type(T)`, `net.IP`), object types (Kubernetes' `kubernetes.Quantity`, and
 * the object types built from a JSON Schema, whose fields are declared), and type parameters of overloads.
 */

export type PrimitiveKind = 'int' | 'uint' | 'double' | 'bool' | 'string' | 'bytes' | 'null' | 'dyn' | 'error' | 'duration' | 'timestamp';

/** What a schema says about the size of the values of a type, for the cost estimate. */
export interface SizeBounds {
  /** maxLength, maxItems or maxProperties (undefined: unbounded). */
  maxSize?: number;
}

export type CelType =
  | ({ kind: PrimitiveKind } & SizeBounds)
  | ({ kind: 'list'; elem: CelType } & SizeBounds)
  | ({ kind: 'map'; key: CelType; value: CelType } & SizeBounds)
  | { kind: 'type'; param?: CelType }
  | { kind: 'opaque'; name: string; params: CelType[] }
  | ({ kind: 'object'; name: string; fields?: ReadonlyMap<string, CelType> } & SizeBounds)
  | { kind: 'param'; name: string };

const primitives = new Map<PrimitiveKind, CelType>();
function primitive(kind: PrimitiveKind): CelType {
  let type = primitives.get(kind);
  if (!type) {
    type = { kind };
    primitives.set(kind, type);
  }
  return type;
}

export const INT = primitive('int');
export const UINT = primitive('uint');
export const DOUBLE = primitive('double');
export const BOOL = primitive('bool');
export const STRING = primitive('string');
export const BYTES = primitive('bytes');
export const NULL = primitive('null');
export const DYN = primitive('dyn');
export const ERROR = primitive('error');
export const DURATION = primitive('duration');
export const TIMESTAMP = primitive('timestamp');

export function listOf(elem: CelType): CelType {
  return { kind: 'list', elem };
}
export function mapOf(key: CelType, value: CelType): CelType {
  return { kind: 'map', key, value };
}
export function typeOf(param?: CelType): CelType {
  return param ? { kind: 'type', param } : { kind: 'type' };
}
export function opaque(name: string, ...params: CelType[]): CelType {
  return { kind: 'opaque', name, params };
}
export function optionalOf(param: CelType): CelType {
  return opaque('optional_type', param);
}
export function objectType(name: string, fields?: ReadonlyMap<string, CelType>): CelType {
  return fields ? { kind: 'object', name, fields } : { kind: 'object', name };
}
export function param(name: string): CelType {
  return { kind: 'param', name };
}

/** The name a named type (opaque, object, type parameter) carries; any other type goes by its kind. */
function nameOrKind(type: CelType): string {
  return type.kind === 'opaque' || type.kind === 'object' || type.kind === 'param' ? type.name : type.kind;
}

/** The kinds whose cel-go type name is not their own. */
const TYPE_NAMES: Partial<Record<CelType['kind'], string>> = {
  null: 'null_type',
  duration: 'google.protobuf.Duration',
  timestamp: 'google.protobuf.Timestamp',
};

/** The type's own name (cel-go's TypeName): `int`, `list`, `google.protobuf.Duration`, `net.IP`. */
export function typeName(type: CelType): string {
  return TYPE_NAMES[type.kind] ?? nameOrKind(type);
}

/** The type as cel-go's checker prints it in messages (checker.FormatCELType). */
export function formatType(type: CelType): string {
  switch (type.kind) {
    case 'null':
      return 'null';
    case 'error':
      return '!error!';
    case 'list':
      return `list(${formatType(type.elem)})`;
    case 'map':
      return `map(${formatType(type.key)}, ${formatType(type.value)})`;
    case 'type':
      return type.param ? `type(${formatType(type.param)})` : 'type';
    case 'opaque':
      return type.params.length ? `${type.name}(${type.params.map(formatType).join(', ')})` : type.name;
    default:
      return nameOrKind(type);
  }
}

/** The parameters of a parameterised type (list, map, type, opaque). */
export function typeParams(type: CelType): CelType[] {
  switch (type.kind) {
    case 'list':
      return [type.elem];
    case 'map':
      return [type.key, type.value];
    case 'type':
      return type.param ? [type.param] : [];
    case 'opaque':
      return type.params;
    default:
      return [];
  }
}

export function isDynLike(type: CelType): boolean {
  return type.kind === 'dyn' || type.kind === 'param';
}

/** Whether two types are the same type, parameters included (cel-go's Type.IsExactType). */
export function sameType(a: CelType, b: CelType): boolean {
  if (a === b) return true;
  if (a.kind !== b.kind || typeName(a) !== typeName(b)) return false;
  const pa = typeParams(a);
  const pb = typeParams(b);
  return pa.length === pb.length && pa.every((p, i) => sameType(p, pb[i] as CelType));
}

/** The type with its parameters rebuilt by `f` (same kind and name). */
export function mapParams(type: CelType, f: (t: CelType) => CelType): CelType {
  switch (type.kind) {
    case 'list':
      return { ...type, elem: f(type.elem) };
    case 'map':
      return { ...type, key: f(type.key), value: f(type.value) };
    case 'type':
      return type.param ? { kind: 'type', param: f(type.param) } : type;
    case 'opaque':
      return type.params.length ? { kind: 'opaque', name: type.name, params: type.params.map(f) } : type;
    default:
      return type;
  }
}
