#!/usr/bin/env node
/**
 * The `platlint` command (package.json `bin`): runs the CLI bundle (platlint.cjs, src/build/bundle-cli.ts), compiled
 * from V8's code cache of it.
 *
 * Compiling the bundle is most of what a run on one small file costs (a pre-commit hook on the file just changed),
 * and Node 20 keeps no code cache for ES modules. So the bundle is CommonJS, compiled here with `vm.Script` and the
 * cache the build wrote beside it. V8 takes a cache only when the same V8 with the same flags made it, and checks the
 * source by its length only, so the cache's name carries the bundle's hash (the bundle's first line). When there is
 * no cache, or V8 refuses it (another Node version), the run compiles the bundle itself and on exit writes the cache
 * of what it compiled, for the runs after it; where the directory cannot be written, every run compiles.
 *
 * CommonJS, so that Node starts it without setting up its ES module loader. Without a bundle (esbuild could not be
 * loaded at build time) it runs the unbundled CLI tsc wrote.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { constants, Script } from 'node:vm';
import { isMainThread } from 'node:worker_threads';

// After each full collection V8 lets the heap grow to up to four times what survived when collecting is cheap, as it
// is here (the garbage of one file is dead by the next). Over a long run the main thread's heap so grew to 60 to 90 MB
// for 17 MB alive, and peak memory with the number of files although nothing is kept. One and a half times keeps it
// flat at the same speed (`npm run bench`, the realistic corpus).
const HEAP_GROWTH = '--heap-growing-percent=50';
// V8's optimizing compiler inlines up to 920 bytes of bytecode into a function, a budget made for programs that run
// for minutes. A lint run lasts seconds, and compiling was most of its CPU time beyond parsing: 0.8 s of background
// compiling per thread on the 3,000 small files of the benchmark, paid again by each lint worker. With 120 bytes,
// `npm run bench` measured 7% less CPU time and 6% less wall time on those files, 8% less of both on the realistic
// corpus (3,000 files, 14 MB).
const INLINING_BUDGET = '--max-inlined-bytecode-size-cumulative=120';
// V8 drops the bytecode of a function that has not run for a while, to compile it again if it runs. The code cache is
// written on exit when there was none or V8 refused it (a new Node), and holds only the functions that still have
// bytecode then: after a run over a whole repository, none of the start-up code, so every later start compiled it
// again (one small file: 0.09 to 0.11 s of CPU against 0.05 to 0.07 s from the build's cache). The bytecode of a lint
// run is a few megabytes at most.
const KEEP_BYTECODE = '--no-flush-bytecode';
// All set before the bundle is compiled, since V8 keys its code cache on its flags; by the main thread alone, since
// V8's flags are the whole process's, worker threads included.
if (isMainThread) for (const flag of [HEAP_GROWTH, INLINING_BUDGET, KEEP_BYTECODE]) setFlagsFromString(flag);

const BUNDLE = join(__dirname, 'platlint.cjs');

/** The code cache's file for a bundle: named by the hash on the bundle's first line. */
function codeCacheFile(source: string): string | undefined {
  const hash = /^\/\/ platlint bundle ([0-9a-f]{16,})\n/.exec(source)?.[1];
  return hash === undefined ? undefined : join(__dirname, `platlint-${hash}.code-cache`);
}

/**
 * Written as write-file.ts writes every other file (a temporary file renamed into place, removed on failure), but
 * by hand: that module is in the bundle, which this file starts. V8 checks a cache it is given, so a lost one costs
 * a compile, not a wrong run: no flush to the disk.
 */
function writeCodeCache(script: Script, file: string): void {
  const partial = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(partial, script.createCachedData());
    renameSync(partial, file);
  } catch {
    // A read-only install or a full disk: the next run compiles the bundle again, as this one did.
    try {
      rmSync(partial, { force: true });
    } catch {
      // Nothing more to do on the way out.
    }
  }
}

function launch(): void {
  let source: string;
  try {
    source = readFileSync(BUNDLE, 'utf8');
  } catch {
    import('./main.js').catch(() => {
      process.stderr.write(`platlint: ${BUNDLE} is missing: reinstall platlint, or run npm run build in its checkout\n`);
      process.exitCode = 2;
    });
    return;
  }
  const cacheFile = codeCacheFile(source);
  let cachedData: Buffer | undefined;
  try {
    if (cacheFile !== undefined) cachedData = readFileSync(cacheFile);
  } catch {
    // None yet: written on exit below.
  }
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: BUNDLE,
    ...(cachedData ? { cachedData } : {}),
    importModuleDynamically: constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  if (cacheFile !== undefined && isMainThread && (cachedData === undefined || script.cachedDataRejected === true)) {
    process.once('exit', () => writeCodeCache(script, cacheFile));
  }
  const run = script.runInThisContext() as (exports: object, require: NodeJS.Require, module: object, filename: string, dirname: string) => void;
  const module = { exports: {} };
  run.call(module.exports, module.exports, createRequire(BUNDLE), module, BUNDLE, __dirname);
}

launch();
