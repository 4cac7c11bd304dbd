/**
 * Building blocks of the platlint JSON Schemas and the common `metadata` schema.
 *
 * Conventions (see the schema section of RULES.md):
 * - JSON Schema draft-07, compiled by ajv 8 with `strict: true`. No `$schema` below the document root.
 * - Structural only: `type`, `properties`, `required`, `items`, `enum`, `additionalProperties`, plus the
 *   annotations `description`, `default`, `title`. No `oneOf`/`anyOf`/`allOf`/`not`/`if`, no `pattern`,
 *   `format`, `minimum`, `minItems`: every semantic check is a rule with a better message.
 * - Every object is closed (`additionalProperties: false`) except the open maps the spec names.
 * - Deprecated fields start their description with "Deprecated." (draft-07 has no `deprecated` keyword).
 *
 * The `JsonSchema` type below only admits those keywords, so a stray `oneOf` does not compile.
 */

export type JsonSchemaTypeName = 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** The subset of JSON Schema draft-07 that platlint's schemas use. */
export type JsonSchema = {
  $schema?: string;
  $id?: string;
  title?: string;
  description?: string;
  default?: JsonValue;
  type?: JsonSchemaTypeName;
  properties?: { [name: string]: JsonSchema };
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: (string | number | boolean)[];
};

function withDefault(schema: JsonSchema, defaultValue: JsonValue | undefined): JsonSchema {
  return defaultValue === undefined ? schema : { ...schema, default: defaultValue };
}

/** A string field. */
export function str(description: string, defaultValue?: string): JsonSchema {
  return withDefault({ type: 'string', description }, defaultValue);
}

/** An integer field. */
export function int(description: string, defaultValue?: number): JsonSchema {
  return withDefault({ type: 'integer', description }, defaultValue);
}

/** A number field (integers included). */
export function num(description: string, defaultValue?: number): JsonSchema {
  return withDefault({ type: 'number', description }, defaultValue);
}

/** A boolean field. */
export function bool(description: string, defaultValue?: boolean): JsonSchema {
  return withDefault({ type: 'boolean', description }, defaultValue);
}

/** A string restricted to the listed values. */
export function strEnum(values: string[], description: string, defaultValue?: string): JsonSchema {
  return withDefault({ type: 'string', enum: values, description }, defaultValue);
}

/** An array of strings. */
export function strArray(description: string, defaultValue?: string[]): JsonSchema {
  return withDefault({ type: 'array', description, items: { type: 'string' } }, defaultValue);
}

/** An array of `items`. */
export function arr(description: string, items: JsonSchema): JsonSchema {
  return { type: 'array', description, items };
}

/** A closed object: only the listed properties are allowed. */
export function obj(
  description: string,
  properties: { [name: string]: JsonSchema },
  required: string[] = [],
  title?: string,
): JsonSchema {
  const schema: JsonSchema = { type: 'object', description };
  if (title !== undefined) schema.title = title;
  schema.properties = properties;
  if (required.length > 0) schema.required = required;
  schema.additionalProperties = false;
  return schema;
}

/**
 * A closed object with required properties as the schemas of platlint's own files (policies, admission policies,
 * `.platlint.yaml`) write it: those schemas are printed as they are, in this key order, where {@link obj} writes the
 * document schemas' order.
 */
export function closedObject<Properties>(
  required: string[],
  properties: Properties,
): { type: 'object'; additionalProperties: false; required: string[]; properties: Properties } {
  return { type: 'object', additionalProperties: false, required, properties };
}

/** An open map from any key to a string (labels, annotations, headers). */
export function strMap(description: string): JsonSchema {
  return { type: 'object', description, additionalProperties: { type: 'string' } };
}

/** An open object: any keys, any values. */
export function openObj(description: string): JsonSchema {
  return { type: 'object', description, additionalProperties: true };
}

/** The `apiVersion` and `kind` type-meta fields shared by both document kinds. */
export const typeMetaProperties: { [name: string]: JsonSchema } = {
  apiVersion: str(
    'Versioned schema of this object, `<group>/<version>`: `management.platform/v1`. The server converts recognized versions to the latest and may reject unrecognized ones.',
  ),
  kind: str('Kind of this object, CamelCase. The server may infer it from the endpoint. Cannot be updated.'),
};

export const ownerReferenceSchema: JsonSchema = obj(
  'An object this object depends on.',
  {
    apiVersion: str('API version of the referent.'),
    kind: str('Kind of the referent.'),
    name: str('Name of the referent.'),
    uid: str('UID of the referent.'),
    controller: bool('True marks the managing controller. At most one owner reference has controller true.'),
    blockOwnerDeletion: bool(
      'When true and the owner has the foregroundDeletion finalizer, the owner cannot be removed until this reference is removed. Setting it requires delete permission on the owner, otherwise 422.',
      false,
    ),
  },
  ['apiVersion', 'kind', 'name', 'uid'],
  'OwnerReference',
);

export const managedFieldsEntrySchema: JsonSchema = obj(
  'Which workflow manages which fields.',
  {
    manager: str('Workflow identifier.'),
    operation: strEnum(['Apply', 'Update'], 'Operation type of the workflow: `Apply` or `Update`.'),
    apiVersion: str('Version the field set applies to, `group/version`.'),
    time: str(
      'RFC 3339 timestamp of when the entry was added. Updated when the manager adds a field, changes an owned value or removes a field.',
    ),
    fieldsType: strEnum(['FieldsV1'], 'Format of the field set. Only value: `FieldsV1`.'),
    fieldsV1: openObj('Field set in the FieldsV1 format.'),
    subresource: str(
      'Subresource used for the update. Empty string for the main resource. It distinguishes managers that share a name.',
    ),
  },
  [],
  'ManagedFieldsEntry',
);

/** Common `metadata` of both kinds. */
export const objectMetaSchema: JsonSchema = obj(
  'Standard object metadata.',
  {
    name: str(
      'Required on create unless generateName is used. Unique within a namespace. Cannot be updated.',
    ),
    generateName: str(
      'Optional prefix used only when name is absent. The server appends a unique suffix and may truncate the prefix.',
    ),
    namespace: str(
      'DNS_LABEL. Empty equals `default`. Empty for non-namespaced objects such as User and Config. Cannot be updated.',
    ),
    selfLink: str('Deprecated. Read-only, no longer populated.'),
    uid: str('Server-generated, unique in time and space. Read-only.'),
    resourceVersion: str(
      'Opaque version for optimistic concurrency, change detection and watch. Read-only; pass it back unmodified.',
    ),
    generation: int('Sequence number of the desired-state generation. Read-only.'),
    creationTimestamp: str('RFC 3339 timestamp in UTC, set by the server. Read-only.'),
    deletionTimestamp: str(
      'RFC 3339 timestamp set by the server when graceful deletion is requested. Not client-settable.',
    ),
    deletionGracePeriodSeconds: int(
      'Seconds allowed for graceful termination. Only present when deletionTimestamp is set. Read-only.',
    ),
    labels: strMap('Organizing and selecting labels.'),
    annotations: strMap('Unstructured metadata. Not queryable. Preserved on modification.'),
    ownerReferences: arr(
      'Objects this object depends on. If all are deleted, this object is garbage collected. At most one entry has controller true.',
      ownerReferenceSchema,
    ),
    finalizers: strArray(
      'Must be empty before the object is removed. Once deletionTimestamp is set, entries can only be removed.',
    ),
    managedFields: arr(
      'Internal bookkeeping of which workflow manages which fields. Server-set.',
      managedFieldsEntrySchema,
    ),
  },
  [],
  'ObjectMeta',
);
