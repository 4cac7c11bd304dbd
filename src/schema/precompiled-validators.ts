/**
 * The validators `npm run build` compiled ahead of time (src/build/build-validators.ts), unless they are missing (tests run
 * from the sources) or were built from other schemas (a plain `tsc` after a schema change). The CLI bundle takes
 * precompiled-validators.bundled.ts in place of this module (src/build/bundle-cli.ts), which imports the generated
 * module statically: a CommonJS bundle cannot hold the top-level await below.
 */
import { schemas } from './index.js';
import { schemaFingerprint } from './validator-options.js';
import type { ValidateFunction } from 'ajv';
import type { ResourceKind } from '../engine/types.js';

export type Validators = Map<ResourceKind, ValidateFunction>;

/** The generated module's validators, if they were built from the schemas in force. */
function validatorsOf(generated: Partial<typeof import('./validators.generated.js')>): Validators | undefined {
  if (generated.fingerprint !== schemaFingerprint(schemas) || !generated.User || !generated.Config) return undefined;
  return new Map([
    ['User', generated.User],
    ['Config', generated.Config],
  ]);
}

async function load(): Promise<Validators | undefined> {
  try {
    return validatorsOf(await import('./validators.generated.js'));
  } catch {
    return undefined;
  }
}

export const precompiledValidators: Validators | undefined = await load();
