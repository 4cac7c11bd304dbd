import type { StdinRead } from './stdin.js';
import type { Progress } from './terminal.js';

/** What the commands need from the process; the program entry point is the only place that builds one. */
export interface CliIo {
  cwd: string;
  color: boolean;
  out(text: string): void;
  /** One line for stderr: a line feed in it (a file's name may hold one) is shown, not obeyed. */
  error(line: string): void;
  /** All of stdin, or why it is not read (src/cli/stdin.ts). */
  readStdin(): Promise<StdinRead>;
  /** `platlint lsp`: the language server on the process's stdin and stdout, which the entry brings (src/bin/main.ts). */
  startLanguageServer?(cwd: string): Promise<void>;
  /** Set only when a person watches stderr on a terminal; `out` and `error` erase its line before they write. */
  progress?: Progress;
}
