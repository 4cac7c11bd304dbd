/**
 * The LSP base protocol read strictly: `Content-Length: N\r\n` (other `Name: value` headers allowed), a blank line,
 * then N bytes of JSON. The base protocol has no marker to find the next message by: after a bad header or a wrong
 * length the reader is somewhere inside a message, and whatever it "recovers" would be a half message taken for a
 * whole one. So a malformed frame is fatal: the reader reports it once (a `FrameError`, one line that quotes none of
 * the client's bytes, since they may hold a document's secrets) and reads nothing more; the server then closes the
 * connection, and the editor sees its server exit and can start it again on a clean stream.
 */
import { AbstractMessageReader, Disposable, type DataCallback, type Message, type MessageReader } from 'vscode-languageserver/node.js';
import { goTrim } from '../formats/go-text.js';
import { paramsProblem } from './params.js';

/** A frame cannot be read: the stream is out of step with the protocol for good. */
export class FrameError extends Error {}

/** A whole message the reader did not pass on (the stream is still in step): the one line that says why. */
export class IgnoredMessage extends Error {}

/**
 * What is wrong with a `$/cancelRequest`'s params, if it is one: vscode-jsonrpc reads its id as it queues the message,
 * before the message strategy (lifecycle.ts) can check the params, and throws its own TypeError on a missing one.
 */
function cancelProblem(message: Message): string | undefined {
  const fields = message as { method?: unknown; id?: unknown; params?: unknown };
  if (fields.method !== '$/cancelRequest' || fields.id !== undefined) return undefined;
  const problem = paramsProblem('$/cancelRequest', fields.params, false);
  return problem && `$/cancelRequest: ${problem}; the notification was ignored`;
}

/** Headers are a line or two (`Content-Length`, `Content-Type`): anything longer is not a header. */
export const MAX_HEADER_BYTES = 8_192;
/** Above this a message could not be decoded anyway (V8's longest string is about 512 MiB of UTF-16). */
export const MAX_BODY_BYTES = 256 * 1024 * 1024;
/**
 * A frame begun and not finished with no byte for this long is a wrong Content-Length, not a slow client: a client
 * writes each message at once (vscode-jsonrpc itself warns of a partial message after the same 10 s).
 */
export const FRAME_STALL_MS = 10_000;

const HEADER_END = Buffer.from('\r\n\r\n');
const HEADER_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):(.*)$/;

/** The body's length from a header block, or the reason the block is not one. */
export function contentLength(header: string): number {
  let length: number | undefined;
  for (const line of header.split('\r\n')) {
    const field = HEADER_LINE.exec(line);
    if (!field?.[1] || field[2] === undefined) throw new FrameError('a header line is not "Name: value"');
    const name = field[1].toLowerCase();
    const value = goTrim(field[2], ' \t');
    if (name === 'content-length') {
      if (length !== undefined) throw new FrameError('a message has two Content-Length headers');
      if (!/^\d+$/.test(value)) throw new FrameError('Content-Length is not a number of bytes');
      length = Number(value);
      if (length > MAX_BODY_BYTES) throw new FrameError(`Content-Length ${value} is over the limit of ${MAX_BODY_BYTES} bytes`);
    } else if (name === 'content-type') {
      const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(value)?.[1];
      if (charset !== undefined && !/^utf-?8$/i.test(charset)) throw new FrameError('Content-Type names a charset other than utf-8');
    }
  }
  if (length === undefined) throw new FrameError('a message has no Content-Length header');
  return length;
}

