import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { yamlFilesUnder } from '../helpers/files.js';
import { parseAllDocuments } from 'yaml';
import { generateDocument } from '../bench/corpus.js';
import { leanValidatorsModule } from '../../src/build/lean-validators.js';
import { generateValidatorsModule } from '../../src/build/build-validators.js';
import { schemaNodes } from '../../src/schema/schema-nodes.js';
import { schemas } from '../../src/schema/index.js';
import { AJV_OPTIONS, schemaFingerprint } from '../../src/schema/validator-options.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** Documents of every shape the tests know: the fixtures, and benchmark documents with and without mistakes. */
function documents(): unknown[] {
  const texts = [...yamlFilesUnder(join(ROOT, 'fixtures')).map((file) => readFileSync(file, 'utf8')), ...Array.from({ length: 120 }, (_, i) => generateDocument(i, 9).text)];
  return texts.flatMap((text) => {
    const parsed = parseAllDocuments(text, { version: '1.1' });
    return (Array.isArray(parsed) ? parsed : [parsed]).flatMap((doc) => {
      try {
        const data: unknown = doc.toJS({ maxAliasCount: 100 });
        return data === null || data === undefined ? [] : [data];
      } catch {
        return [];
      }
    });
  });
}

// The CLI validates with the code build-validators.ts generates at build time; the tests (from the sources) with
// validators compiled at run time. Both must say the same, error for error.
describe('ahead-of-time compiled validators', () => {
  it('accept, reject and report exactly as the validators compiled at run time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-validators-'));
    try {
      const file = join(dir, 'validators.generated.mjs');
      writeFileSync(file, generateValidatorsModule());
      const generated = (await import(pathToFileURL(file).href)) as { User: ValidateFunction; Config: ValidateFunction; fingerprint: string };
      expect(generated.fingerprint).toBe(schemaFingerprint(schemas));
      const ajv = new Ajv({ ...AJV_OPTIONS });
      const runtime = { User: ajv.compile(schemas.User), Config: ajv.compile(schemas.Config) };
      const docs = documents();
      expect(docs.length).toBeGreaterThan(200);
      let rejected = 0;
      for (const data of docs) {
        for (const kind of ['User', 'Config'] as const) {
          const valid = generated[kind](data);
          expect(valid).toBe(runtime[kind](data));
          expect(generated[kind].errors ?? null).toEqual(runtime[kind].errors ?? null);
          if (!valid) rejected++;
        }
      }
      expect(rejected).toBeGreaterThan(100);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // The CLI bundle takes in those validators trimmed (src/build/lean-validators.ts): the same errors but for the
  // emptied schemaPath, with schema and parentSchema reached by node index instead of by path.
  it('say the same, trimmed for the CLI bundle, but for schemaPath', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-validators-'));
    try {
      const deps = join(dir, 'deps.mjs');
      writeFileSync(deps, `export const schemas = ${JSON.stringify(schemas)};\nexport ${schemaNodes.toString()}\n`);
      const code = leanValidatorsModule(generateValidatorsModule(), schemas, { schemas: pathToFileURL(deps).href, schemaNodes: pathToFileURL(deps).href });
      expect(code).not.toMatch(/parentSchema:schema\d+\./);
      expect(code).not.toMatch(/schemaPath:"#/);
      expect(code.length).toBeLessThan(generateValidatorsModule().length * 0.6);
      const file = join(dir, 'validators.lean.mjs');
      writeFileSync(file, code);
      const lean = (await import(pathToFileURL(file).href)) as { User: ValidateFunction; Config: ValidateFunction };
      const ajv = new Ajv({ ...AJV_OPTIONS });
      const runtime = { User: ajv.compile(schemas.User), Config: ajv.compile(schemas.Config) };
      const withoutSchemaPath = (errors: ValidateFunction['errors']) => errors?.map(({ schemaPath: _schemaPath, ...rest }) => rest) ?? null;
      let rejected = 0;
      for (const data of documents()) {
        for (const kind of ['User', 'Config'] as const) {
          const valid = lean[kind](data);
          expect(valid).toBe(runtime[kind](data));
          expect(withoutSchemaPath(lean[kind].errors)).toEqual(withoutSchemaPath(runtime[kind].errors));
          if (!valid) rejected++;
        }
      }
      expect(rejected).toBeGreaterThan(100);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('carry the fingerprint of the schemas they were compiled from', () => {
    expect(generateValidatorsModule()).toContain(`export const fingerprint = ${JSON.stringify(schemaFingerprint(schemas))};`);
    expect(schemaFingerprint({ ...schemas, User: { ...schemas.User, description: 'changed' } })).not.toBe(schemaFingerprint(schemas));
  });
});
