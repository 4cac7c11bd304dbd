import { INT64_MAX, INT64_MIN } from '../formats/go-int.js';
import type { LintTarget } from '../engine/document.js';
import schemaRequiredRule from '../../rules/schema/required/index.js';
import schemaTypeRule from '../../rules/schema/type/index.js';
import yamlAmbiguousScalarRule from '../../rules/yaml/ambiguous-scalar/index.js';
import type { DataPath, ReportPlace, RuleFinding } from '../engine/types.js';
import type { JsonSchema } from './metadata.js';
import { displayPath } from '../platform/data.js';
import { writtenScalar } from '../engine/message-text.js';

/**
 * What the platform's typed decode does beyond JSON types, which the JSON Schema cannot say: an integer field is a
 * Go int64, so a number outside its range is refused (a JS number cannot even hold it exactly); a null in a map of
 * strings becomes the empty string; and a required string written as `""` (or only spaces) decodes to the zero
 * value, the same as leaving the field out, so no login or policy can work with it (ajv's `required` only sees
 * presence, and the schema conventions keep `minLength` out).
 */
/** A finding of the schema pass, at a data path of the object validated. */
export type SchemaFinding = RuleFinding & ReportPlace;

/** Below this magnitude a JS number is certainly inside int64; above it only the written text can tell. */
const CERTAINLY_INT64 = 2 ** 62;

const relevant = new WeakMap<JsonSchema, boolean>();

/** Whether a schema has an integer field, a map of strings or a required string anywhere below it; the walk skips the rest. */
function worthWalking(schema: JsonSchema): boolean {
  let known = relevant.get(schema);
  if (known === undefined) {
    relevant.set(schema, false);
    const children = [...Object.values(schema.properties ?? {}), ...(typeof schema.additionalProperties === 'object' ? [schema.additionalProperties] : []), ...(schema.items ? [schema.items] : [])];
    known = schema.type === 'integer' || isStringMap(schema) || requiredStrings(schema).length > 0 || children.some(worthWalking);
    relevant.set(schema, known);
  }
  return known;
}

const requiredStringsOf = new WeakMap<JsonSchema, readonly string[]>();

/** The required properties of an object schema that are strings. */
function requiredStrings(schema: JsonSchema): readonly string[] {
  let names = requiredStringsOf.get(schema);
  if (!names) {
    names = schema.type === 'object' ? (schema.required ?? []).filter((name) => schema.properties?.[name]?.type === 'string') : [];
    requiredStringsOf.set(schema, names);
  }
  return names;
}

function isStringMap(schema: JsonSchema): boolean {
  return typeof schema.additionalProperties === 'object' && schema.additionalProperties.type === 'string';
}

/** The schema of a child of a value of `schema`: a property, a list's items, an open map's values; undefined if unknown. */
export function childSchema(schema: JsonSchema, key: string | number): JsonSchema | undefined {
  if (typeof key === 'number') return schema.items;
  const property = schema.properties?.[key];
  if (property) return property;
  return typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
}

/** The exact integer a number field holds, from its written text: `9223372036854775808` does not fit a JS number. */
function exactInteger(target: LintTarget, path: DataPath, value: number): bigint | undefined {
  const read = target.goScalar(path);
  if (read?.type === 'int') return BigInt(read.exact);
  return Number.isInteger(value) ? BigInt(value) : undefined;
}

/**
 * A number written with a digit other than 0 before its exponent (`1e-400`) that yaml.v2 reads as the float 0: too
 * small for a 64-bit float, it underflows, and the platform stores 0 in the integer field.
 */
function underflows(target: LintTarget, path: DataPath): boolean {
  const read = target.goScalar(path);
  const mantissa = target.scalar(path)?.source.split(/[eE]/)[0] ?? '';
  return read?.type === 'float' && read.value === 0 && /[1-9]/.test(mantissa);
}

function walk(target: LintTarget, schema: JsonSchema, data: unknown, path: (string | number)[], out: SchemaFinding[], depth: number): void {
  if (depth > 100) return;
  if (typeof data === 'number') {
    if (schema.type !== 'integer') return;
    if (data === 0) {
      if (underflows(target, path)) out.push({ ...yamlAmbiguousScalarRule.finding('underflow', { field: displayPath(path), source: target.scalar(path)?.source ?? '' }), path: [...path] });
      return;
    }
    if (Math.abs(data) < CERTAINLY_INT64) return;
    const exact = exactInteger(target, path, data);
    if (exact !== undefined && exact >= INT64_MIN && exact <= INT64_MAX) return;
    out.push({ ...schemaTypeRule.finding('int64', { field: displayPath(path), value: writtenScalar(target, path, data) }), path: [...path] });
    return;
  }
  if (typeof data !== 'object' || data === null) return;
  if (!Array.isArray(data)) {
    for (const name of requiredStrings(schema)) {
      const value = (data as Record<string, unknown>)[name];
      if (typeof value !== 'string' || value.trim() !== '') continue;
      const childPath = [...path, name];
      out.push({ ...schemaRequiredRule.finding('emptyString', { field: displayPath(childPath) }), path: childPath });
    }
  }
  const stringMap = isStringMap(schema);
  const visit = (key: string | number, value: unknown): void => {
    path.push(key);
    if (value === null && stringMap && typeof key === 'string' && !schema.properties?.[key]) {
      out.push({ ...yamlAmbiguousScalarRule.finding('nullItem', { field: displayPath(path) }), path: [...path] });
    } else {
      const child = childSchema(schema, key);
      if (child && typeof value === 'object' ? worthWalking(child) : child?.type === 'integer') walk(target, child as JsonSchema, value, path, out, depth + 1);
    }
    path.pop();
  };
  if (Array.isArray(data)) for (let i = 0; i < data.length; i++) visit(i, data[i]);
  else for (const key in data) visit(key, (data as Record<string, unknown>)[key]);
}

/** Int64 range, nulls in maps of strings and empty required strings, for the parts of a document where the schema has them. */
export function typedFindings(target: LintTarget, schema: JsonSchema): SchemaFinding[] {
  const out: SchemaFinding[] = [];
  walk(target, schema, target.data, [], out, 0);
  return out;
}
