/**
 * The JSON Schemas of the two document kinds: the single source of truth for field names, types, required fields
 * and enums. The TypeScript types in `types.generated.ts` are derived from them (`src/build/generate-types.ts`).
 */
import { configSchema } from './config.js';
import type { JsonSchema } from './metadata.js';
import { userSchema } from './user.js';

export type { JsonSchema } from './metadata.js';
export { objectMetaSchema } from './metadata.js';
export { userSchema } from './user.js';
export { configSchema } from './config.js';

export type SchemaName = 'User' | 'Config';

export const SCHEMA_NAMES: readonly SchemaName[] = ['User', 'Config'];

/** The document schemas by kind, as the validator compiles them (no `$schema`/`$id`). */
export const schemas: { readonly User: JsonSchema; readonly Config: JsonSchema } = {
  User: userSchema,
  Config: configSchema,
};

export const SCHEMA_DRAFT = 'http://json-schema.org/draft-07/schema#';

/** `https://platlint.dev/schemas/User.json` */
export function schemaId(name: SchemaName): string {
  return `https://platlint.dev/schemas/${name}.json`;
}
