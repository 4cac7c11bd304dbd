/**
 * Derives the TypeScript types of User and Config documents from the JSON Schemas, so the schemas stay the single
 * source of truth. `test/schema/schemas.test.ts` fails when `types.generated.ts` is out of date.
 *
 *   npm run build && node dist/src/build/generate-types.js           # rewrites src/schema/types.generated.ts
 *   node dist/src/build/generate-types.js --check                   # exit 1 when the file is out of date
 *   node dist/src/build/generate-types.js --out FILE                 # writes FILE instead
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compile } from 'json-schema-to-typescript';
import { schemas, type JsonSchema } from '../schema/index.js';
import { writeFileAtomic } from '../project/write-file.js';

export const GENERATED_BANNER = `/* eslint-disable */
/**
 * GENERATED FILE: do not edit by hand.
 * Generated from the JSON Schemas in src/schema (metadata.ts, user.ts, config.ts) by src/build/generate-types.ts.
 * To change a type, change the schema, then run: npm run build && node dist/src/build/generate-types.js
 */`;

/** Where the generated file lives, relative to the package root. */
export const GENERATED_TYPES_PATH = join('src', 'schema', 'types.generated.ts');

/** A schema as handed to the generator. */
type GeneratorSchema = Omit<JsonSchema, 'properties' | 'items' | 'additionalProperties'> & {
  properties?: { [name: string]: GeneratorSchema };
  items?: GeneratorSchema;
  additionalProperties?: boolean | GeneratorSchema;
};

/**
 * Copies a schema for the generator, so that the doc comments show what editors show: `@default` from `default`,
 * `@deprecated` from a description starting with "Deprecated.". Shared sub-schemas stay shared (one named type).
 */
function forGenerator(schema: JsonSchema, copies: Map<JsonSchema, GeneratorSchema>): GeneratorSchema {
  const known = copies.get(schema);
  if (known) return known;
  const { properties, items, additionalProperties, ...rest } = schema;
  const copy: GeneratorSchema = { ...rest };
  copies.set(schema, copy);
  if (copy.description !== undefined) {
    const tags: string[] = [];
    if (copy.default !== undefined) tags.push(`@default ${JSON.stringify(copy.default)}`);
    if (copy.description.startsWith('Deprecated.')) tags.push('@deprecated');
    if (tags.length > 0) copy.description = [copy.description, ...tags].join('\n\n');
  }
  if (properties) {
    copy.properties = {};
    for (const [name, child] of Object.entries(properties)) copy.properties[name] = forGenerator(child, copies);
  }
  if (items) copy.items = forGenerator(items, copies);
  if (additionalProperties !== undefined) {
    copy.additionalProperties =
      typeof additionalProperties === 'boolean' ? additionalProperties : forGenerator(additionalProperties, copies);
  }
  return copy;
}

/** The TypeScript source of `types.generated.ts`: `User`, `Config`, `PlatformDocument` and their parts. */
export async function generateTypes(): Promise<string> {
  // Both documents are compiled in one pass so that the parts they share (ObjectMeta, OwnerReference, ...) are
  // declared once. The `anyOf` wrapper exists only for the generator (it yields `PlatformDocument = User | Config`);
  // the schemas the linter validates with never use `anyOf`.
  const copies = new Map<JsonSchema, GeneratorSchema>();
  const root = {
    title: 'PlatformDocument',
    description: 'A management.platform/v1 document: a User or a Config.',
    anyOf: [
      { ...forGenerator(schemas.User, copies), title: 'User' },
      { ...forGenerator(schemas.Config, copies), title: 'Config' },
    ],
  };
  return compile(root, 'PlatformDocument', {
    bannerComment: GENERATED_BANNER,
    additionalProperties: false,
    strictIndexSignatures: false,
    unknownAny: true,
    declareExternallyReferenced: true,
    unreachableDefinitions: false,
    format: true,
    style: { singleQuote: true, printWidth: 120, trailingComma: 'all', semi: true, tabWidth: 2 },
  });
}

/** The package root: the nearest directory above this module with a package.json (works from src/ and dist/). */
function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('generate-types: no package.json above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
}

async function main(argv: readonly string[]): Promise<number> {
  const check = argv.includes('--check');
  const outIndex = argv.indexOf('--out');
  const outArg = outIndex >= 0 ? argv[outIndex + 1] : undefined;
  if (outIndex >= 0 && outArg === undefined) {
    process.stderr.write('generate-types: --out needs a file name\n');
    return 2;
  }
  const out = outArg !== undefined ? resolve(outArg) : join(packageRoot(), GENERATED_TYPES_PATH);
  const source = await generateTypes();
  if (check) {
    const current = existsSync(out) ? await readFile(out, 'utf8') : '';
    if (current !== source) {
      process.stderr.write(`generate-types: ${out} is out of date; run node dist/src/build/generate-types.js\n`);
      return 1;
    }
    return 0;
  }
  writeFileAtomic(out, source);
  process.stdout.write(`generate-types: wrote ${out}\n`);
  return 0;
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`generate-types: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 2;
    },
  );
}
