/**
 * What the document validators are compiled from: the ajv options and a fingerprint of the schemas. Shared by the
 * runtime compiler in `validate.ts` and the ahead-of-time build step `src/build/build-validators.ts`, so that the generated
 * validators are exactly the ones start-up would compile, and a stale generated file is recognised and ignored.
 */
import type { JsonSchema } from './metadata.js';

/** verbose: the failing schema is needed for did-you-mean and messages; it costs nothing on valid documents. */
export const AJV_OPTIONS = { allErrors: true, verbose: true, strict: true, messages: false } as const;

/** The file `build-validators.js` writes next to `validate.js` in dist/. */
export const GENERATED_VALIDATORS_FILE = 'validators.generated.js';

/** FNV-1a (32-bit) of the options and schemas: cheap enough to check at every start (well under a millisecond). */
export function schemaFingerprint(schemas: Readonly<Record<string, JsonSchema>>): string {
  const text = JSON.stringify([AJV_OPTIONS, schemas]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${(hash >>> 0).toString(16).padStart(8, '0')}-${text.length}`;
}
