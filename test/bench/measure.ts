/**
 * Measuring a child process from outside (wall time) and inside (CPU time and peak RSS, through a `--require` hook
 * that reads `process.resourceUsage()` at exit), and the statistics and table the benchmark prints.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

export const root = findRoot(dirname(fileURLToPath(import.meta.url)));

function findRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${start}`);
    dir = parent;
  }
  return dir;
}

export interface Sample {
  wallMs: number;
  /** User + system CPU time of the whole child process (all its threads). */
  cpuMs: number;
  /** Peak resident set size of the child, in kB. */
  maxRssKb: number;
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Loaded into every measured Node process with --require: writes its resource usage at exit (main thread only). */
const RUSAGE_HOOK = `'use strict';
const file = process.env.PLATLINT_BENCH_RUSAGE;
if (file && require('node:worker_threads').isMainThread) {
  process.on('exit', () => {
    const u = process.resourceUsage();
    require('node:fs').writeFileSync(file, JSON.stringify({ maxRSS: u.maxRSS, user: u.userCPUTime, system: u.systemCPUTime }));
  });
}
`;

let hookPath = '';
let sampleCounter = 0;

/** Writes the resource-usage hook into `dir`; every later `run` loads it. */
export function installHook(dir: string): void {
  hookPath = join(dir, 'rusage-hook.cjs');
  writeFileSync(hookPath, RUSAGE_HOOK);
}

export function run(args: readonly string[], options: { cwd?: string; out: string; nodeArgs?: readonly string[] }): Promise<Sample> {
  const usageFile = join(options.out, 'tmp', `rusage-${process.pid}-${sampleCounter++}.json`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_OPTIONS: [process.env['NODE_OPTIONS'] ?? '', `--require ${JSON.stringify(hookPath)}`].join(' ').trim(),
    PLATLINT_BENCH_RUSAGE: usageFile,
    NO_COLOR: '1',
  };
  delete env['GITHUB_ACTIONS'];
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...args], { cwd: options.cwd ?? root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = performance.now() - start;
      let usage = { maxRSS: 0, user: 0, system: 0 };
      try {
        usage = JSON.parse(readFileSync(usageFile, 'utf8')) as typeof usage;
        rmSync(usageFile, { force: true });
      } catch {
        // A child that died without running its exit handlers: the wall time is still right.
      }
      resolve({ wallMs, cpuMs: (usage.user + usage.system) / 1000, maxRssKb: usage.maxRSS, code, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') });
    });
  });
}

export class BenchError extends Error {}

export function expectCode(label: string, sample: Sample, codes: readonly number[]): void {
  if (sample.code === null || !codes.includes(sample.code)) {
    throw new BenchError(`${label}: exit code ${String(sample.code)}, expected ${codes.join(' or ')}\n${sample.stderr.slice(0, 2000)}`);
  }
}

export interface Summary {
  n: number;
  wallMs: number;
  cpuMs: number;
  maxRssKb: number;
  /** Fastest and slowest wall time, to show the noise. */
  minWallMs: number;
  maxWallMs: number;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? NaN : sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function summarize(samples: readonly Sample[]): Summary {
  const walls = samples.map((s) => s.wallMs);
  return {
    n: samples.length,
    wallMs: median(walls),
    cpuMs: median(samples.map((s) => s.cpuMs)),
    maxRssKb: median(samples.map((s) => s.maxRssKb)),
    minWallMs: Math.min(...walls),
    maxWallMs: Math.max(...walls),
  };
}

export function ms(value: number): string {
  return value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(0)} ms`;
}

export function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length))) ?? [];
  return rows.map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0))).join('  ')).join('\n');
}

export function log(line = ''): void {
  process.stdout.write(line + '\n');
}
