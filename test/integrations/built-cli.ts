import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FORMAT_NAMES } from '../../src/formatters/index.js';
import { binOf } from '../bench/context.js';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { bin: Record<string, string> };

/** The package's bins as npm links them: name -> script, relative to the package root. */
export const bins: Readonly<Record<string, string>> = pkg.bin;

const cliPath = binOf(repoRoot);
const formattersPath = join(repoRoot, 'dist', 'src', 'formatters', 'index.js');

/** dist/ is usable when the CLI exists and was built with every format these tests use. */
function upToDate(): boolean {
  if (!existsSync(cliPath) || !existsSync(formattersPath)) return false;
  const built = readFileSync(formattersPath, 'utf8');
  return FORMAT_NAMES.every((name) => built.includes(`'${name}'`));
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Builds dist/ (as `npm run build` and pre-commit's install do) when a fresh clone has none or it predates the
 * formatters. Test files run in parallel, so a lock directory keeps two builds from writing dist/ at once.
 */
export function ensureBuiltCli(): string {
  if (upToDate()) return cliPath;
  const lock = join(repoRoot, 'dist', '.build-lock');
  mkdirSync(dirname(lock), { recursive: true });
  const deadline = Date.now() + 170_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 300_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error('timed out waiting for another test file to build dist/');
      sleep(250);
    }
  }
  try {
    // Type errors elsewhere in the tree do not stop tsc from emitting.
    if (!upToDate()) spawnSync(process.execPath, [join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], { cwd: repoRoot, stdio: 'ignore' });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  if (!upToDate()) throw new Error(`could not build ${cliPath}`);
  return cliPath;
}
