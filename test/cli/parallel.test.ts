import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCorpus } from '../bench/corpus.js';
import { pathToFileURL } from 'node:url';
import { chunkByBytes, CHUNKS_AHEAD, createFileLinter, decodeResults, encodeResults, lintFilesInParallel, PARALLEL_MIN_BYTES, threadsFor, TWO_CORE_MIN_BYTES, workerHeapLimitMb, workerYoungGenerationMb } from '../../src/cli/parallel.js';
import type { FileResult } from '../../src/engine/types.js';
import { BIN, ROOT, runCli } from '../helpers/cli.js';
import { yamlFilesUnder } from '../helpers/files.js';

/** The worker script of the build (the tests run from the sources, which have none). */
/** The lint worker's script as tsc builds it, unbundled. */
const BUILT_WORKER = join(ROOT, 'dist', 'src', 'cli', 'lint-worker.js');

// With --threads 2 the built CLI lints these on a worker thread too, whatever the machine's cores; `--cache` keeps a
// run on the main thread alone, which gives the reference report.
const FILES = 1200;

describe('deciding on worker threads and cutting chunks', () => {
  it("sizes the workers' heaps by the largest file: the old generation from 48 MB, the young one 4 to 31 MB, then V8's", () => {
    expect([0, 1_500, 62_287, 1 << 20].map(workerHeapLimitMb)).toEqual([48, 49, 52, 112]);
    expect([0, 1_500, 16_384, 16_385, 62_287, 126_976, 126_977].map(workerYoungGenerationMb)).toEqual([4, 4, 4, 5, 16, 31, undefined]);
  });

  it('sends results as one JSON string, code frames included', () => {
    const diagnostic = { ruleId: 'meta/name', severity: 'error' as const, message: 'metadata.name "A" is not valid.', line: 4, column: 9, endLine: 4, endColumn: 10, path: '/metadata/name', document: 0, docsUrl: 'https://example.com/meta/name' };
    const results: FileResult[] = [
      { file: 'a.yaml', documents: 1, skipped: 0, diagnostics: [{ ...diagnostic, note: 'Use lowercase.' }], frameLines: new Map([[3, 'metadata:'], [4, '  name: A']]) },
      { file: 'b.yaml', documents: 2, skipped: 1, diagnostics: [{ ...diagnostic, line: 9, endLine: 9 }] },
    ];
    const decoded = decodeResults(encodeResults(results));
    expect(decoded).toEqual(results);
    expect(decoded[0]?.frameLines).toBeInstanceOf(Map);
    expect(decoded[1]).not.toHaveProperty('frameLines');
  });

  it('starts workers only for enough bytes (more on two cores), more than one file and more than one core', () => {
    const half = (bytes: number): number[] => [bytes / 2, bytes / 2];
    expect([4, 8].map((cores) => threadsFor(half(PARALLEL_MIN_BYTES), undefined, cores))).toEqual([4, 8]);
    expect(threadsFor([PARALLEL_MIN_BYTES / 2, PARALLEL_MIN_BYTES / 2 - 1], undefined, 4)).toBe(1);
    expect(threadsFor(half(PARALLEL_MIN_BYTES), undefined, 2)).toBe(1);
    expect(threadsFor([TWO_CORE_MIN_BYTES / 2, TWO_CORE_MIN_BYTES / 2 - 1], undefined, 2)).toBe(1);
    expect(threadsFor(half(TWO_CORE_MIN_BYTES), undefined, 2)).toBe(2);
    expect(threadsFor([TWO_CORE_MIN_BYTES * 4], undefined, 4)).toBe(1);
    expect(threadsFor(half(TWO_CORE_MIN_BYTES * 4), undefined, 1)).toBe(1);
  });

  it('takes the threads asked for (--threads) whatever the size, but no more than one a file', () => {
    expect(threadsFor([100, 100, 100], 2, 1)).toBe(2);
    expect(threadsFor([100, 100, 100], 8, 2)).toBe(3);
    expect(threadsFor([TWO_CORE_MIN_BYTES * 2, TWO_CORE_MIN_BYTES * 2], 1, 8)).toBe(1);
    expect(threadsFor([100], 4, 4)).toBe(1);
  });

  it('cuts consecutive chunks by bytes, not by count, keeping every file once and in order', () => {
    const files = Array.from({ length: 100 }, (_, i) => `f${i}`);
    // Ten large files first, then ninety small ones.
    const sizes = files.map((_, i) => (i < 10 ? 200_000 : 2_000));
    const chunks = chunkByBytes(files, sizes, 2);
    expect(chunks.flat()).toEqual(files);
    // 2.18 MB over 2 workers x 8 chunks: about 136 kB a chunk, and a large file fills one of its own. Then 180 kB
    // are left, a quarter of which per worker is under the 32 kB floor: 17 small files a chunk, the last 5 apart.
    expect(chunks.map((chunk) => chunk.length)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 17, 17, 17, 17, 17, 5]);
  });

  it('cuts smaller chunks towards the end, so that the workers finish together', () => {
    const files = Array.from({ length: 3000 }, (_, i) => `f${i}`);
    const chunks = chunkByBytes(files, files.map(() => 5_000), 2);
    expect(chunks.flat()).toEqual(files);
    const bytes = chunks.map((chunk) => chunk.length * 5_000);
    // 15 MB: 256 kB chunks (53 files) while a quarter of what is left per worker is more, then ever smaller ones,
    // never under 32 kB (7 files), but for the rest at the very end.
    expect(bytes[0]).toBe(53 * 5_000);
    expect(bytes.slice(0, -1).every((b, i) => b >= 32 * 1024 && (i === 0 || b <= (bytes[i - 1] as number)))).toBe(true);
    expect(chunks.at(-2)?.length).toBe(7);
  });
});

