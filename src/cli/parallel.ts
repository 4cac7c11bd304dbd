/**
 * Linting many files on every core: one worker thread per core takes chunks of files from one queue, so a slow
 * file holds up no one, and the results come back in input order. The main thread only hands out chunks and
 * collects results: its heap then holds the results and nothing else (lint garbage stays in the workers' heaps),
 * and a worker's next chunk is never late. Should every worker fail, the main thread lints what is left itself.
 *
 * Each thread builds the same linter from plain data (the config file's path, the --rule flags), since rules and
 * resolved settings cannot cross threads. Custom policies, --fix and --cache stay single-threaded (the caller checks).
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { lintBytes } from '../engine/lint.js';
import type { RuleSetting } from '../engine/settings.js';
import type { FileResult } from '../engine/types.js';
import { readInputFile } from './files.js';
import { loadRuleSet } from './rule-set.js';
import { applyRuleFlags } from './settings.js';

/** Below this many files, starting a worker costs more than it saves. */
export const PARALLEL_MIN_FILES = 200;

/** Files per message: large enough that messaging is noise, small enough to balance the load at the end. */
const CHUNK = 24;

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
  // ResolvedConfig returns one map per set of matching overrides; the --rule flags are applied once per map.
  const withFlags = new Map<Map<string, RuleSetting>, Map<string, RuleSetting>>();
  return (file) => {
    const read = readInputFile(file);
    if ('error' in read) return { file, diagnostics: [], documents: 0, skipped: 0, ioError: read.error };
    const { bytes } = read;
    const base = config.settingsFor(file);
    let settings = withFlags.get(base);
    if (!settings) {
      settings = new Map(base);
      applyRuleFlags(settings, setup.ruleFlags, rules);
      withFlags.set(base, settings);
    }
    const result = lintBytes(bytes, { filename: file, rules, settings, docsUrl, withFrames: setup.withFrames });
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
  results?: FileResult[];
  error?: string;
}

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The shared state of one run: chunks, the queue of chunk ids not yet taken, and the results by chunk id. */
interface Run {
  chunks: string[][];
  queue: number[];
  results: (FileResult[] | undefined)[];
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
    if (reply.results) run.results[reply.id] = reply.results;
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
): Promise<FileResult[]> {
  const chunks: string[][] = [];
  for (let i = 0; i < files.length; i += CHUNK) chunks.push(files.slice(i, i + CHUNK));
  let wake: (() => void) | undefined;
  const run: Run = {
    chunks,
    queue: chunks.map((_, i) => i),
    results: new Array<FileResult[] | undefined>(chunks.length),
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
