/**
 * The playground's Web Worker: the engine, bundled for the browser by the docs site's Vite (test/browser/bundle.test.ts
 * bundles it with esbuild), answers the page's requests (./protocol.ts) off its main thread.
 */
import { useBrowserHost } from '../browser/index.js';
import { isX509Der } from '../browser/certificates.js';
import type { Reply, Request } from './protocol.js';
import { PlaygroundSession } from './session.js';

/** The worker's global scope, as much of it as is used: the DOM's types do not describe a worker. */
interface WorkerScope {
  onmessage: ((event: { data: Request }) => void) | null;
  postMessage(reply: Reply): void;
}

useBrowserHost({ readCertificate: isX509Der });
const session = new PlaygroundSession();
const scope = globalThis as unknown as WorkerScope;
scope.onmessage = (event) => {
  void session.handle(event.data).then((reply) => scope.postMessage(reply));
};
