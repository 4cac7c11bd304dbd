#!/usr/bin/env node
/**
 * The process of the `platlint` command (launch.cts runs it, bundled or not): the command line, and `platlint lsp`,
 * the language server, which the entry brings to the command line so that src/cli/ never loads the editor's code.
 */
import { main } from '../cli/program.js';
import { terminalProgress, wantsColor, wantsProgress } from '../cli/terminal.js';
import { terminalText } from '../formatters/ansi.js';

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
    // For a person, and they name files and quote them: control characters are shown, not obeyed, a line feed too:
    // each call is one line, and a file's name must not break it in two.
    process.stderr.write(terminalText(line) + '\n');
  },
  readStdin,
  startLanguageServer: async (cwd) => {
    // The server keeps the process alive on stdin; the LSP library owns the exit code from here.
    const { startLanguageServer } = await import('../lsp/server.js');
    startLanguageServer({ cwd });
  },
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
