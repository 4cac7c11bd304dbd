import { existsSync, lstatSync, readdirSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { globProblem, globRegExp, scanGlob } from '../engine/globs.js';
import { isYamlFileName, relativeTo } from '../settings-file/paths.js';
import { shown } from '../engine/message-text.js';
import { ioReason, readRegularFile, SIZE_LIMITS } from './read-file.js';
import { lintBytes } from '../engine/lint.js';
import { emptyResult, type FileResult } from '../engine/types.js';
import { lintOptionsFor, type ProjectLinting } from './file-linting.js';

const SKIPPED_DIRS = new Set(['node_modules', '.git']);
/** Read in every walked directory, as git reads `.gitignore`: patterns relative to the file's own directory. */
export const IGNORE_FILE_NAMES = ['.gitignore', '.platlintignore'];

const UNMATCHED_HINT = ' (--no-error-on-unmatched-pattern allows this)';

export interface Inputs {
  files: string[];
  /** One line each: a missing path, an unreadable directory or ignore file, a bad glob. */
  errors: string[];
  /** A directory or glob that gave no file to lint: an error unless `--no-error-on-unmatched-pattern`. */
  unmatched: string[];
  /** Files named on the command line that `isIgnored` left out, as named (`--verbose` says so). */
  ignored: string[];
}

interface IgnoreLevel {
  /** Absolute directory the patterns are relative to. */
  base: string;
  rules: Ignore;
}

/** Compiles a pattern as the `ignore` package will, on its first match. */
function compileIgnorePattern(pattern: string): void {
  ignore().add(pattern).test('x');
}

/**
 * An ignore file's text without the patterns the `ignore` package cannot compile, each one error line at its place
 * (the package would throw on it in the middle of the walk); the others keep their meaning.
 */
function usablePatterns(file: string, text: string, errors: string[]): string {
  return text
    .split('\n')
    .filter((line, index) => {
      const pattern = line.replace(/\r$/, '');
      // The engine's limits on a regular expression are tens of thousands of characters away from a usual line.
      if (pattern.length < 1024 || pattern.startsWith('#')) return true;
      const problem = globProblem(pattern, compileIgnorePattern);
      if (problem !== undefined) errors.push(`${file}:${index + 1}:1: ${problem}`);
      return problem === undefined;
    })
    .join('\n');
}

/** The `.gitignore` and `.platlintignore` of one directory, or undefined when it has neither. */
function ignoreLevel(dir: string, errors: string[]): IgnoreLevel | undefined {
  let rules: Ignore | undefined;
  for (const name of IGNORE_FILE_NAMES) {
    const file = join(dir, name);
    if (!existsSync(file)) continue;
    const read = readRegularFile(file, SIZE_LIMITS.ignoreFile);
    if ('reason' in read) {
      errors.push(`cannot read ${file}: ${read.reason}`);
      continue;
    }
    rules ??= ignore();
    rules.add(usablePatterns(file, read.bytes.toString('utf8'), errors));
  }
  return rules ? { base: dir, rules } : undefined;
}

/** Whether the levels ignore a path: the innermost level that has a say wins, so a deeper `!pattern` re-includes. */
function isIgnoredBy(levels: readonly IgnoreLevel[], absolute: string, isDirectory: boolean): boolean {
  let ignored = false;
  for (const { base, rules } of levels) {
    const rel = relativeTo(base, absolute);
    if (rel === '' || rel === '..' || rel.startsWith('../') || isAbsolute(rel)) continue;
    const verdict = rules.test(isDirectory ? `${rel}/` : rel);
    if (verdict.ignored) ignored = true;
    else if (verdict.unignored) ignored = false;
  }
  return ignored;
}

/** The top of the Git repository a directory is in: the nearest directory up from it with a `.git` (a worktree's is a file). */
export function repositoryRoot(dir: string): string | undefined {
  for (let probe = dir; ; probe = dirname(probe)) {
    if (existsSync(join(probe, '.git'))) return probe;
    if (dirname(probe) === probe) return undefined;
  }
}

/**
 * The ignore files that apply above a walk's root: from the root's parent up to the repository's top, or, outside a
 * repository, up to the working directory when the root is inside it.
 */
function outerLevels(root: string, cwd: string, errors: string[]): IgnoreLevel[] {
  const dirs: string[] = [];
  let dir = dirname(root);
  const top = repositoryRoot(root);
  const stop = top ?? (root === cwd || root.startsWith(cwd + sep) ? cwd : root);
  if (root === stop) return [];
  for (;;) {
    dirs.unshift(dir);
    if (dir === stop || dirname(dir) === dir) break;
    dir = dirname(dir);
  }
  return dirs.flatMap((d) => ignoreLevel(d, errors) ?? []);
}

export interface WalkOptions {
  /** Directory names never entered, besides hidden ones. */
  skipDirs?: ReadonlySet<string>;
  /** Directories never entered, by name, besides those. */
  skipDir?: (name: string) => boolean;
  /** Honour `.gitignore` and `.platlintignore` (the default). */
  ignoreFiles?: boolean;
  /** Resolves relative paths and bounds the search for outer ignore files. */
  cwd: string;
}

/**
 * Every YAML file under a directory, in a stable order: hidden entries, `node_modules`, `.git` and ignored paths
 * left out. The one directory walker: linting and custom policy loading both use it. Throws only for an unreadable
 * root; problems below it go to `errors`.
 */
export function walkYamlFiles(dir: string, errors: string[], options: WalkOptions): string[] {
  const { cwd } = options;
  const skipDirs = options.skipDirs ?? SKIPPED_DIRS;
  const out: string[] = [];
  const root = resolve(cwd, dir);
  const walk = (shown: string, absolute: string, levels: readonly IgnoreLevel[], isRoot: boolean): void => {
    let entries;
    try {
      entries = readdirSync(absolute, { withFileTypes: true });
    } catch (error) {
      if (isRoot) throw error;
      errors.push(`cannot read directory ${shown}: ${ioReason(error)}`);
      return;
    }
    const own = options.ignoreFiles === false ? undefined : ignoreLevel(absolute, errors);
    const here = own ? [...levels, own] : levels;
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      // Directory symlinks are not followed: they can loop, and they usually point outside the repository.
      // Hidden files and directories (.github, .platlint.yaml) are not manifests; name them explicitly to lint them.
      if (entry.name.startsWith('.')) continue;
      const path = join(shown, entry.name);
      const full = join(absolute, entry.name);
      if (entry.isDirectory()) {
        if (!skipDirs.has(entry.name) && !options.skipDir?.(entry.name) && !isIgnoredBy(here, full, true)) walk(path, full, here, false);
      } else if (isYamlFileName(entry.name) && !isIgnoredBy(here, full, false)) {
        // Whatever it is: a FIFO or a device found is refused when read, in one line, as a named one is, and as a
        // link to one is, rather than left out without a word.
        out.push(path);
      }
    }
  };
  const outer = options.ignoreFiles === false ? [] : outerLevels(root, cwd, errors);
  // A directory named on the command line is linted even when an ignore file above it ignores it (bench-out/ in the
  // repository's .gitignore): then only the ignore files inside it apply.
  walk(dir, root, isIgnoredBy(outer, root, true) ? [] : outer, true);
  return out;
}

