import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The script a lint worker thread runs: lint-worker.js beside this module; undefined when running from the TS
 * sources. The CLI bundle takes worker-script.bundled.ts in place of this module (src/build/bundle-cli.ts).
 */
export function lintWorkerScript(): URL | undefined {
  const url = new URL('./lint-worker.js', import.meta.url);
  return url.protocol === 'file:' && existsSync(fileURLToPath(url)) ? url : undefined;
}
