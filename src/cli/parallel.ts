/**
 * Linting many files on every core: one worker thread per core takes chunks of files from one queue, so a slow
 * file holds up no one, and the results come back in input order. Chunks are cut by bytes, not by count (a 15 kB
 * Config is a dozen small Users' work), and workers start only when there is enough work to repay their start-up.
 * The main thread only hands out chunks and collects results, which come back as one JSON string per chunk (one
 * flat copy instead of a structured clone of thousands of small objects): its heap then holds the results and
 * nothing else (lint garbage stays in the workers' heaps), and a worker's next chunk is never late. Should every
 * worker fail, the main thread lints what is left itself.
 *
 * Each thread builds the same linter from plain data (the config file's path, the --rule flags), since rules and
 * resolved settings cannot cross threads. Custom policies, --fix and --cache stay single-threaded (the caller checks).
 */
import { existsSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { lintBytes } from '../engine/lint.js';
import type { FileResult } from '../engine/types.js';
import { readInputFile } from './files.js';
import { loadRuleSet } from './rule-set.js';
import { settingsWithFlags } from './settings.js';

/**
 * Below this many bytes, starting workers costs more than it saves: a worker takes about 0.1 s of CPU to load
 * the linter and its rules, and one core lints about 1 MB/s of typical manifests.
 */
export const PARALLEL_MIN_BYTES = 512 * 1024;

/** Bytes per chunk: large enough that messaging is noise, small enough to balance the load at the end. */
const CHUNK_MIN_BYTES = 32 * 1024;
const CHUNK_MAX_BYTES = 256 * 1024;
/** Chunks per worker at least, so that the last ones even out how long each worker runs. */
const CHUNKS_PER_WORKER = 8;

/** Sizes of the files (0 for one that cannot be read: it is reported where it is linted). */
export function fileSizes(files: readonly string[]): number[] {
  return files.map((file) => {
    try {
      return statSync(file).size;
    } catch {
      return 0;
    }
  });
}

/** Whether linting these files on worker threads repays starting them. */
export function worthParallel(sizes: readonly number[], threads = defaultThreads()): boolean {
  let total = 0;
  for (const size of sizes) total += size;
  return threads > 1 && sizes.length > 1 && total >= PARALLEL_MIN_BYTES;
}

/** Consecutive runs of files of about the same number of bytes, so that the results stay in input order. */
export function chunkByBytes(files: readonly string[], sizes: readonly number[], workers: number): string[][] {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  const target = Math.min(CHUNK_MAX_BYTES, Math.max(CHUNK_MIN_BYTES, Math.ceil(total / (Math.max(1, workers) * CHUNKS_PER_WORKER))));
  const chunks: string[][] = [];
  let chunk: string[] = [];
  let bytes = 0;
  files.forEach((file, i) => {
    chunk.push(file);
    bytes += sizes[i] ?? 0;
    if (bytes >= target) {
      chunks.push(chunk);
      chunk = [];
      bytes = 0;
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
  /** `--rule ID=SEVERITY` flags. */
  ruleFlags: readonly string[];
  /** Keep source lines for code frames (stylish output). */
  withFrames: boolean;
  quiet: boolean;
}

/** Lints one file by name, as the lint command does: a file that cannot be read is a result with `ioError`. */
export async function createFileLinter(setup: ParallelSetup): Promise<(file: string) => FileResult> {
  const { config, rules, docsUrl } = await loadRuleSet({ config: setup.configPath ?? false }, setup.cwd);
  const settingsFor = settingsWithFlags((file) => config.settingsFor(file), setup.ruleFlags, rules);
  return (file) => {
    const read = readInputFile(file);
    if ('error' in read) return { file, diagnostics: [], documents: 0, skipped: 0, ioError: read.error };
    const { bytes } = read;
    const result = lintBytes(bytes, { filename: file, rules, settings: settingsFor(file), docsUrl, withFrames: setup.withFrames });
    if (setup.quiet) result.diagnostics = result.diagnostics.filter((d) => d.severity === 'error');
    return result;
  };
}

/** Worker threads to use: one per core the process may use (`os.availableParallelism()`), at most 8. */
export function defaultThreads(): number {
  return Math.max(1, Math.min(8, availableParallelism()));
}

/** The worker script next to this module (or next to the bundled CLI); absent when running from the TS sources. */
function workerScript(): URL | undefined {
  const url = new URL('./lint-worker.js', import.meta.url);
  return url.protocol === 'file:' && existsSync(fileURLToPath(url)) ? url : undefined;
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

/**
 * Results from their JSON string. The same messages recur in file after file, and the main thread holds every
 * result until the report is written: each distinct string is kept once, so that memory grows with what is
 * different, not with the number of diagnostics.
 */
export function decodeResults(text: string, strings: Map<string, string> = new Map()): FileResult[] {
  const results = JSON.parse(text) as (Omit<FileResult, 'frameLines'> & { frameLines?: { entries: [number, string][] } | Map<number, string> })[];
  const intern = (value: string): string => {
    const known = strings.get(value);
    if (known !== undefined) return known;
    if (strings.size < 50_000) strings.set(value, value);
    return value;
  };
  for (const result of results) {
    if (result.frameLines && !(result.frameLines instanceof Map)) result.frameLines = new Map(result.frameLines.entries);
    for (const d of result.diagnostics) {
      d.ruleId = intern(d.ruleId);
      d.message = intern(d.message);
      d.path = intern(d.path);
      if (d.note !== undefined) d.note = intern(d.note);
      if (d.docsUrl !== undefined) d.docsUrl = intern(d.docsUrl);
    }
  }
  return results as FileResult[];
}

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The shared state of one run: chunks, the queue of chunk ids not yet taken, and the results by chunk id. */
interface Run {
  chunks: string[][];
  queue: number[];
  results: (FileResult[] | undefined)[];
  /** Distinct strings of the results so far (decodeResults). */
  strings: Map<string, string>;
  /** Workers still running. */
  alive: number;
  /** Called whenever a chunk is answered or given back. */
  notify(): void;
}

/** Starts a worker that takes chunks from the queue until it is empty, then terminates itself. */
function startWorker(script: URL, setup: ParallelSetup, run: Run): void {
  const worker = new Worker(script, { workerData: setup });
  const inFlight = new Set<number>();
  let finished = false;
  run.alive++;
  const finish = (): void => {
    if (finished) return;
    finished = true;
    run.alive--;
    // Whatever it had not answered (it crashed, or could not start) goes back to the queue for the others.
    for (const id of inFlight) if (!run.results[id]) run.queue.push(id);
    inFlight.clear();
    void worker.terminate();
    run.notify();
  };
  const feed = (): void => {
    // Two chunks in hand, so that the worker never waits for the next one.
    while (inFlight.size < 2) {
      const id = run.queue.shift();
      if (id === undefined) break;
      inFlight.add(id);
      worker.postMessage({ id, files: run.chunks[id] ?? [] } satisfies WorkerRequest);
    }
    if (inFlight.size === 0) finish();
  };
  worker.on('message', (reply: WorkerReply) => {
    if (finished) return;
    inFlight.delete(reply.id);
    if (reply.results !== undefined) run.results[reply.id] = decodeResults(reply.results, run.strings);
    else run.queue.push(reply.id);
    if (reply.error) finish();
    else feed();
    run.notify();
  });
  worker.on('error', finish);
  worker.on('exit', finish);
  worker.on('online', feed);
}

/**
 * Lints `files` on `threads` worker threads and returns their results in input order. A worker that fails to start
 * or crashes gives its chunks back to the queue; with no worker left (or none to start), the main thread lints.
 */
export async function lintFilesInParallel(
  files: readonly string[],
  setup: ParallelSetup,
  threads = defaultThreads(),
  onProgress: (files: number) => void = () => {},
  sizes = fileSizes(files),
): Promise<FileResult[]> {
  const chunks = chunkByBytes(files, sizes, threads);
  let wake: (() => void) | undefined;
  const run: Run = {
    chunks,
    queue: chunks.map((_, i) => i),
    results: new Array<FileResult[] | undefined>(chunks.length),
    strings: new Map(),
    alive: 0,
    notify: () => {
      wake?.();
      wake = undefined;
    },
  };
  const script = threads > 1 && chunks.length > 1 ? workerScript() : undefined;
  for (let w = 0; script && w < threads; w++) startWorker(script, setup, run);

  let lintHere: ((file: string) => FileResult) | undefined;
  let done = 0;
  const counted = new Set<number>();
  for (;;) {
    run.results.forEach((result, id) => {
      if (result && !counted.has(id)) {
        counted.add(id);
        onProgress(result.length);
      }
    });
    while (done < chunks.length && run.results[done]) done++;
    if (done === chunks.length) break;
    const id = run.alive === 0 ? run.queue.shift() : undefined;
    if (id !== undefined) {
      lintHere ??= await createFileLinter(setup);
      run.results[id] = (chunks[id] ?? []).map(lintHere);
      await yieldToEventLoop();
    } else {
      // Wait for a worker to answer, or to give its chunks back.
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  }
  // Every worker has answered all it was given by now, and terminates itself on finding the queue empty.
  return run.results.flatMap((r) => r ?? []);
}
