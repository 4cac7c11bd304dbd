/**
 * The LSP lifecycle, held before any handler runs: before `initialize` a request is answered ServerNotInitialized
 * (-32002) and a notification dropped; after `shutdown` a request is answered InvalidRequest (-32600) and only `exit`
 * is taken; a message that is not JSON-RPC is answered InvalidRequest; params in the wrong shape are answered
 * InvalidParams (-32602), or dropped for a notification, with one line in the client's log either way.
 */
import { ErrorCodes, type Message, type MessageStrategy, type ResponseMessage } from 'vscode-languageserver/node.js';
import { paramsProblem } from './params.js';

type Stage = 'waiting for initialize' | 'running' | 'shut down';

type Kind = { kind: 'request'; method: string; id: string | number } | { kind: 'notification'; method: string } | { kind: 'response' } | { kind: 'invalid'; id: string | number | null };

const isId = (value: unknown): value is string | number => typeof value === 'string' || typeof value === 'number';

function kindOf(message: unknown): Kind {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return { kind: 'invalid', id: null };
  const fields = message as Record<string, unknown>;
  const id = fields['id'];
  const method = fields['method'];
  if (typeof method === 'string') {
    if (id === undefined) return { kind: 'notification', method };
    if (isId(id)) return { kind: 'request', method, id };
  } else if (method === undefined && (isId(id) || id === null) && (fields['result'] !== undefined) !== (fields['error'] !== undefined)) {
    return { kind: 'response' };
  }
  return { kind: 'invalid', id: isId(id) ? id : null };
}

export class Lifecycle implements MessageStrategy {
  private stage: Stage = 'waiting for initialize';

  constructor(
    /** Writes a response to the client. */
    private readonly send: (response: ResponseMessage) => void,
    /** One line in the client's log (never called before `initialize`, when the server may not write to it). */
    private readonly log: (line: string) => void,
  ) {}

  private answer(id: string | number | null, code: number, message: string): void {
    this.send({ jsonrpc: '2.0', id, error: { code, message } });
  }

  /** A client's mistake (not a request sent at the wrong time) is worth a line in its log too. */
  private refuse(id: string | number | null, code: number, message: string): void {
    if (this.stage !== 'waiting for initialize') this.log(message);
    this.answer(id, code, message);
  }

  handleMessage(message: Message, next: (message: Message) => void): void {
    const kind = kindOf(message);
    switch (kind.kind) {
      case 'response':
        return next(message);
      case 'invalid':
        return this.refuse(kind.id, ErrorCodes.InvalidRequest, 'a message that is not a JSON-RPC request, notification or response was refused');
      case 'notification': {
        if (kind.method === 'exit') return next(message);
        if (this.stage !== 'running') return;
        const problem = paramsProblem(kind.method, (message as { params?: unknown }).params, false);
        if (problem) return this.log(`${kind.method}: ${problem}; the notification was ignored`);
        return next(message);
      }
      case 'request': {
        const { method, id } = kind;
        if (this.stage === 'waiting for initialize' && method !== 'initialize') {
          return this.answer(id, ErrorCodes.ServerNotInitialized, `${method}: the server is not initialized (send initialize first)`);
        }
        if (this.stage === 'shut down') return this.answer(id, ErrorCodes.InvalidRequest, `${method}: the server is shut down (only the exit notification is taken)`);
        if (this.stage === 'running' && method === 'initialize') return this.refuse(id, ErrorCodes.InvalidRequest, 'initialize: the server is initialized already');
        const problem = paramsProblem(method, (message as { params?: unknown }).params, true);
        if (problem) return this.refuse(id, ErrorCodes.InvalidParams, `${method}: ${problem}`);
        if (method === 'initialize') this.stage = 'running';
        if (method === 'shutdown') this.stage = 'shut down';
        return next(message);
      }
    }
  }

  /** `shutdown` was received: `exit` and the end of the input are a clean stop (exit code 0), not a lost client. */
  get shutDown(): boolean {
    return this.stage === 'shut down';
  }
}
