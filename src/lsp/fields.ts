import { policyDocumentSchema } from '../policy/schema.js';
import { configFileSchema } from '../settings-file/schema.js';
import { configStatusSchema } from '../schema/config.js';
import { schemas, type JsonSchema } from '../schema/index.js';
import type { ResourceKind } from '../engine/types.js';
import type { PathStep } from './cursor.js';

/** What the editor needs to know about a field: where it sits and what its schema says. */
export interface FieldInfo {
  schema: JsonSchema;
  /** The path as the user reads it (`spec.raw` content shown as `status` paths of the raw config). */
  display: string;
}

const LIST_KINDS: Readonly<Record<string, ResourceKind>> = { UserList: 'User', ConfigList: 'Config' };

/**
 * The object kind the path lives in, and the path inside that object (List items unwrapped). `embedded`: the paths
 * of the file's `embedded` entries (.platlint.yaml), below which the file holds a Config's status.
 */
export function objectAt(documentKind: string | undefined, path: readonly PathStep[], embedded: readonly (readonly string[])[] = []): { kind: ResourceKind; path: PathStep[] } | undefined {
  if (documentKind === 'User' || documentKind === 'Config') return { kind: documentKind, path: [...path] };
  const at = embedded.find((keys) => keys.length <= path.length && keys.every((key, i) => path[i] === key));
  if (at) return { kind: 'Config', path: ['status', ...path.slice(at.length)] };
  const itemKind = documentKind ? LIST_KINDS[documentKind] : undefined;
  if (itemKind && path[0] === 'items' && typeof path[1] === 'number') return { kind: itemKind, path: path.slice(2) };
  return undefined;
}

function child(schema: JsonSchema, step: PathStep): JsonSchema | undefined {
  if (typeof step === 'number') return schema.type === 'array' ? schema.items : undefined;
  const property = schema.properties?.[step];
  if (property) return property;
  return typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
}

/** A Config's `spec.raw` holds the status as YAML text: its paths continue in the status schema. */
function rawRedirect(kind: ResourceKind, path: readonly PathStep[]): { root: JsonSchema; path: readonly PathStep[]; prefix: string } {
  if (kind === 'Config' && path[0] === 'spec' && path[1] === 'raw' && path.length > 2) {
    return { root: configStatusSchema, path: path.slice(2), prefix: 'spec.raw: ' };
  }
  return { root: schemas[kind], path, prefix: '' };
}

/** A field's path as hover text shows it: list items as `[]`, since the schema is the same for every item. */
export function fieldPathText(path: readonly PathStep[]): string {
  return path.map((s, i) => (typeof s === 'number' ? '[]' : `${i ? '.' : ''}${s}`)).join('');
}

/** The schema of the value at a path of an object, or undefined when the schema does not know the path. */
export function fieldAt(kind: ResourceKind, path: readonly PathStep[]): FieldInfo | undefined {
  const { root, path: inner, prefix } = rawRedirect(kind, path);
  let schema: JsonSchema | undefined = root;
  for (const step of inner) {
    schema = schema && child(schema, step);
    if (!schema) return undefined;
  }
  return { schema, display: `${prefix}${fieldPathText(inner)}` };
}

/** The type as a reader writes it: `string`, `integer`, `list of string`, `map of string`, `one of: A, B`. */
export function typeLabel(schema: JsonSchema): string {
  if (schema.enum) return `${schema.type ?? 'value'}, one of: ${schema.enum.join(', ')}`;
  if (schema.type === 'array') return `list of ${schema.items ? typeLabel(schema.items) : 'values'}`;
  if (schema.type === 'object' && !schema.properties && typeof schema.additionalProperties === 'object') return `map of ${typeLabel(schema.additionalProperties)}`;
  if (schema.type === 'object' && schema.title) return `object (${schema.title})`;
  return schema.type ?? 'value';
}

/** Markdown for a field's hover and completion documentation. */
export function fieldMarkdown(name: string, info: FieldInfo): string {
  const { schema } = info;
  const lines = [`**${name}**: ${typeLabel(schema)}`, '', `\`${info.display}\``];
  if (schema.description) lines.push('', schema.description);
  if (schema.default !== undefined) lines.push('', `Default: \`${JSON.stringify(schema.default)}\``);
  if (schema.type === 'object' && schema.required?.length) lines.push('', `Required: ${schema.required.map((r) => `\`${r}\``).join(', ')}`);
  return lines.join('\n');
}

/** The fields a mapping at the path may have, with their schemas. */
export function fieldsOf(kind: ResourceKind | undefined, path: readonly PathStep[]): [string, FieldInfo][] {
  if (!kind) {
    // Before `kind:` is written: the fields both kinds share at the top.
    if (path.length) return [];
    const names = new Set([...Object.keys(schemas.User.properties ?? {}), ...Object.keys(schemas.Config.properties ?? {})]);
    return [...names].map((name) => [name, { schema: schemas.User.properties?.[name] ?? schemas.Config.properties?.[name] ?? {}, display: name }]);
  }
  // The top of the raw config: the string field itself has no fields, the status it holds has.
  const rawTop = kind === 'Config' && path.length === 2 && path[0] === 'spec' && path[1] === 'raw';
  const properties = (rawTop ? configStatusSchema : fieldAt(kind, path)?.schema)?.properties ?? {};
  return Object.entries(properties).map(([name, schema]) => [name, { schema, display: fieldAt(kind, [...path, name])?.display ?? name }]);
}

/** What completion reads of the schema of one of platlint's own files (`.platlint.yaml`, a policy file). */
export interface OwnFileSchema {
  description?: string;
  properties?: Readonly<Record<string, OwnFileSchema>>;
  items?: OwnFileSchema | readonly OwnFileSchema[];
  enum?: readonly unknown[];
}

/** The schemas of platlint's own files, as completion and hover read them. */
export const CONFIG_FILE_SCHEMA = configFileSchema as unknown as OwnFileSchema;
export const POLICY_FILE_SCHEMA = policyDocumentSchema as unknown as OwnFileSchema;

/** The schema at a path of one of platlint's own files (`[]`, or `['overrides', 0]`); undefined where it has none. */
export function ownFileSchemaAt(root: OwnFileSchema, path: readonly PathStep[]): OwnFileSchema | undefined {
  let schema: OwnFileSchema | undefined = root;
  for (const step of path) {
    if (!schema) return undefined;
    if (typeof step === 'number') schema = Array.isArray(schema.items) ? undefined : (schema.items as OwnFileSchema | undefined);
    else schema = schema.properties?.[step];
  }
  return schema;
}

/** Hover on a key of one of platlint's own files: its values when the schema lists them, and its description. */
export function ownFileKeyMarkdown(root: OwnFileSchema, path: readonly PathStep[]): string | undefined {
  const schema = ownFileSchemaAt(root, path);
  const key = path[path.length - 1];
  if (!schema || typeof key !== 'string') return undefined;
  const values = schema.enum ? `: one of ${schema.enum.map(String).join(', ')}` : '';
  return [`**${key}**${values}`, ...(schema.description ? ['', schema.description] : [])].join('\n');
}

/** Keys of one of platlint's own files at a path, with their descriptions. */
export function ownFileKeys(root: OwnFileSchema, path: readonly PathStep[]): [string, string][] {
  return Object.entries(ownFileSchemaAt(root, path)?.properties ?? {}).map(([name, s]) => [name, s.description ?? '']);
}
