/**
 * Globs as micromatch reads them (its `isMatch`, `makeRe` and `scan` are picomatch's), through picomatch's POSIX
 * build, which needs no Node: the one glob matcher of rule ids, object names and paths, in the core and out of it.
 *
 * And the one check of a glob before it is compiled. picomatch throws on an empty glob and on one longer than its
 * limit, and a shorter glob can still make a regular expression too large for the JavaScript engine (a run of
 * 32,768 plain characters, 8,000 unclosed parentheses), which may throw only when it is first used. Every glob a
 * user writes (the configuration's, `--rule`, the ignore files, the editor's settings, inline directives, policies)
 * is checked where it is read, so that a mistake is told at its place rather than as an internal error in the
 * middle of a run.
 */
import picomatch from 'picomatch/posix.js';
import { memoizeByString } from '../formats/memo.js';

export interface GlobOptions {
  /** `*` also matches names that start with a dot. */
  dot?: boolean;
}

// A glob is compiled once: the same few (a directive's ids, the settings' rule globs) are matched against every rule id.
const matcher = memoizeByString((glob: string) => picomatch(glob));
const dotMatcher = memoizeByString((glob: string) => picomatch(glob, { dot: true }));

/** Whether the text matches the glob, or any of the globs. */
export function globMatches(text: string, globs: string | readonly string[], options: GlobOptions = {}): boolean {
  if (typeof globs === 'string') return (options.dot === true ? dotMatcher : matcher)(globs)(text);
  return picomatch(globs as string[], options)(text);
}

/** The glob as a regular expression; throws for a glob that cannot be one. */
export function globRegExp(glob: string, options: GlobOptions = {}): RegExp {
  return picomatch.makeRe(glob, options);
}

/** Whether a path holds glob syntax, and the directory part before it. */
export function scanGlob(glob: string): { isGlob: boolean; base: string } {
  const { isGlob, base } = picomatch.scan(glob);
  return { isGlob, base };
}

/** picomatch's MAX_LENGTH: a longer glob throws when it is compiled. */
export const MAX_GLOB_LENGTH = 65_536;

function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** Compiles a glob as the matcher does for the callers, with and without `dot`; a regular expression is compiled on first use. */
function compileGlob(glob: string): void {
  for (const dot of [true, false]) globRegExp(glob, { dot }).test('');
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

const globMatcherProblem = memoizeByString((glob) => problemOf(glob, compileGlob));

/**
 * Why a glob cannot be used, in words for a one-line error or a diagnostic; undefined when it can. `compile` is the
 * library that will compile it, when it is not picomatch (the ignore files' `ignore` package, which compiles a
 * pattern on its first match); it must compile and use the glob once, and throw what the library throws.
 */
export function globProblem(glob: string, compile?: (glob: string) => void): string | undefined {
  return compile ? problemOf(glob, compile) : globMatcherProblem(glob);
}
