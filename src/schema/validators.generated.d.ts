/**
 * The shape of `validators.generated.js`, which `npm run build` writes into dist/src/schema (src/build/build-validators.ts)
 * and which does not exist in the sources: `validate.ts` falls back to compiling at run time without it.
 */
import type { ValidateFunction } from 'ajv';

export const User: ValidateFunction;
export const Config: ValidateFunction;
/** `schemaFingerprint(schemas)` of the schemas the validators were compiled from. */
export const fingerprint: string;