/**
 * A stand-in for lint-worker.js that answers chunk 0 last: 300 ms late, every other chunk at once. Each result says
 * in `documents` how many chunks its worker had been sent when it answered.
 */
const SLOW_FIRST_WORKER = `
import { parentPort } from 'node:worker_threads';
let sent = 0;
parentPort.on('message', ({ id, files }) => {
  sent++;
  const answer = () => parentPort.postMessage({ id, results: JSON.stringify(files.map((file) => ({ file, diagnostics: [], documents: sent, skipped: 0 }))) });
  if (id === 0) setTimeout(answer, 300);
  else answer();
});
`;

describe('handing results on in input order', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'platlint-order-'));
    writeFileSync(join(dir, 'slow-first-worker.mjs'), SLOW_FIRST_WORKER);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('delivers each chunk once all before it are in, though a later one finished first, and hands out a bounded window', async () => {
    // 300 kB each: one file per chunk, 100 chunks.
    const files = Array.from({ length: 100 }, (_, i) => `f${String(i).padStart(3, '0')}.yaml`);
    const deliveries: FileResult[][] = [];
    let progressed = 0;
    const setup = { cwd: dir, configPath: undefined, policyPaths: [], ruleFlags: [], withFrames: false, baseline: false as const, today: '2026-11-24' };
    await lintFilesInParallel(files, setup, (chunk) => deliveries.push([...chunk]), {
      threads: 2,
      mainThreadLints: false,
      sizes: files.map(() => 300_000),
      script: pathToFileURL(join(dir, 'slow-first-worker.mjs')),
      onProgress: (n) => (progressed += n),
    });
    expect(deliveries.map((chunk) => chunk.map((r) => r.file))).toEqual(files.map((file) => [file]));
    expect(progressed).toBe(100);
    // While chunk 0 was late, its worker was sent no chunk beyond the window: the chunks done early and waiting
    // for it were at most CHUNKS_AHEAD, not the whole run.
    const sentBeforeFirst = deliveries[0]?.[0]?.documents ?? Infinity;
    expect(sentBeforeFirst).toBeGreaterThan(1);
    expect(sentBeforeFirst).toBeLessThanOrEqual(CHUNKS_AHEAD);
  });
});

