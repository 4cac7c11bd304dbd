import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import micromatch from 'micromatch';

const SKIPPED_DIRS = new Set(['node_modules', '.git']);
const YAML_FILE = /\.ya?ml$/i;

export interface Inputs {
  files: string[];
  /** One line each: a missing path, an unreadable directory, a bad glob, a glob matching nothing. */
  errors: string[];
}

function walk(dir: string, out: string[], errors: string[]): void {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    errors.push(`cannot read directory ${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    // Directory symlinks are not followed: they can loop, and they usually point outside the repository.
    // Hidden files and directories (.github, .platlint.yaml) are not manifests; name them explicitly to lint them.
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) walk(path, out, errors);
    } else if ((entry.isFile() || entry.isSymbolicLink()) && YAML_FILE.test(entry.name)) {
      out.push(path);
    }
  }
}

function kindOf(stat: Stats): string {
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return 'a directory';
}

/** Why a file cannot be read, in the words of `cannot read FILE: …`. */
function readFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ELOOP') return 'ELOOP: a loop of symbolic links';
  if (code === 'EACCES') return 'EACCES: permission denied';
  return code ?? (error as Error).message;
}

/**
 * Reads a file named on the command line or found by the walk. Only regular files are read: opening a FIFO with
 * no writer would block forever, and a device can be endless, so they are refused with a way to pipe them in.
 * Returns the bytes, or the one line saying why they cannot be read.
 */
export function readInputFile(file: string): { bytes: Uint8Array } | { error: string } {
  let fd: number;
  try {
    // Non-blocking, so that opening a FIFO returns at once and fstat can say what it is.
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return { error: `cannot read ${file}: ${readFailure(error)}` };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { error: `cannot read ${file}: it is ${kindOf(stat)}, not a regular file; pipe it to platlint - instead` };
    return { bytes: readFileSync(fd) };
  } catch (error) {
    return { error: `cannot read ${file}: ${readFailure(error)}` };
  } finally {
    closeSync(fd);
  }
}

function isGlob(arg: string): boolean {
  return micromatch.scan(arg).isGlob;
}

function lstatExists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Expands the command line's paths, directories and globs into files, in a stable order, without duplicates. */
export function resolveInputs(args: readonly string[], cwd: string): Inputs {
  const files: string[] = [];
  const errors: string[] = [];
  for (const arg of args) {
    let stat;
    try {
      stat = statSync(resolve(cwd, arg));
    } catch (error) {
      stat = undefined;
      // A symlink loop, a dangling symlink or a denied path exists but cannot be read: reading says why.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || lstatExists(resolve(cwd, arg))) {
        files.push(arg);
        continue;
      }
    }
    if (stat?.isDirectory()) {
      walk(arg, files, errors);
    } else if (stat) {
      files.push(arg);
    } else if (isGlob(arg)) {
      const { base } = micromatch.scan(arg);
      let matcher: (path: string) => boolean;
      try {
        const regex = micromatch.makeRe(arg, { dot: false });
        matcher = (path) => regex.test(path);
      } catch (error) {
        errors.push(`invalid glob ${arg}: ${(error as Error).message}`);
        continue;
      }
      const candidates: string[] = [];
      const root = base || '.';
      try {
        if (lstatSync(resolve(cwd, root)).isDirectory()) walk(root, candidates, errors);
      } catch {
        // A base directory that does not exist simply matches nothing.
      }
      const matched = candidates.filter((file) => matcher(relative('.', file).split(sep).join('/')));
      if (matched.length === 0) errors.push(`no files match the pattern ${arg}`);
      files.push(...matched);
    } else {
      errors.push(`no such file or directory: ${arg}`);
    }
  }
  return { files: [...new Set(files)], errors };
}
