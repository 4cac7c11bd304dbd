/**
 * The parse floor (floor.ts) bundled with the yaml package as platlint's CLI bundle holds it: its exports read
 * once, its per-token reads of debugging switches from the environment folded to `false` (src/build/yaml-bundle.ts).
 * Measured beside the floor over the package as published, it shows what platlint gains from those two build
 * changes alone, so that its ratio to the floor is not mistaken for work it does not do.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { yamlBundlePlugins } from '../../src/build/yaml-bundle.js';
import { floorScript } from './context.js';
import { log, root } from './measure.js';

/** An ES module bundle of CommonJS code (the yaml package) needs `require` for Node's built-ins. */
const REQUIRE_BANNER = "import { createRequire as __floorCreateRequire } from 'node:module'; const require = __floorCreateRequire(import.meta.url);";

/** Path of the bundled floor script (named floor.js, which is how floor.ts knows it is run), or undefined without esbuild. */
export async function foldedFloorScript(out: string): Promise<string | undefined> {
  let esbuild: typeof import('esbuild');
  try {
    esbuild = await import('esbuild');
  } catch {
    log('the floor with the parser as platlint bundles it is skipped: esbuild is not installed');
    return undefined;
  }
  const dir = join(out, 'tmp', 'folded-floor');
  mkdirSync(dir, { recursive: true });
  const script = join(dir, 'floor.js');
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: [floorScript],
    outfile: script,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    banner: { js: REQUIRE_BANNER },
    plugins: [...yamlBundlePlugins],
    logLevel: 'warning',
  });
  return script;
}
