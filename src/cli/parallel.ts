/**
 * Linting many files on every core: the main thread and one worker thread per further core take chunks of files
 * from one queue, so a slow file holds up no one, and the results are handed on in input order, a chunk as soon as
 * it and all before it are in. Chunks are cut by bytes, not by count (a 15 kB Config is a dozen small Users' work),
 * and workers start only when there is enough work to repay their start-up. A worker's results come back as one
 * JSON string per chunk (one flat copy instead of a structured clone of thousands of small objects) and are dropped
 * once delivered. Only a window of chunks past the first undelivered one is handed out, so results waiting for a
 * slow chunk stay few, however many files there are. Should every worker fail, the main thread lints what is left.
 *
 * Each thread builds the same linter from plain data (the config file's path, the --policy paths, the --rule flags,
 * the objects of the linted files that admission policies read), since rules and resolved settings cannot cross
 * threads; custom policies load in every thread and keep nothing between files (src/policy/evaluation.ts), so they
 * lint anywhere. --fix and --cache stay single-threaded (the
 * caller checks).
 */
import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { FileResult } from '../engine/types.js';
import { loadRuleSet, type RuleSet } from '../project/rule-set.js';
import { ruleOverrides } from './settings.js';
import { lintFile } from '../project/files.js';
import { loadSuppressions } from '../suppressions/load.js';
import { lintWorkerScript } from './worker-script.js';
import { policyFixtureSkipped } from '../project/policy-fixtures.js';
import type { ObjectData } from '../policy/vap/cluster.js';

/**
 * Below this many bytes, starting workers costs more than it saves. A worker loads in 40 ms, but then spends most of
 * a second of CPU on V8's optimizing compiler before it lints at full speed, as the main thread did. Measured on the
 * benchmark's small files (one object each), a worker lost time up to 0.6 MB (0.61 s against 0.52 s alone), broke
 * even at 1.2 MB with a third more CPU, and won at 1.8 MB (0.97 s against 1.07 s).
 */
export const PARALLEL_MIN_BYTES = 1.25 * 1024 * 1024;

/**
 * The same with two cores. One thread does not lint alone there: V8's compiler and garbage collector threads keep
 * the second core about a third busy, and a worker takes that core from them. Measured on the benchmark's small
 * files (3,000 to 12,000 files of one object, 2 cores, median of 5 to 7 runs), one worker lost time at 2.8 MB
 * (1.15 s against 1.11 s alone, with 42% more CPU), broke even at 4.3 MB (1.46 s against 1.48 s, 42% more CPU), and
 * won at 5.6 MB (1.77 s against 1.87 s) and 11 MB (2.77 s against 3.21 s).
 */
export const TWO_CORE_MIN_BYTES = 5 * 1024 * 1024;

/** Bytes per chunk: large enough that messaging is noise, small enough to balance the load at the end. */
const CHUNK_MIN_BYTES = 32 * 1024;
const CHUNK_MAX_BYTES = 256 * 1024;
/** Chunks per thread at least, so that the last ones even out how long each thread runs. */
const CHUNKS_PER_THREAD = 8;
/** Near the end, a chunk is at most what is left divided by this many per thread. */
const TAPER = 4;

/** Sizes of the files, named relative to `cwd` (0 for one that cannot be read: it is reported where it is linted). */
export function fileSizes(files: readonly string[], cwd: string): number[] {
  return files.map((file) => {
    try {
      return statSync(resolve(cwd, file)).size;
    } catch {
      return 0;
    }
  });
}

/**
 * How many threads to lint these files on, the main thread included (1: no worker). `requested` (`--threads`) is
 * taken as it is, up to one thread a file; otherwise one a core (`cores`), when the files are enough bytes to repay
 * starting the workers.
 */
export function threadsFor(sizes: readonly number[], requested: number | undefined, cores = defaultThreads()): number {
  if (requested !== undefined) return Math.max(1, Math.min(requested, sizes.length));
  if (cores < 2 || sizes.length < 2) return 1;
  let total = 0;
  for (const size of sizes) total += size;
  return total >= (cores === 2 ? TWO_CORE_MIN_BYTES : PARALLEL_MIN_BYTES) ? cores : 1;
}

/**
 * Consecutive runs of files (so that the results stay in input order), cut by bytes. Chunks shrink towards the end
 * (to a quarter of what is left per thread, down to CHUNK_MIN_BYTES), so that the threads finish together: with
 * chunks of one size, one thread could still be on a 256 kB chunk, a fifth of a second, while the other waits.
 */
