/**
 * The entry of the CLI bundle (src/build/bundle-cli.ts), which launch.cjs runs both as the process and in each lint
 * worker thread (src/cli/worker-script.bundled.ts): one bundle, compiled once into one code cache, serves both.
 */
import { isMainThread } from 'node:worker_threads';

if (isMainThread) void import('./main.js');
else void import('../cli/lint-worker.js');