export class FrameReader extends AbstractMessageReader implements MessageReader {
  /** Bytes received and not yet read, in the order they came. */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** The body length of the frame whose header was read, until its body is complete. */
  private bodyLength: number | undefined;
  private broken = false;
  private received = 0;
  private stallTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly input: NodeJS.ReadableStream,
    private readonly stallMs = FRAME_STALL_MS,
  ) {
    super();
  }

  listen(callback: DataCallback): Disposable {
    const onData = (chunk: Buffer | string): void => this.onData(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk, callback);
    const onError = (error: unknown): void => this.fireError(error);
    const onEnd = (): void => {
      clearTimeout(this.stallTimer);
      this.fireClose();
    };
    this.input.on('data', onData);
    this.input.on('error', onError);
    this.input.on('end', onEnd);
    this.input.on('close', onEnd);
    return Disposable.create(() => {
      clearTimeout(this.stallTimer);
      this.input.off('data', onData);
      this.input.off('error', onError);
      this.input.off('end', onEnd);
      this.input.off('close', onEnd);
    });
  }

  private fail(error: FrameError): void {
    this.broken = true;
    this.pending = [];
    this.pendingBytes = 0;
    clearTimeout(this.stallTimer);
    this.fireError(error);
  }

  private onData(chunk: Buffer, callback: DataCallback): void {
    if (this.broken) return;
    this.received++;
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    for (;;) {
      let message: Message | undefined;
      try {
        message = this.nextMessage();
      } catch (error) {
        if (!(error instanceof FrameError)) throw error;
        this.fail(error);
        return;
      }
      if (message === undefined) break;
      const problem = cancelProblem(message);
      if (problem) {
        this.fireError(new IgnoredMessage(problem));
        continue;
      }
      try {
        callback(message);
      } catch (error) {
        // The frame was whole, so the stream is still in step: one message failed, not the connection.
        this.fireError(error);
      }
    }
    this.watchForStall();
  }

  /** The next whole message of the bytes received, or undefined when its end has not arrived yet. */
  private nextMessage(): Message | undefined {
    if (this.bodyLength === undefined) {
      if (this.pendingBytes === 0) return undefined;
      const head = this.take(this.pendingBytes);
      const end = head.indexOf(HEADER_END);
      if (end < 0 ? head.length > MAX_HEADER_BYTES : end > MAX_HEADER_BYTES) {
        throw new FrameError(`a header runs over ${MAX_HEADER_BYTES} bytes without the blank line that ends it`);
      }
      if (end < 0) {
        this.putBack(head);
        return undefined;
      }
      this.bodyLength = contentLength(head.subarray(0, end).toString('latin1'));
      this.putBack(head.subarray(end + HEADER_END.length));
    }
    if (this.pendingBytes < this.bodyLength) return undefined;
    const length = this.bodyLength;
    const body = this.take(length);
    this.bodyLength = undefined;
    try {
      return JSON.parse(body.toString('utf8')) as Message;
    } catch {
      throw new FrameError(`a message body of ${length} bytes is not JSON (a wrong Content-Length?)`);
    }
  }

  /** The first `count` pending bytes as one buffer (copied only when they span chunks), removed from the queue. */
  private take(count: number): Buffer {
    const all = this.pending.length === 1 ? (this.pending[0] as Buffer) : Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    if (count < all.length) this.putBack(all.subarray(count));
    return all.subarray(0, count);
  }

  private putBack(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.pending.unshift(bytes);
    this.pendingBytes += bytes.length;
  }

  /**
   * A frame left half read is watched: no byte for `stallMs` and it is given up. The check waits for one more turn of
   * the event loop, so that bytes that arrived while the server was busy are read before the verdict.
   */
  private watchForStall(): void {
    clearTimeout(this.stallTimer);
    this.stallTimer = undefined;
    if (this.pendingBytes === 0 && this.bodyLength === undefined) return;
    const seen = this.received;
    this.stallTimer = setTimeout(() => {
      setImmediate(() => {
        if (this.broken || this.received !== seen) return;
        const where = this.bodyLength === undefined ? 'in its header' : `after ${this.pendingBytes} of its ${this.bodyLength} bytes`;
        this.fail(new FrameError(`a message stopped ${where} and nothing came for ${this.stallMs / 1000} s (a wrong Content-Length?)`));
      });
    }, this.stallMs);
    this.stallTimer.unref();
  }
}
