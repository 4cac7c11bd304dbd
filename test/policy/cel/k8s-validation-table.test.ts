/**
 * Kubernetes' own tests of its urls, regex, lists and sets libraries and of cel-go's ext lists as Kubernetes enables
 * them: the sections of apiextensions-apiserver's TestValidationExpressions transcribed in
 * k8s-tables/validation.json, run in the newest Kubernetes environment with `self` typed and converted as the CRD
 * schema of the section makes it (a "date" string is a timestamp, a "duration" string a duration).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CelEnvironment, DOUBLE, DURATION, INT, listOf, objectType, STRING, TIMESTAMP, type CelType } from '../../../src/policy/cel/index.js';
import { parseDuration, parseTimestamp } from '../../../src/policy/cel/lib/std-time.js';
import { isError, type CelValue, type MapKey } from '../../../src/policy/cel/values.js';

type SchemaType = 'int' | 'double' | 'string' | 'duration' | 'date' | { list: SchemaType } | { object: Record<string, SchemaType> };

interface ValidationTable {
  excluded: { reason: string; exprs: string[] };
  selves: Record<string, { type: SchemaType; value: unknown }>;
  rows: { section: string; expr: string; valid?: true; go?: string; error?: string }[];
}

const table = JSON.parse(readFileSync(join(import.meta.dirname, 'k8s-tables', 'validation.json'), 'utf8')) as ValidationTable;

const SCALARS: Readonly<Record<string, CelType>> = { int: INT, double: DOUBLE, string: STRING, duration: DURATION, date: TIMESTAMP };

function celTypeOf(schema: SchemaType, name: string): CelType {
  if (typeof schema === 'string') return SCALARS[schema] as CelType;
  if ('list' in schema) return listOf(celTypeOf(schema.list, `${name}.@items`));
  return objectType(name, new Map(Object.entries(schema.object).map(([field, type]) => [field, celTypeOf(type, `${name}.${field}`)])));
}

/** A value of the object as Kubernetes converts it for its schema (apiextensions UnstructuredToVal). */
function celValueOf(schema: SchemaType, value: unknown): CelValue {
  if (schema === 'int') return BigInt(value as number);
  if (schema === 'double') return value as number;
  if (schema === 'string') return value as string;
  if (schema === 'duration' || schema === 'date') {
    const converted = schema === 'duration' ? parseDuration(value as string) : parseTimestamp(`${value as string}T00:00:00Z`);
    if (isError(converted)) throw new Error(converted.message);
    return converted;
  }
  if ('list' in schema) return (value as unknown[]).map((item) => celValueOf(schema.list, item));
  const entries = Object.entries(schema.object).map(([field, type]) => [field, celValueOf(type, (value as Record<string, unknown>)[field])] as [MapKey, CelValue]);
  return new Map(entries);
}

const env = new CelEnvironment();

describe('apiextensions validation_test.go TestValidationExpressions', () => {
  it.each(table.rows.map((row, i) => [`${i} ${row.section}: ${row.expr}`, row] as const))('%s', (_, row) => {
    const self = table.selves[row.section];
    if (!self) throw new Error(`no object for the section ${row.section}`);
    const compiled = env.compile(row.expr, { self: celTypeOf(self.type, 'Object') });
    if (row.valid) {
      if (!compiled.ok) throw new Error(`does not compile: ${compiled.error.message}`);
      expect(compiled.program.evaluate({ self: celValueOf(self.type, self.value) })).toMatchObject({ kind: 'value', value: true });
      return;
    }
    const messages = compiled.ok ? [compiled.program.evaluate({ self: celValueOf(self.type, self.value) })].flatMap((r) => (r.kind === 'error' ? [r.message] : [])) : compiled.error.issues.map((i) => i.message);
    expect(messages.some((m) => m.includes(row.error as string)), `${row.error} in ${JSON.stringify(messages)}`).toBe(true);
  });

  it('leaves out only the rows it names, and runs every section', () => {
    expect(table.excluded.exprs).toEqual(["self.val1 == ['c', 'b', 'a']", 'self.val1 == self.val2', "self.val1 + self.val2 == ['a', 'b', 'c']", "self.val1 + ['c', 'd'] == ['a', 'b', 'c', 'd']"]);
    expect(table.rows.length).toBe(202);
    expect(new Set(table.rows.map((r) => r.section))).toEqual(new Set(Object.keys(table.selves)));
  });
});
