/**
 * Build step: writes each JSON Schema that `platlint schema <name>` prints to dist/schemas/, so that an installed
 * package carries them as files (for the YAML language server's modeline or `yaml.schemas` setting, and for any
 * other JSON Schema tool).
 *
 *   node dist/src/build/export-schemas.js      # run by `npm run build`, after tsc
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCHEMA_NAMES, schemaFor, type ExportedSchemaName } from '../cli/info-commands.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/**
 * File names that differ in more than case (`Config`, the resource, and `config`, the .platlint.yaml file, would
 * be one file on macOS and Windows).
 */
export const SCHEMA_FILES: Readonly<Record<ExportedSchemaName, string>> = {
  User: 'user.schema.json',
  Config: 'config.schema.json',
  config: 'platlint-config.schema.json',
  policy: 'policy.schema.json',
  report: 'report.schema.json',
};

export const SCHEMAS_DIR = join('dist', 'schemas');

export async function exportSchemas(): Promise<string[]> {
  const outdir = join(root, SCHEMAS_DIR);
  mkdirSync(outdir, { recursive: true });
  const written: string[] = [];
  for (const name of SCHEMA_NAMES) {
    const path = join(outdir, SCHEMA_FILES[name]);
    const partial = `${path}.${process.pid}.tmp`;
    writeFileSync(partial, JSON.stringify(await schemaFor(name)) + '\n');
    renameSync(partial, path);
    written.push(path);
  }
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await exportSchemas();
}
