/** A one-line "files done / total" display on a terminal's stderr, redrawn in place. */
export interface Progress {
  update(done: number, total: number): void;
  /** Erases the line, so that the report starts on a clean one. */
  end(): void;
}

/** Redraws at most every `intervalMs`: a 5,000-file run should not spend its time writing to the terminal. */
export function terminalProgress(write: (text: string) => void, intervalMs = 100, now: () => number = Date.now): Progress {
  let last = -Infinity;
  let drawn = false;
  return {
    update(done, total) {
      const time = now();
      if (done < total && time - last < intervalMs) return;
      last = time;
      drawn = true;
      write(`\r\u001b[Kplatlint: linting ${done}/${total} files`);
    },
    end() {
      if (drawn) write('\r\u001b[K');
      drawn = false;
    },
  };
}

/**
 * Progress only for a person watching: stderr is a terminal and no CI system is running us (CI logs keep every
 * carriage-return redraw as a line of its own).
 */
export function wantsProgress(stderrIsTty: boolean, env: Readonly<Record<string, string | undefined>>): boolean {
  return stderrIsTty && !env['CI'] && !dumbTerminal(env);
}

/**
 * A terminal that shows escape sequences as text: `TERM=dumb`, or Emacs' compilation buffer (`M-x compile` runs the
 * command on a pseudo-terminal with the TERM Emacs itself has, and says so in `INSIDE_EMACS`, e.g. `28.2,compile`).
 */
function dumbTerminal(env: Readonly<Record<string, string | undefined>>): boolean {
  return env['TERM'] === 'dumb' || (env['INSIDE_EMACS'] ?? '').endsWith(',compile');
}

/**
 * ANSI colours: `FORCE_COLOR` (any value but `0` or `false`) turns them on even in a pipe, as in Node and chalk, and
 * wins over `NO_COLOR`; otherwise only on a terminal, never with `NO_COLOR` (no-color.org) or on a dumb one.
 */
export function wantsColor(stdoutIsTty: boolean, env: Readonly<Record<string, string | undefined>>): boolean {
  const force = env['FORCE_COLOR'];
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  return stdoutIsTty && !('NO_COLOR' in env) && !dumbTerminal(env);
}
