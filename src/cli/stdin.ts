/**
 * `platlint -` and `platlint patch BASE -`: the text piped to the process. Stdin is checked as files are
 * (src/project/read-file.ts), with what a stream can be besides: a pipe, a terminal or a file are read; a directory,
 * or nothing at all, is refused; an endless stream stops at the limit a file to lint has.
 */
import { fstatSync, statSync } from 'node:fs';
import { ioReason, SIZE_LIMITS, tooLarge } from '../project/read-file.js';

export type StdinRead = { bytes: Uint8Array } | { reason: string };

/**
 * Why stdin, by what fstat says of it, holds nothing to lint; undefined when it is to be read. Node.js opens
 * /dev/null in place of a closed stdin (`platlint - <&-`), so the two cannot be told apart: both mean that nothing
 * was piped, and a run that lints nothing must not pass as clean.
 */
function refusal(fd: number): string | undefined {
  let stat;
  try {
    stat = fstatSync(fd);
  } catch (error) {
    return ioReason(error);
  }
  if (stat.isDirectory()) return 'it is a directory';
  const devNull = statSync('/dev/null', { throwIfNoEntry: false });
  if (stat.isCharacterDevice() && devNull?.isCharacterDevice() && stat.rdev === devNull.rdev) return 'it is closed or /dev/null; pipe the YAML to lint into platlint -';
  // A file redirected in says its size: a larger one is refused before a byte is read.
  if (stat.isFile() && stat.size > SIZE_LIMITS.input.bytes) return tooLarge(SIZE_LIMITS.input);
  return undefined;
}

/** Reads all of a stream (the process's stdin, on file descriptor `fd`), or says in a few words why it does not. */
export async function readStdin(stream: NodeJS.ReadableStream, fd = 0): Promise<StdinRead> {
  const refused = refusal(fd);
  if (refused !== undefined) return { reason: refused };
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      total += bytes.length;
      // Leaving the loop destroys the stream: nothing more is read from /dev/zero or a writer that never stops.
      if (total > SIZE_LIMITS.input.bytes) return { reason: tooLarge(SIZE_LIMITS.input) };
      chunks.push(bytes);
    }
  } catch (error) {
    return { reason: ioReason(error) };
  }
  return { bytes: Buffer.concat(chunks, total) };
}
