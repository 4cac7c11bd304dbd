/** A worker thread of `lintFilesInParallel`: lints the chunks of files it is sent and answers with their results. */
import { parentPort, workerData } from 'node:worker_threads';
import { createFileLinter, encodeResults, type ParallelSetup, type WorkerReply, type WorkerRequest } from './parallel.js';

const port = parentPort;
if (port) {
  const linter = createFileLinter(workerData as ParallelSetup);
  port.on('message', async ({ id, files }: WorkerRequest) => {
    let reply: WorkerReply;
    try {
      const lint = await linter;
      reply = { id, results: encodeResults(files.map(lint)) };
    } catch (error) {
      // The main thread lints this chunk itself and reports whatever goes wrong the way a serial run would.
      reply = { id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
}
