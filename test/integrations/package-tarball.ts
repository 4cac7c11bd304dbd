import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './built-cli.js';

export interface NpmRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** npm as a user runs it, without the settings of an `npm test` that started this process. */
export function npm(args: readonly string[], cwd: string, env: Record<string, string> = {}): NpmRun {
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  const result = spawnSync('npm', args, { cwd, encoding: 'utf8', env: { ...base, NO_COLOR: '1', ...env }, timeout: 170_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export interface PackedFile {
  path: string;
  size: number;
}

export interface Packed {
  /** The tarball's absolute path. */
  tarball: string;
  /** Compressed size in bytes. */
  size: number;
  unpackedSize: number;
  files: PackedFile[];
}

/**
 * `npm pack` of the checkout into `dir`, from the dist/ that `npm test` built: `--ignore-scripts` so that `prepare`
 * does not rebuild dist/ under the feet of the other test files (src/build/prepare.mjs is covered by .ci/run).
 */
export function packTarball(dir: string): Packed {
  mkdirSync(dir, { recursive: true });
  const run = npm(['pack', '--ignore-scripts', '--json', '--pack-destination', dir], repoRoot);
  if (run.status !== 0) throw new Error(`npm pack failed: ${run.stderr}`);
  const [report] = JSON.parse(run.stdout) as { filename: string; size: number; unpackedSize: number; files: PackedFile[] }[];
  if (!report) throw new Error('npm pack reported nothing');
  return { tarball: join(dir, report.filename), size: report.size, unpackedSize: report.unpackedSize, files: report.files };
}

function newProject(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'platlint-user-project', version: '1.0.0', private: true }, null, 2) + '\n');
}

/** A new project in `dir` with `spec` installed as a user would, runtime dependencies only. */
export function installIntoNewProject(dir: string, spec: string, flags: readonly string[] = []): NpmRun {
  newProject(dir);
  return npm(['install', '--omit=dev', '--no-audit', '--no-fund', ...flags, spec], dir);
}

/**
 * A new project in `dir` with `spec` as its devDependency, as the install guide has it: platlint only in
 * node_modules/.bin, not on PATH. Offline: the runtime dependencies come from npm's cache.
 */
export function installAsDevDependency(dir: string, spec: string): NpmRun {
  newProject(dir);
  return npm(['install', '--save-dev', '--offline', '--no-audit', '--no-fund', spec], dir);
}
