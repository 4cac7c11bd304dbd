/**
 * CEL types from platlint's JSON Schemas of the platform's objects, as Kubernetes types `object` from a resource's
 * OpenAPI schema when it checks a policy's expressions (k8s.io/apiserver pkg/cel/common SchemaDeclType): a closed
 * object is an object type whose fields are declared (a misspelt field is a type error), a map of values is
 * map(string, T), an object open to anything is dyn; integer is int, number double.
 */
import { configSchema, userSchema, type JsonSchema } from '../../schema/index.js';
import { BOOL, DOUBLE, DYN, INT, STRING, listOf, mapOf, objectType, type CelType } from '../cel/index.js';

export function schemaType(schema: JsonSchema, name: string): CelType {
  switch (schema.type) {
    case 'string':
      return STRING;
    case 'integer':
      return INT;
    case 'number':
      return DOUBLE;
    case 'boolean':
      return BOOL;
    case 'array':
      return listOf(schema.items ? schemaType(schema.items, `${name}.@items`) : DYN);
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0) return typeof schema.additionalProperties === 'object' ? mapOf(STRING, schemaType(schema.additionalProperties, `${name}.@properties`)) : DYN;
      if (schema.additionalProperties !== false) return DYN;
      return objectType(name, new Map(properties.map(([field, s]) => [field, schemaType(s, `${name}.${field}`)])));
    }
    default:
      return DYN;
  }
}

let platformTypes: { User: CelType; Config: CelType } | undefined;

/** The CEL type of a platform kind's objects (built once: the schemas do not change). */
export function platformObjectType(kind: 'User' | 'Config'): CelType {
  platformTypes ??= { User: schemaType(userSchema, 'object'), Config: schemaType(configSchema, 'object') };
  return platformTypes[kind];
}