export function chunkByBytes(files: readonly string[], sizes: readonly number[], threads: number): string[][] {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  const perThread = Math.max(1, threads);
  const target = Math.min(CHUNK_MAX_BYTES, Math.max(CHUNK_MIN_BYTES, Math.ceil(total / (perThread * CHUNKS_PER_THREAD))));
  const chunks: string[][] = [];
  let chunk: string[] = [];
  let bytes = 0;
  const limitFor = (remaining: number): number => Math.min(target, Math.max(CHUNK_MIN_BYTES, Math.ceil(remaining / (perThread * TAPER))));
  let remaining = total;
  let limit = limitFor(remaining);
  files.forEach((file, i) => {
    chunk.push(file);
    const size = sizes[i] ?? 0;
    bytes += size;
    remaining -= size;
    if (bytes >= limit) {
      chunks.push(chunk);
      chunk = [];
      bytes = 0;
      limit = limitFor(remaining);
    }
  });
  if (chunk.length) chunks.push(chunk);
  return chunks;
}

/** Everything a thread needs to lint exactly as the main thread would: plain data only. */
export interface ParallelSetup {
  cwd: string;
  /** The configuration file the main thread loaded (absolute), or undefined for none. */
  configPath: string | undefined;
  /** `--policy` paths (the configuration file's `policies` come with it). */
  policyPaths: readonly string[];
  /** `--rule ID=SEVERITY` flags. */
  ruleFlags: readonly string[];
  /** `--unfixable ID` flags. */
  unfixableFlags?: readonly string[];
  /** `--fixable ID` flags. */
  fixableFlags?: readonly string[];
  /** Keep source lines for code frames (stylish output). */
  withFrames: boolean;
  /** `--timing`: measure each rule. */
  timing?: boolean;
  /** False with `--no-inline-directives`. */
  inlineDirectives?: boolean;
  /** The baseline the main thread loaded (absolute), or false for none. */
  baseline: string | false;
  /** The run's date, for the exceptions' expiry. */
  today: string;
  /** The Namespaces and parameter objects of the linted files, which admission policies read (admission-objects.ts). */
  clusterObjects?: readonly ObjectData[];
}

/**
 * Lints one file by name, as the lint command does: a file that cannot be read is a result with `ioError`. `loaded`:
 * the rule set the main thread loaded already (policies cost a compile per thread), built from the same setup.
 */
export async function createFileLinter(setup: ParallelSetup, loaded?: RuleSet): Promise<(file: string) => FileResult> {
  const ruleSet = loaded ?? (await loadRuleSet({ config: setup.configPath ?? false, policy: [...setup.policyPaths] }, setup.cwd));
  ruleSet.policies?.admission?.cluster.useLinted(setup.clusterObjects ?? []);
  const suppressions = loadSuppressions({ cwd: setup.cwd, configFile: ruleSet.configFile, baseline: setup.baseline, today: setup.today });
  const linting = { ruleSet, overrides: ruleOverrides({ rule: setup.ruleFlags, unfixable: setup.unfixableFlags ?? [], fixable: setup.fixableFlags ?? [] }, ruleSet.rules), suppressorFor: (file: string) => suppressions.forFile(file), withFrames: setup.withFrames, timing: setup.timing === true, inlineDirectives: setup.inlineDirectives !== false };
  return (file) => (ruleSet.isPolicyFixture(file) ? policyFixtureSkipped(file) : lintFile(linting, file, setup.cwd));
}

/**
 * Threads to lint on, the main thread one of them: one per core the process may use (`os.availableParallelism()`),
 * at most 8.
 */
export function defaultThreads(): number {
  return Math.max(1, Math.min(8, availableParallelism()));
}

export interface WorkerRequest {
  id: number;
  files: string[];
}

export interface WorkerReply {
  id: number;
  /** The chunk's results, encoded by `encodeResults`. */
  results?: string;
  error?: string;
}

/** Results as one JSON string; `frameLines` (a Map) travels as its entries. */
export function encodeResults(results: readonly FileResult[]): string {
  return JSON.stringify(results, (key, value: unknown) => (key === 'frameLines' && value instanceof Map ? { entries: [...(value as Map<number, string>)] } : value));
}

/** Results from their JSON string (`encodeResults`). */
export function decodeResults(text: string): FileResult[] {
  const results = JSON.parse(text) as (Omit<FileResult, 'frameLines'> & { frameLines?: { entries: [number, string][] } | Map<number, string> })[];
  for (const result of results) {
    if (result.frameLines && !(result.frameLines instanceof Map)) result.frameLines = new Map(result.frameLines.entries);
  }
  return results as FileResult[];
}

/**
 * How many chunks past the first one not yet delivered may be handed out: the results that wait for a slow chunk
 * before them stay a bounded number, however many files there are.
 */
