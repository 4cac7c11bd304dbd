import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { expect } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { schemas, type JsonSchema } from '../../src/schema/index.js';

// ajv-formats is CommonJS: under NodeNext its default import is the module object, whose `default` is the plugin.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv,
) => Ajv;

export function newAjv(): Ajv {
  const ajv = new Ajv({ strict: true, allErrors: true });
  addFormats(ajv);
  return ajv;
}

const root = new URL('../../', import.meta.url);
export const read = (path: string): string => readFileSync(new URL(path, root), 'utf8');

/** Parses a YAML file as the platform does (YAML 1.1) and returns its documents as plain data. */
function loadDocuments(path: string): unknown[] {
  const docs = parseAllDocuments(read(path), { version: '1.1' });
  if (!Array.isArray(docs)) throw new Error(`${path}: not a YAML stream`);
  return docs.map((doc) => {
    expect(doc.errors, `${path}: YAML errors`).toEqual([]);
    expect(doc.warnings, `${path}: YAML warnings`).toEqual([]);
    return doc.toJS() as unknown;
  });
}

export function loadOne(path: string): Record<string, unknown> {
  const [doc, ...rest] = loadDocuments(path);
  expect(rest).toHaveLength(0);
  expect(typeof doc === 'object' && doc !== null && !Array.isArray(doc)).toBe(true);
  return doc as Record<string, unknown>;
}

export function summarize(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.keyword} ${JSON.stringify(e.params)}`);
}

/** Walks a dotted data path (`a.b[].c`, `[]` = array items) through properties/items; undefined when absent. */
export function schemaAt(schema: JsonSchema, path: string): JsonSchema | undefined {
  let node: JsonSchema | undefined = schema;
  for (const part of path.split('.')) {
    if (node === undefined) return undefined;
    const match = /^([^[\]]+)((?:\[\])*)$/.exec(part);
    if (!match) throw new Error(`bad path segment ${part}`);
    const name = match[1] ?? '';
    node = node.properties?.[name];
    for (let i = 0; i < (match[2] ?? '').length / 2; i++) node = node?.items;
  }
  return node;
}


let validators: Readonly<Record<'User' | 'Config', ValidateFunction>> | undefined;

/** The document schemas compiled once for every test file that validates with them. */
export function documentValidators(): Readonly<Record<'User' | 'Config', ValidateFunction>> {
  if (!validators) {
    const ajv = newAjv();
    validators = { User: ajv.compile(schemas.User), Config: ajv.compile(schemas.Config) };
  }
  return validators;
}
