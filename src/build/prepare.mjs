/**
 * npm's `prepare` script. npm runs it after `npm install` / `npm ci` in a clone, before `npm pack` and `npm publish`,
 * and when it installs platlint from git, which is how pre-commit installs the hook (4.6.1 and later:
 * `npm install -g git+file://<clone>`; earlier: `npm install` in the clone, then `npm pack`, whose stdout it reads as
 * the tarball's name).
 *
 * - Nothing goes to stdout: the build's output is sent to stderr. (`.npmrc` sets `foreground-scripts=false`, so
 *   that `npm pack` does not print the "> platlint@x prepare" banner on stdout either.)
 * - With the devDependencies missing (`npm ci --omit=dev`), there is nothing to build with: it says so on stderr and
 *   succeeds, so that such an install does not fail. The published package needs no build: it ships dist/.
 *
 * Plain JavaScript, not TypeScript: it runs before anything is compiled.
 */
/* global process */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const buildTools = ['typescript', 'esbuild'];
const missing = buildTools.filter((name) => {
  try {
    require.resolve(name);
    return false;
  } catch {
    return true;
  }
});

if (missing.length > 0) {
  process.stderr.write(`platlint prepare: ${missing.join(' and ')} not installed (devDependencies omitted): dist/ is not built\n`);
} else {
  // npm_execpath is the npm (or other package manager) that runs this script; plain `npm` when run by hand.
  const npm = process.env.npm_execpath;
  const [command, args] = npm ? [process.execPath, [npm, 'run', '--silent', 'build']] : ['npm', ['run', '--silent', 'build']];
  // The package takes in every chunk in dist/src/cli: those of earlier builds go at once (src/build/bundle-cli.ts).
  const result = spawnSync(command, args, { stdio: ['ignore', 2, 2], env: { ...process.env, PLATLINT_PRUNE_CHUNKS: '1' } });
  if (result.error) process.stderr.write(`platlint prepare: ${result.error.message}\n`);
  process.exitCode = result.status ?? 1;
}
