import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { ROOT } from './cli.js';

/** What the built engine made of one text: every format's output, and what `--fix` would do with it. */
export interface EngineOutcome {
  outputs: Record<string, string>;
  diagnostics: { ruleId: string; line: number; column: number; endLine: number; endColumn: number; message: string }[];
  parses: boolean;
  fixed: string;
  refused: boolean;
  /** Passes a second `--fix` run makes on the fixed text (0 when the fix is idempotent). */
  secondPasses: number;
}

const dist = (path: string): string => pathToFileURL(join(ROOT, 'dist', path)).href;

// The engine runs in a worker so that a hang can be caught: the test waits with a time limit and ends the worker.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const load = Promise.all([
  import(${JSON.stringify(dist('rules/index.js'))}),
  import(${JSON.stringify(dist('src/engine/lint.js'))}),
  import(${JSON.stringify(dist('src/engine/presets.js'))}),
  import(${JSON.stringify(dist('src/engine/fix-apply.js'))}),
  import(${JSON.stringify(dist('src/formatters/index.js'))}),
  // Certificates are read with Node's reader, as the CLI reads them.
  import(${JSON.stringify(dist('src/project/node-host.js'))}).then((host) => host.useNodeHost()),
]);
parentPort.on('message', async ({ id, text }) => {
  const [{ builtinRules }, { lintBytes, lintText }, { presetSettings }, { fixUntilStable, parsesCompletely }, formatters] = await load;
  try {
    const options = { filename: 'fuzz.yaml', rules: builtinRules, settings: presetSettings('strict', builtinRules), withFrames: true };
    const result = lintBytes(Buffer.from(text), options);
    const outputs = {};
    for (const name of formatters.FORMAT_NAMES) {
      const format = await formatters.loadFormatter(name);
      outputs[name] = format([result], { color: false, cwd: '/', toolVersion: '0', ruleInfo: () => ({ description: 'd' }) });
    }
    const lint = (t) => lintText(t, options);
    const fixed = fixUntilStable(text, lint);
    const again = fixUntilStable(fixed.text, lint);
    parentPort.postMessage({ id, outcome: { outputs, diagnostics: result.diagnostics, parses: parsesCompletely(text), fixed: fixed.text, refused: fixed.refused, secondPasses: again.passes } });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.stack || error) });
  }
});
`;

/** A worker running the built engine, with a time limit per text that catches a hang but not slowness. */
export class EngineWorker {
  private worker = this.start();
  private next = 0;

  private start(): Worker {
    // Node's default stack for the main thread, so that stack exhaustion shows as it would in the CLI.
    return new Worker(WORKER_SOURCE, { eval: true, resourceLimits: { stackSizeMb: 1 } });
  }

  run(text: string, limitMs: number): Promise<EngineOutcome> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.worker.removeListener('message', onMessage);
        this.worker.removeListener('error', onError);
        void this.worker.terminate();
        this.worker = this.start();
        reject(new Error(`no answer within ${limitMs} ms (a hang) for ${JSON.stringify(text.slice(0, 300))}`));
      }, limitMs);
      const onError = (error: Error): void => {
        clearTimeout(timer);
        this.worker.removeListener('message', onMessage);
        this.worker = this.start();
        reject(new Error(`the worker died: ${error.message} for ${JSON.stringify(text.slice(0, 300))}`));
      };
      const onMessage = (message: { id: number; outcome?: EngineOutcome; error?: string }): void => {
        if (message.id !== id) return;
        clearTimeout(timer);
        this.worker.removeListener('message', onMessage);
        this.worker.removeListener('error', onError);
        if (message.outcome) resolve(message.outcome);
        else reject(new Error(`the engine threw: ${message.error} for ${JSON.stringify(text.slice(0, 300))}`));
      };
      this.worker.on('message', onMessage);
      this.worker.once('error', onError);
      this.worker.postMessage({ id, text });
    });
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}
