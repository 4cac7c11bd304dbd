#!/usr/bin/env node
import { setFlagsFromString } from 'node:v8';
import { main } from './program.js';
import { terminalProgress, wantsColor, wantsProgress } from './terminal.js';

// After each full collection V8 lets the heap grow to up to four times what survived when collecting is cheap, as it
// is here (the garbage of one file is dead by the next). Over a long run the main thread's heap so grew to 60 to 90 MB
// for 17 MB alive, and peak memory with the number of files although nothing is kept. One and a half times keeps it
// flat at the same speed (`npm run bench`, the realistic corpus). V8 reads this flag at every collection, so setting
// it now works; Node (>= 20) keeps V8's flags writable for `setFlagsFromString`.
setFlagsFromString('--heap-growing-percent=50');

// A closed pipe (`platlint … | head`) is the reader's choice, not a failure worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
});

async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const color = wantsColor(process.stdout.isTTY === true, process.env);
const progress = wantsProgress(process.stderr.isTTY === true, process.env)
  ? terminalProgress((text) => {
      process.stderr.write(text);
    })
  : undefined;

main(process.argv.slice(2), {
  cwd: process.cwd(),
  color,
  // Both streams may be the terminal the progress line is drawn on: whatever is written first erases it.
  out: (text) => {
    progress?.end();
    process.stdout.write(text);
  },
  error: (line) => {
    progress?.end();
    process.stderr.write(line + '\n');
  },
  readStdin,
  ...(progress ? { progress } : {}),
}, process.env).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`platlint: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