export const CHUNKS_AHEAD = 16;

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * The shared state of one run: chunks, the queue of chunk ids not yet taken, and each chunk's answer until it is
 * delivered: its results, still encoded when a worker sent them (one string is smaller than the objects it makes).
 */
interface Run {
  chunks: string[][];
  queue: number[];
  answers: (string | FileResult[] | undefined)[];
  /** Chunks delivered, in order: chunk ids below this have been handed to the caller and dropped. */
  delivered: number;
  /** Workers still running. */
  alive: number;
  /** Feeds each idle worker what the window now allows. */
  feeders: Set<() => void>;
  /** Called whenever a chunk is answered or given back. */
  notify(): void;
  onProgress(files: number): void;
  onWorkerError(error: Error): void;
}

/** The next chunk id that may be handed out, taken from the queue; undefined when none is (yet). */
function takeChunk(run: Run): number | undefined {
  const next = run.queue[0];
  return next !== undefined && next < run.delivered + CHUNKS_AHEAD ? run.queue.shift() : undefined;
}

/** Gives a chunk back to the queue, which stays in input order: the first chunk not delivered goes out first. */
function giveBack(run: Run, id: number): void {
  const at = run.queue.findIndex((queued) => queued > id);
  run.queue.splice(at < 0 ? run.queue.length : at, 0, id);
}

const WORKER_HEAP_MIN_MB = 48;

/**
 * The old generation a worker may grow to, in MB. Left alone, V8 lets each worker's heap grow with the length of
 * the run (15 MB to 45 MB over 10,000 files, all of it garbage), so that peak memory grew with the number of files
 * although nothing is kept. A chunk's live data is a few MB next to the linter's own 15 MB; a large file needs room
 * in proportion. A worker that still runs out gives its chunk back, and the main thread (no limit) lints it.
 * Below 48 MB the workers collect garbage too often (32 MB: 60% more CPU on the realistic corpus; 48 MB: none
 * measurable).
 */
export function workerHeapLimitMb(largestFileBytes: number): number {
  return Math.ceil(WORKER_HEAP_MIN_MB + (64 * largestFileBytes) / 2 ** 20);
}

/**
 * The young generation a worker may grow to, in MB, or undefined for V8's own sizing. V8 grows it to tens of MB,
 * sized for throughput; but what linting one file allocates is dead once the file is done, so four times the working
 * set of the largest file (the 64 bytes per byte above) is room enough: 4 MB at least, for files up to 16 kB; the
 * largest realistic benchmark file (62 kB) gets 16 MB. Measured with `npm run bench`: on the small-file corpus,
 * 12 MB less peak memory at the same CPU time; on the realistic corpus, 20 MB less, while 8 MB there cost 7% more CPU
 * (a file's structures outlived the young generation and were promoted). From 128 kB files on, V8 sizes it.
 */
export function workerYoungGenerationMb(largestFileBytes: number): number | undefined {
  const mb = Math.ceil((4 * 64 * largestFileBytes) / 2 ** 20);
  return mb >= 32 ? undefined : Math.max(4, mb);
}

/** Starts a worker that takes chunks from the queue until it is empty, then terminates itself. */
function startWorker(script: URL, setup: ParallelSetup, run: Run, resourceLimits: ResourceLimits): void {
  const worker = new Worker(script, { workerData: setup, resourceLimits });
  const inFlight = new Set<number>();
  let finished = false;
  run.alive++;
  const finish = (): void => {
    if (finished) return;
    finished = true;
    run.alive--;
    run.feeders.delete(feed);
    // Whatever it had not answered (it crashed, or could not start) goes back to the queue for the others.
    for (const id of inFlight) if (run.answers[id] === undefined) giveBack(run, id);
    inFlight.clear();
    void worker.terminate();
    run.notify();
  };
  let online = false;
  function feed(): void {
    if (finished || !online) return;
    // Two chunks in hand, so that the worker never waits for the next one.
    while (inFlight.size < 2) {
      const id = takeChunk(run);
      if (id === undefined) break;
      inFlight.add(id);
      worker.postMessage({ id, files: run.chunks[id] ?? [] } satisfies WorkerRequest);
    }
    // Idle with chunks left only while the window is full: delivering the next chunk feeds it again.
    if (inFlight.size === 0 && run.queue.length === 0) finish();
  }
  run.feeders.add(feed);
  worker.on('message', (reply: WorkerReply) => {
    if (finished) return;
    inFlight.delete(reply.id);
    if (reply.results !== undefined) {
      run.answers[reply.id] = reply.results;
      run.onProgress(run.chunks[reply.id]?.length ?? 0);
    } else giveBack(run, reply.id);
    if (reply.error) finish();
    else feed();
    run.notify();
  });
  worker.on('error', (error) => {
    run.onWorkerError(error);
    finish();
  });
  worker.on('exit', finish);
  worker.on('online', () => {
    online = true;
    feed();
  });
}

