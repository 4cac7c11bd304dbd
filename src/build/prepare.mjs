/**
 * npm's `prepare` script: builds dist/ from the TypeScript sources. npm runs it after `npm install` / `npm ci` in a
 * clone, before `npm pack` and `npm publish`, and when it installs platlint from git, which is how pre-commit
 * installs the hook:
 *
 * - pre-commit up to 4.6.0 runs `npm install` in its clone (devDependencies included), then `npm pack`, whose
 *   stdout it reads as the tarball's name;
 * - pre-commit 4.6.1 and later run `npm install --install-links -g git+file://<clone>`; npm 11 then runs `prepare`
 *   in a fresh clone without having installed any dependency there, and packs that clone.
 *
 * So:
 * - Nothing goes to stdout: the build's output is sent to stderr (and `.npmrc` sets `foreground-scripts=false`, so
 *   that `npm pack` does not print the "> platlint@x prepare" banner there either).
 * - When the devDependencies were left out on purpose (`--omit=dev`, NODE_ENV=production), it builds nothing and
 *   succeeds, so that `npm ci --omit=dev` works; but `npm pack` and `npm publish` without a built CLI fail rather
 *   than ship a package without one.
 * - When they are missing otherwise (a fresh clone, as in the git install above), it installs them from the lock
 *   file first.
 *
 * Plain JavaScript, not TypeScript: it runs before anything is compiled.
 */
/* global process */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(join(root, 'package.json'));

function say(line) {
  process.stderr.write(`platlint prepare: ${line}\n`);
}

function missingBuildTools() {
  return ['typescript', 'esbuild'].filter((name) => {
    try {
      require.resolve(name);
      return false;
    } catch {
      return true;
    }
  });
}

/** Runs npm (the one running this script when there is one) in the package root; its stdout goes to stderr. */
function npm(args, env = process.env) {
  const npmCli = process.env.npm_execpath;
  const [command, fullArgs] = npmCli ? [process.execPath, [npmCli, ...args]] : ['npm', args];
  const result = spawnSync(command, fullArgs, { cwd: root, stdio: ['ignore', 2, 2], env });
  if (result.error) say(result.error.message);
  if (result.status !== 0) {
    say(`npm ${args.join(' ')} failed`);
    process.exit(result.status ?? 1);
  }
}

const build = () => npm(['run', '--silent', 'build']);

const missing = missingBuildTools();
const devOmitted = /(^|[\s,])dev($|[\s,])/.test(process.env.npm_config_omit ?? '') || process.env.NODE_ENV === 'production';
if (missing.length > 0 && !devOmitted) {
  say(`${missing.join(' and ')} not installed: installing the devDependencies to build`);
  // A clean npm for the nested run: the outer install's settings (--global, its prefix) are not its own.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_config_/i.test(key)));
  const install = existsSync(join(root, 'package-lock.json')) ? ['ci'] : ['install', '--no-save', '--no-package-lock'];
  npm([...install, '--include=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], env);
}
if (missingBuildTools().length === 0) {
  build();
} else if (['pack', 'publish'].includes(process.env.npm_command ?? '') && !existsSync(join(root, 'dist', 'src', 'bin', 'platlint.cjs'))) {
  say(`${missing.join(' and ')} not installed and dist/ not built: run \`npm ci\` first`);
  process.exit(1);
} else {
  say(`${missing.join(' and ')} not installed (devDependencies omitted): dist/ is not built`);
}
