#!/usr/bin/env node
/**
 * The process of the `platlint` command (launch.cts runs it, bundled or not): the command line, and `platlint lsp`,
 * the language server, which the entry brings to the command line so that src/cli/ never loads the editor's code.
 */
import { main } from '../cli/program.js';
import { readStdin } from '../cli/stdin.js';
import { terminalProgress, wantsColor, wantsProgress } from '../cli/terminal.js';
import { terminalText } from '../formatters/ansi.js';

/**
 * A closed pipe (`platlint … | head`, on stdout or stderr) is the reader's choice, not a failure worth a stack trace:
 * what is left to print there is dropped, and the run goes on to the exit code it would have had, which `set -o
 * pipefail` passes on (as ESLint's and Ruff's do). Exiting at the EPIPE instead would exit before the code is known:
 * 0 for a run with errors. Returns whether the stream's reader is gone.
 */
function closedPipe(stream: NodeJS.WriteStream): () => boolean {
  let closed = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') closed = true;
  });
  return () => closed;
}
const stdoutClosed = closedPipe(process.stdout);
const stderrClosed = closedPipe(process.stderr);

const color = wantsColor(process.stdout.isTTY === true, process.env);
const progress = wantsProgress(process.stderr.isTTY === true, process.env)
  ? terminalProgress((text) => {
      if (!stderrClosed()) process.stderr.write(text);
    })
  : undefined;

main(process.argv.slice(2), {
  cwd: process.cwd(),
  color,
  // Both streams may be the terminal the progress line is drawn on: whatever is written first erases it.
  out: (text) => {
    progress?.end();
    if (!stdoutClosed()) process.stdout.write(text);
  },
  error: (line) => {
    progress?.end();
    // For a person, and they name files and quote them: control characters are shown, not obeyed, a line feed too:
    // each call is one line, and a file's name must not break it in two.
    if (!stderrClosed()) process.stderr.write(terminalText(line) + '\n');
  },
  readStdin: () => readStdin(process.stdin),
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
