/**
 * Whether a value may be passed where an overload declares a type, as cel-go's runtime dispatch checks it
 * (decls.OverloadDecl.matchesRuntimeSignature, types.Type.defaultIsAssignableRuntimeType): the kind and name of the
 * type, and for a list or map its first element (key and value), so that `dyn([1.0]).sum()` takes the double
 * overload.
 */
import type { CelType } from './types.js';
import { CelDuration, CelObject, CelOptional, CelTimestamp, CelTypeValue, CelUint, type CelValue } from './values.js';

export function matchesRuntimeType(type: CelType, value: CelValue): boolean {
  switch (type.kind) {
    case 'dyn':
    case 'param':
    case 'error':
      return true;
    case 'int':
      return typeof value === 'bigint';
    case 'uint':
      return value instanceof CelUint;
    case 'double':
      return typeof value === 'number';
    case 'bool':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string';
    case 'bytes':
      return value instanceof Uint8Array;
    case 'null':
      return value === null;
    case 'duration':
      return value instanceof CelDuration;
    case 'timestamp':
      return value instanceof CelTimestamp;
    case 'list':
      return Array.isArray(value) && (value.length === 0 || matchesRuntimeType(type.elem, value[0] as CelValue));
    case 'map': {
      if (!(value instanceof Map)) return false;
      const first = value.entries().next();
      if (first.done) return true;
      const [key, item] = first.value as [CelValue, CelValue];
      return matchesRuntimeType(type.key, key) && matchesRuntimeType(type.value, item);
    }
    case 'type':
      return value instanceof CelTypeValue;
    case 'opaque':
      if (type.name === 'optional_type') return value instanceof CelOptional;
      return value instanceof CelObject && value.type.kind === 'opaque' && value.type.name === type.name;
    case 'object':
      // Object types built from a schema are maps at runtime.
      if (value instanceof Map) return type.fields !== undefined;
      return value instanceof CelObject && value.type.kind === 'object' && value.type.name === type.name;
  }
}