/**
 * Reads a file named on the command line or found by the walk (read-file.ts), by its name relative to `cwd`: a FIFO
 * or device is refused with a way to pipe it in. Returns the bytes, or the one line saying why they cannot be read.
 */
export function readInputFile(file: string, cwd: string): { bytes: Uint8Array } | { error: string } {
  const read = readRegularFile(resolve(cwd, file));
  if ('bytes' in read) return read;
  return { error: `cannot read ${file}: ${read.reason}${read.notRegular ? '; pipe it to platlint - instead' : ''}` };
}

function isGlob(arg: string): boolean {
  return scanGlob(arg).isGlob;
}

function lstatExists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

export interface ResolveOptions {
  /** Files the configuration's `ignore` leaves out: walked and named files alike. */
  isIgnored?: (file: string) => boolean;
}

/**
 * Expands the command line's paths, directories and globs into files, in a stable order, without duplicates.
 * Ignore files (`.gitignore`, `.platlintignore`) apply to what directories and globs find, never to a file named
 * on the command line; the configuration's `ignore` applies to both.
 */
export function resolveInputs(args: readonly string[], cwd: string, options: ResolveOptions = {}): Inputs {
  const files: string[] = [];
  const errors: string[] = [];
  const unmatched: string[] = [];
  const ignored: string[] = [];
  const kept = (list: readonly string[]): string[] => (options.isIgnored ? list.filter((file) => !options.isIgnored?.(file)) : [...list]);
  const keptNamed = (file: string): string[] => {
    const named = kept([file]);
    if (named.length === 0) ignored.push(file);
    return named;
  };
  const walkRoot = (dir: string): string[] | undefined => {
    try {
      return walkYamlFiles(dir, errors, { cwd });
    } catch (error) {
      errors.push(`cannot read directory ${dir}: ${ioReason(error)}`);
      return undefined;
    }
  };
  for (const arg of args) {
    let stat;
    try {
      stat = statSync(resolve(cwd, arg));
    } catch (error) {
      stat = undefined;
      // A symlink loop, a dangling symlink or a denied path exists but cannot be read: reading says why.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || lstatExists(resolve(cwd, arg))) {
        files.push(...keptNamed(arg));
        continue;
      }
    }
    if (stat?.isDirectory()) {
      const found = walkRoot(arg);
      if (found === undefined) continue;
      const lintable = kept(found);
      if (lintable.length === 0) unmatched.push(`no YAML files (*.yaml, *.yml) to lint in ${arg === '.' ? 'the current directory' : arg}${UNMATCHED_HINT}`);
      files.push(...lintable);
    } else if (stat) {
      files.push(...keptNamed(arg));
    } else if (isGlob(arg)) {
      const { base } = scanGlob(arg);
      const problem = globProblem(arg);
      if (problem !== undefined) {
        errors.push(`invalid glob ${shown(arg)}: ${problem}`);
        continue;
      }
      const regex = globRegExp(arg, { dot: false });
      const matcher = (path: string): boolean => regex.test(path);
      const root = base || '.';
      let candidates: string[] = [];
      try {
        if (lstatSync(resolve(cwd, root)).isDirectory()) candidates = walkRoot(root) ?? [];
      } catch {
        // A base directory that does not exist simply matches nothing.
      }
      const matched = kept(candidates.filter((file) => matcher(relativeTo('.', file))));
      if (matched.length === 0) unmatched.push(`no files match the pattern ${arg}${UNMATCHED_HINT}`);
      files.push(...matched);
    } else {
      errors.push(`no such file or directory: ${arg}`);
    }
  }
  // A file named twice (a.yaml ./a.yaml, or found by a directory and a glob) is linted once, by its first name.
  const unique = new Map<string, string>();
  for (const file of files) if (!unique.has(resolve(cwd, file))) unique.set(resolve(cwd, file), file);
  return { files: [...unique.values()], errors, unmatched, ignored };
}

/**
 * Lints a file from disk, named relative to `cwd` (the command's directory); one that cannot be read is a result
 * with `ioError`, the line that says why.
 */
export function lintFile(linting: ProjectLinting, file: string, cwd: string): FileResult {
  const read = readInputFile(file, cwd);
  if ('error' in read) return { ...emptyResult(file), ioError: read.error };
  return lintBytes(read.bytes, lintOptionsFor(linting, file));
}
