/**
 * Globs as micromatch reads them (its `isMatch`, `makeRe` and `scan` are picomatch's), through picomatch's POSIX
 * build, which needs no Node: the one glob matcher of rule ids, object names and paths, in the core and out of it.
 */
import picomatch from 'picomatch/posix.js';

export interface GlobOptions {
  /** `*` also matches names that start with a dot. */
  dot?: boolean;
}

/** Whether the text matches the glob, or any of the globs. */
export function globMatches(text: string, globs: string | readonly string[], options: GlobOptions = {}): boolean {
  return picomatch(globs as string | string[], options)(text);
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
