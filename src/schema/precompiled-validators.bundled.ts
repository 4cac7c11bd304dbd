/**
 * precompiled-validators.ts as the CLI bundle holds it (src/build/bundle-cli.ts): the generated module imported
 * statically, and trusted without the fingerprint check, since `npm run build` generates it from the schemas it
 * bundles, just before bundling.
 */
import * as generated from './validators.generated.js';
import type { Validators } from './precompiled-validators.js';

export const precompiledValidators: Validators | undefined = new Map([
  ['User', generated.User],
  ['Config', generated.Config],
]);