/** A stand-in for lint-worker.js that answers at once, marking its results with `documents: -1`. */
const MARKING_WORKER = `
import { parentPort } from 'node:worker_threads';
parentPort.on('message', ({ id, files }) => {
  parentPort.postMessage({ id, results: JSON.stringify(files.map((file) => ({ file, diagnostics: [], documents: -1, skipped: 0 }))) });
});
`;

describe('the main thread as one of the threads', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'platlint-main-lints-'));
    writeFileSync(join(dir, 'marking-worker.mjs'), MARKING_WORKER);
    ensureCorpus(join(dir, 'corpus'), { files: 300, docsPerFile: 1, seed: 7 });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lints the first chunk itself while the worker starts, and shares the rest with it, in input order', async () => {
    const files = yamlFilesUnder(join(dir, 'corpus'));
    const setup = { cwd: dir, configPath: undefined, policyPaths: [], ruleFlags: [], withFrames: false, baseline: false as const, today: '2026-11-24' };
    const sizes = files.map((file) => statSync(file).size);
    // The premise: more than one chunk, so that there is something to share, and no more than the window ahead of the
    // first (CHUNKS_AHEAD, 16), so that the worker may be handed all the others while the main thread is on it.
    const chunks = chunkByBytes(files, sizes, 2);
    expect(chunks.length).toBe(12);
    const deliveries: FileResult[][] = [];
    await lintFilesInParallel(files, setup, (chunk) => deliveries.push([...chunk]), {
      threads: 2,
      sizes,
      script: pathToFileURL(join(dir, 'marking-worker.mjs')),
    });
    expect(deliveries.map((chunk) => chunk.map((r) => r.file))).toEqual(chunks);
    const byWorker = deliveries.map((chunk) => chunk.every((r) => r.documents === -1));
    // The main thread takes the first chunk before any worker can be online; the one worker (threads - 1) is online
    // before the main thread has loaded the linter and linted that chunk, and answering at once, it takes the rest.
    expect(byWorker).toEqual(chunks.map((_, i) => i > 0));
    const lint = await createFileLinter(setup);
    for (const [i, chunk] of deliveries.entries()) if (!byWorker[i]) expect(chunk).toEqual(chunk.map((r) => lint(r.file)));
  });
});

describe('a worker that runs out of memory', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'platlint-oom-'));
    // 1.7 MB of labels: far more than a 24 MB worker heap holds once parsed.
    const labels = Array.from({ length: 60_000 }, (_, i) => `    label-${i}: value-${i}`);
    writeFileSync(join(dir, 'a-big.yaml'), ['apiVersion: management.platform/v1', 'kind: User', 'metadata:', '  name: Big', '  labels:', ...labels, 'spec:', '  email: Big@Example.com', ''].join('\n'));
    for (let i = 0; i < 6; i++) writeFileSync(join(dir, `b-small-${i}.yaml`), `apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: Small.${i}\n`);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives its chunk to the others or the main thread: every file is linted as a single thread would', async () => {
    const files = readdirSync(dir).sort().map((name) => join(dir, name));
    const setup = { cwd: dir, configPath: undefined, policyPaths: [], ruleFlags: [], withFrames: false, baseline: false as const, today: '2026-11-24' };
    const results: FileResult[] = [];
    const errors: string[] = [];
    await lintFilesInParallel(files, setup, (chunk) => results.push(...chunk), {
      threads: 2,
      mainThreadLints: false,
      sizes: files.map((file) => statSync(file).size),
      script: pathToFileURL(BUILT_WORKER),
      workerHeapLimitMb: 24,
      onWorkerError: (error) => errors.push((error as NodeJS.ErrnoException).code ?? error.message),
    });
    // Two chunks, the big file and the small ones: the first worker online takes both (two in hand) and runs out of
    // memory; the other, finding nothing to take, has ended; the main thread lints both chunks.
    expect(chunkByBytes(files, files.map((file) => statSync(file).size), 2).length).toBe(2);
    expect(errors).toEqual(['ERR_WORKER_OUT_OF_MEMORY']);
    const lint = await createFileLinter(setup);
    expect(results).toEqual(files.map(lint));
    expect(results.map((r) => [basename(r.file), r.diagnostics.map((d) => d.ruleId)])).toEqual([
      ['a-big.yaml', ['meta/name']],
      ...Array.from({ length: 6 }, (_, i) => [`b-small-${i}.yaml`, ['meta/name']]),
    ]);
  });
});