export interface ParallelOptions {
  /** Threads that lint, the main thread included (it starts one worker less); 1 lints on the main thread alone. */
  threads?: number;
  /** Called with the number of files just linted, in whatever order chunks finish. */
  onProgress?: (files: number) => void;
  /** The files' sizes, when the caller has them already. */
  sizes?: readonly number[];
  /**
   * The main thread takes chunks too (the default). Tests that must know which chunk a worker gets (one that runs
   * out of memory, one that answers late) leave every chunk to `threads` workers.
   */
  mainThreadLints?: boolean;
  /** The worker script (tests use one of their own). */
  script?: URL;
  /** The workers' old-generation limit in MB (default: workerHeapLimitMb of the largest file). */
  workerHeapLimitMb?: number;
  /** Told why a worker stopped (it ran out of memory, its script failed); its chunks go to the others. */
  onWorkerError?: (error: Error) => void;
  /** The rule set the caller loaded from the setup, for the main thread to lint with. */
  ruleSet?: RuleSet;
}

/**
 * Lints `files` on `threads` threads, the main thread being one of them, and hands their results to `onResults` in
 * input order, a chunk at a time, as soon as that chunk and all before it are in; nothing is kept after. The main
 * thread takes chunks from the same queue as the workers, one file at a time so that it answers them at once; it
 * starts on the first chunk while they load. (A worker of its own would load the linter a second time and spend
 * memory on one more heap, while the main thread only waited.) A worker that fails to start or crashes gives its
 * chunks back to the queue, and the threads left lint them.
 */
export async function lintFilesInParallel(
  files: readonly string[],
  setup: ParallelSetup,
  onResults: (results: readonly FileResult[]) => void,
  options: ParallelOptions = {},
): Promise<void> {
  const threads = options.threads ?? defaultThreads();
  const sizes = options.sizes ?? fileSizes(files, setup.cwd);
  const chunks = chunkByBytes(files, sizes, threads);
  const largest = sizes.reduce((max, size) => Math.max(max, size), 0);
  const youngMb = workerYoungGenerationMb(largest);
  const limits: ResourceLimits = {
    maxOldGenerationSizeMb: options.workerHeapLimitMb ?? workerHeapLimitMb(largest),
    ...(youngMb === undefined ? {} : { maxYoungGenerationSizeMb: youngMb }),
  };
  let wake: (() => void) | undefined;
  const run: Run = {
    chunks,
    queue: chunks.map((_, i) => i),
    answers: new Array<string | FileResult[] | undefined>(chunks.length),
    delivered: 0,
    alive: 0,
    feeders: new Set(),
    notify: () => {
      wake?.();
      wake = undefined;
    },
    onProgress: options.onProgress ?? (() => {}),
    onWorkerError: options.onWorkerError ?? (() => {}),
  };
  const mainLints = options.mainThreadLints ?? true;
  const script = threads > 1 && chunks.length > 1 ? (options.script ?? lintWorkerScript()) : undefined;
  for (let w = mainLints ? 1 : 0; script && w < threads; w++) startWorker(script, setup, run, limits);

  let lintHere: ((file: string) => FileResult) | undefined;
  for (;;) {
    let answer: string | FileResult[] | undefined;
    while (run.delivered < chunks.length && (answer = run.answers[run.delivered]) !== undefined) {
      run.answers[run.delivered] = undefined;
      run.delivered++;
      onResults(typeof answer === 'string' ? decodeResults(answer) : answer);
    }
    if (run.delivered === chunks.length) break;
    // The window moved, or a crashed worker gave chunks back: workers left idle take them.
    for (const feed of [...run.feeders]) feed();
    // With no worker left, the main thread lints what is left, window or not: it delivers as it goes.
    const id = run.alive === 0 ? run.queue.shift() : mainLints ? takeChunk(run) : undefined;
    if (id !== undefined) {
      lintHere ??= await createFileLinter(setup, options.ruleSet);
      const results: FileResult[] = [];
      for (const file of chunks[id] ?? []) {
        results.push(lintHere(file));
        // A worker's answer waits no longer than one file: it is handed its next chunk at once.
        await yieldToEventLoop();
      }
      run.answers[id] = results;
      run.onProgress(results.length);
    } else {
      // Wait for a worker to answer, or to give its chunks back.
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  }
  // Every worker has answered all it was given by now, and terminates itself on finding the queue empty.
}
