/**
 * The one check of a glob before micromatch compiles it. micromatch throws on an empty glob and on one longer than
 * picomatch's limit, and a shorter glob can still make a regular expression too large for the JavaScript engine (a
 * run of 32,768 plain characters, 8,000 unclosed parentheses), which may throw only when it is first used. Every
 * glob a user writes (the configuration's, `--rule`, the ignore files, the editor's settings, inline directives,
 * policies) is checked where it is read, so that a mistake is told at its place rather than as an internal error
 * in the middle of a run.
 */
import micromatch from 'micromatch';
import { memoizeByString } from '../formats/memo.js';

/** picomatch's MAX_LENGTH: a longer glob throws when it is compiled. */
export const MAX_GLOB_LENGTH = 65_536;

function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** Compiles a glob as micromatch does for the callers, with and without `dot`; a regular expression is compiled on first use. */
function compileWithMicromatch(glob: string): void {
  for (const dot of [true, false]) micromatch.makeRe(glob, { dot }).test('');
}

function problemOf(glob: string, compile: (glob: string) => void): string | undefined {
  if (glob === '') return 'an empty glob matches nothing';
  if (glob.length > MAX_GLOB_LENGTH) return `the glob is ${count(glob.length)} characters long; a glob has at most ${count(MAX_GLOB_LENGTH)}`;
  try {
    compile(glob);
    return undefined;
  } catch (error) {
    // The engine's message quotes the whole expression before its reason ("Invalid regular expression: /…/: Stack overflow").
    const reason = (error instanceof Error ? error.message : String(error)).split(': ').pop();
    return `the glob (${count(glob.length)} characters) is too large to compile (${reason ?? 'unknown reason'})`;
  }
}

const micromatchProblem = memoizeByString((glob) => problemOf(glob, compileWithMicromatch));

/**
 * Why a glob cannot be used, in words for a one-line error or a diagnostic; undefined when it can. `compile` is the
 * library that will compile it, when it is not micromatch (the ignore files' `ignore` package, which compiles a
 * pattern on its first match); it must compile and use the glob once, and throw what the library throws.
 */
export function globProblem(glob: string, compile?: (glob: string) => void): string | undefined {
  return compile ? problemOf(glob, compile) : micromatchProblem(glob);
}
