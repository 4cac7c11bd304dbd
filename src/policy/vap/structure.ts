/**
 * The structure check of ValidatingAdmissionPolicy documents against schema.ts: types, unknown fields, required
 * fields, enums, reported as ajv reports them (so that schema-problems.ts words them as for platlint's policies).
 * Compiling the schemas with ajv costs a quarter of a second per thread, more than checking every policy of a large
 * repository this way; the schemas use nothing beyond these keywords.
 */
import type { ErrorObject } from 'ajv';
import type { JsonSchema } from '../schema.js';

const pointer = (path: readonly (string | number)[]): string => path.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

function typeOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function accepts(type: JsonSchema['type'], value: unknown): boolean {
  if (type === undefined) return true;
  const actual = typeOf(value);
  return (Array.isArray(type) ? type : [type]).some((t) => t === actual || (t === 'number' && actual === 'integer'));
}

/** The ajv-shaped errors of `data` against `schema`, in document order. */
export function structureErrors(schema: JsonSchema, data: unknown, path: (string | number)[] = []): ErrorObject[] {
  const error = (keyword: string, params: Record<string, unknown>, at = path): ErrorObject => ({ keyword, instancePath: pointer(at), schemaPath: '', params, parentSchema: schema, data });
  if (!accepts(schema.type, data)) return [error('type', { type: Array.isArray(schema.type) ? schema.type.join(',') : String(schema.type) })];
  if (schema.enum && !schema.enum.some((allowed) => allowed === data)) return [error('enum', { allowedValues: schema.enum })];
  const out: ErrorObject[] = [];
  if (Array.isArray(data) && schema.items) data.forEach((item, i) => out.push(...structureErrors(schema.items as JsonSchema, item, [...path, i])));
  if (typeOf(data) === 'object') {
    const record = data as Record<string, unknown>;
    for (const missing of (schema.required ?? []).filter((key) => !Object.hasOwn(record, key))) out.push(error('required', { missingProperty: missing }));
    for (const [key, value] of Object.entries(record)) {
      const property = schema.properties?.[key];
      if (property) out.push(...structureErrors(property, value, [...path, key]));
      else if (schema.additionalProperties === false) out.push(error('additionalProperties', { additionalProperty: key }));
      else if (typeof schema.additionalProperties === 'object') out.push(...structureErrors(schema.additionalProperties, value, [...path, key]));
    }
  }
  return out;
}