describe('linting many files on worker threads', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'platlint-parallel-'));
    ensureCorpus(join(dir, 'corpus'), { files: FILES, docsPerFile: 1, seed: 5 });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const serial = (args: string[], name: string): ReturnType<typeof runCli> => runCli([...args, '--cache', '--cache-location', join(dir, `${name}.cache`)], { cwd: dir });

  it('reports exactly what a single-threaded run reports, in the same order', () => {
    const parallel = runCli(['corpus', '--threads', '2', '--format', 'json', '-o', 'parallel.json', '--format', 'stylish'], { cwd: dir });
    const reference = serial(['corpus', '--format', 'json', '-o', 'serial.json', '--format', 'stylish'], 'a');
    expect(parallel.status).toBe(1);
    expect(reference.status).toBe(1);
    expect(parallel.stdout).toBe(reference.stdout);
    expect(readFileSync(join(dir, 'parallel.json'), 'utf8')).toBe(readFileSync(join(dir, 'serial.json'), 'utf8'));
  });

  it('applies --rule and --quiet in every thread', () => {
    const args = ['corpus', '--quiet', '--rule', 'schema/*=off', '--format', 'json'];
    const parallel = runCli([...args, '--threads', '2'], { cwd: dir });
    expect(parallel.stdout).toBe(serial(args, 'b').stdout);
    expect(parallel.stdout).not.toContain('schema/');
    expect(parallel.stdout).not.toContain('"warning"');
  });

  it('reports an unreadable file and lints the others', () => {
    const unreadable = join(dir, 'corpus', 'd0001', 'manifest-000150.yaml');
    chmodSync(unreadable, 0o000);
    try {
      const probe = runCli(['corpus/d0001/manifest-000150.yaml'], { cwd: dir });
      // Running as root, nothing is unreadable: nothing to test then.
      if (probe.status !== 2) return;
      const parallel = runCli(['corpus', '--threads', '2', '--format', 'json'], { cwd: dir });
      expect(parallel.status).toBe(2);
      expect(parallel.stderr).toContain('cannot read corpus/d0001/manifest-000150.yaml: EACCES');
      expect((JSON.parse(parallel.stdout) as { summary: { files: number } }).summary.files).toBe(FILES);
    } finally {
      chmodSync(unreadable, 0o644);
    }
  });

  it('counts files done on worker threads in the progress display of a terminal', () => {
    // script(1) gives the CLI a pseudo-terminal; outside CI, stderr on a terminal shows the progress.
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'CI' && key !== 'GITHUB_ACTIONS')) as Record<string, string>;
    const run = spawnSync('script', ['-qec', `'${process.execPath}' '${BIN}' corpus --threads 2 --format json -o pty.json`, '/dev/null'], { cwd: dir, env: { ...env, TERM: 'xterm' }, encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`platlint: linting ${FILES}/${FILES} files`);
    expect(run.stdout.endsWith('\r\u001b[K')).toBe(true);
  });

  it('honours ignore globs of the config file', () => {
    writeFileSync(join(dir, '.platlint.yaml'), 'ignore: ["corpus/d0000/**"]\n');
    try {
      const parallel = runCli(['corpus', '--threads', '2', '--format', 'json'], { cwd: dir });
      expect((JSON.parse(parallel.stdout) as { summary: { files: number } }).summary.files).toBe(FILES - 100);
      expect(parallel.stdout).toBe(serial(['corpus', '--format', 'json'], 'c').stdout);
    } finally {
      rmSync(join(dir, '.platlint.yaml'));
    }
  });
});
