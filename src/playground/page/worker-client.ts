/**
 * The page's side of the Web Worker (../worker.ts): each request gets its id, and its reply resolves the promise of
 * that id. A worker that fails to start or throws rejects everything pending, with what it said.
 */
import type { EditorName, LintReply, OffsetEdit, PageCompletion, PageSignatureHelp, PlaygroundTexts, Reply, Request } from '../protocol.js';

type RequestBody = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export class WorkerClient {
  private readonly worker = new Worker(new URL('../worker.ts', import.meta.url), { type: 'module', name: 'platlint' });
  private readonly pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  private nextId = 1;

  constructor() {
    this.worker.onmessage = (event: MessageEvent<Reply>) => {
      const waiting = this.pending.get(event.data.id);
      this.pending.delete(event.data.id);
      if (event.data.type === 'error') waiting?.reject(new Error(event.data.message));
      else waiting?.resolve(event.data);
    };
    this.worker.onerror = (event) => {
      event.preventDefault();
      const error = new Error(`the linter stopped: ${event.message || 'it could not be loaded'}`);
      for (const { reject } of this.pending.values()) reject(error);
      this.pending.clear();
    };
  }

  private ask<T extends Reply['type']>(body: RequestBody & { type: T }): Promise<Extract<Reply, { type: T }>> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (reply: Reply) => void, reject });
      this.worker.postMessage({ ...body, id } as Request);
    });
  }

  lint(texts: PlaygroundTexts): Promise<LintReply> {
    return this.ask({ type: 'lint', texts });
  }

  /** The edits of fix all, in the manifest the worker linted last. */
  async fixAll(): Promise<OffsetEdit[]> {
    return (await this.ask({ type: 'fixAll' })).edits;
  }

  async hover(editor: EditorName, offset: number): Promise<string | null> {
    return (await this.ask({ type: 'hover', editor, offset })).markdown;
  }

  /** The completions at an offset of an editor's text as it is now, with the settings and policy linted last. */
  async complete(editor: EditorName, text: string, offset: number): Promise<PageCompletion[]> {
    return (await this.ask({ type: 'complete', editor, text, offset })).completions;
  }

  /** Signature help at an offset of an editor's text as it is now. */
  async signatureHelp(editor: EditorName, text: string, offset: number): Promise<PageSignatureHelp | null> {
    return (await this.ask({ type: 'signature', editor, text, offset })).help;
  }

  stop(): void {
    this.worker.terminate();
  }
}
