/**
 * launch.cjs, the `platlint` command (src/bin/launch.cts): it compiles the CLI bundle from the V8 code cache named by
 * the bundle's hash, writes that cache on exit where there is none or V8 refused it, and starts the lint worker
 * threads the same way. The copies it works on sit in dist/, so that the bundle finds ajv and re2js in node_modules
 * as the installed package does.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCorpus } from '../bench/corpus.js';
import { BIN, BROKEN_USER, ROOT } from '../helpers/cli.js';

const BIN_DIR = join(ROOT, 'dist', 'src', 'bin');

/** The code cache's name, from the hash on the bundle's first line. */
function cacheName(dir: string): string {
  const hash = /^\/\/ platlint bundle ([0-9a-f]{20})\n/.exec(readFileSync(join(dir, 'platlint.cjs'), 'utf8'))?.[1];
  expect(hash).toBeDefined();
  return `platlint-${hash}.code-cache`;
}

function caches(dir: string): string[] {
  return readdirSync(dir).filter((name) => name.endsWith('.code-cache'));
}

function run(launcher: string, args: readonly string[], cwd: string, nodeArgs: readonly string[] = []): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [...nodeArgs, launcher, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the platlint command', () => {
  let work = '';
  let copy = '';
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'platlint-launch-'));
    writeFileSync(join(work, 'jane.yaml'), BROKEN_USER);
    copy = mkdtempSync(join(ROOT, 'dist', 'launch-test-'));
    for (const file of ['launch.cjs', 'platlint.cjs']) copyFileSync(join(BIN_DIR, file), join(copy, file));
  });
  afterAll(() => {
    rmSync(work, { recursive: true, force: true });
    rmSync(copy, { recursive: true, force: true });
  });

  it('starts from the code cache the build wrote beside the bundle, which V8 takes as it is', () => {
    const cache = join(BIN_DIR, cacheName(BIN_DIR));
    expect(caches(BIN_DIR)).toEqual([cacheName(BIN_DIR)]);
    const before = { bytes: readFileSync(cache), mtimeMs: statSync(cache).mtimeMs };
    const result = run(BIN, ['jane.yaml', '--format', 'json'], work);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('');
    // A cache V8 refuses is written anew on exit.
    expect(statSync(cache).mtimeMs).toBe(before.mtimeMs);
    expect(readFileSync(cache).equals(before.bytes)).toBe(true);
  });

  it('without a cache, compiles the bundle, writes the cache on exit, and starts from it the next time', () => {
    const launcher = join(copy, 'launch.cjs');
    rmSync(join(copy, cacheName(copy)), { force: true });
    const reference = run(BIN, ['jane.yaml', '--format', 'json'], work);
    const first = run(launcher, ['jane.yaml', '--format', 'json'], work);
    expect(first).toEqual(reference);
    expect(caches(copy)).toEqual([cacheName(copy)]);
    const written = readFileSync(join(copy, cacheName(copy)));
    expect(written.length).toBeGreaterThan(100_000);
    expect(run(launcher, ['jane.yaml', '--format', 'json'], work)).toEqual(reference);
    expect(readFileSync(join(copy, cacheName(copy))).equals(written)).toBe(true);
  });

  it('compiles the bundle itself when V8 refuses the cache, and replaces the cache', () => {
    const launcher = join(copy, 'launch.cjs');
    const cache = join(copy, cacheName(copy));
    const garbage = Buffer.alloc(4096, 7);
    writeFileSync(cache, garbage);
    const reference = run(BIN, ['jane.yaml'], work);
    expect(reference.status).toBe(1);
    expect(run(launcher, ['jane.yaml'], work)).toEqual(reference);
    const replaced = readFileSync(cache);
    expect(replaced.equals(garbage)).toBe(false);
    expect(run(launcher, ['jane.yaml'], work)).toEqual(reference);
    expect(readFileSync(cache).equals(replaced)).toBe(true);
  });

  it('writes a cache that still holds the start-up code after a long run, in which V8 drops the bytecode of code not running', () => {
    ensureCorpus(join(work, 'corpus'), { files: 1200, docsPerFile: 1, seed: 11 });
    const cache = join(copy, cacheName(copy));
    // --stress-flush-code drops that bytecode at every full collection, as a long run does over time.
    const cacheSizeAfter = (args: readonly string[]): number => {
      rmSync(cache, { force: true });
      expect(run(join(copy, 'launch.cjs'), args, work, ['--stress-flush-code']).status).toBe(1);
      return statSync(cache).size;
    };
    const oneFile = cacheSizeAfter(['jane.yaml']);
    // What a one-file run compiles, and more: without --no-flush-bytecode it held a fifth less.
    expect(cacheSizeAfter(['corpus', '--threads', '1'])).toBeGreaterThan(oneFile);
    rmSync(cache, { force: true });
  });

  it('without a bundle beside it (nor the unbundled CLI), says so in one line and exits 2', () => {
    const alone = mkdtempSync(join(ROOT, 'dist', 'launch-alone-'));
    try {
      copyFileSync(join(BIN_DIR, 'launch.cjs'), join(alone, 'launch.cjs'));
      expect(run(join(alone, 'launch.cjs'), ['jane.yaml'], work)).toEqual({
        status: 2,
        stdout: '',
        stderr: `platlint: ${join(alone, 'platlint.cjs')} is missing: reinstall platlint, or run npm run build in its checkout\n`,
      });
    } finally {
      rmSync(alone, { recursive: true, force: true });
    }
  });

  it('runs the lint worker threads from the bundle: one CPU profile per thread, the same report as one thread', () => {
    ensureCorpus(join(work, 'corpus'), { files: 1200, docsPerFile: 1, seed: 11 });
    const profiles = join(work, 'profiles');
    mkdirSync(profiles);
    const parallel = run(join(copy, 'launch.cjs'), ['corpus', '--threads', '3', '--format', 'json'], work, ['--cpu-prof', `--cpu-prof-dir=${profiles}`]);
    // --cache keeps a run on the main thread.
    const serial = run(BIN, ['corpus', '--format', 'json', '--cache', '--cache-location', join(work, 'lint.cache')], work);
    expect(parallel.status).toBe(1);
    expect(parallel.stdout).toBe(serial.stdout);
    // The main thread and the two workers --threads 3 asks for, each started by launch.cjs and each linting in the
    // bundle.
    const threads = readdirSync(profiles).map((name) => {
      const profile = JSON.parse(readFileSync(join(profiles, name), 'utf8')) as { nodes: { callFrame: { functionName: string; url: string } }[] };
      const frames = new Set(profile.nodes.map(({ callFrame }) => `${callFrame.functionName} ${callFrame.url.slice(callFrame.url.lastIndexOf('/') + 1)}`));
      return ['launch launch.cjs', 'runRules platlint.cjs'].filter((frame) => frames.has(frame));
    });
    expect(threads).toEqual(Array.from({ length: 3 }, () => ['launch launch.cjs', 'runRules platlint.cjs']));
  });
});
