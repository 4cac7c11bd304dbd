import { lstatSync, readdirSync, statSync } from 'node:fs';
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

function isGlob(arg: string): boolean {
  return micromatch.scan(arg).isGlob;
}

/** Expands the command line's paths, directories and globs into files, in a stable order, without duplicates. */
export function resolveInputs(args: readonly string[], cwd: string): Inputs {
  const files: string[] = [];
  const errors: string[] = [];
  for (const arg of args) {
    let stat;
    try {
      stat = statSync(resolve(cwd, arg));
    } catch {
      stat = undefined;
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
