import { relative, sep } from './path-functions.js';

/**
 * A path relative to a folder, with `/`: as `.platlint.yaml` globs, baselines and git write paths, whatever the
 * platform's separator.
 */
export function relativeTo(folder: string, file: string): string {
  const rel = relative(folder, file);
  return sep === '/' ? rel : rel.split(sep).join('/');
}

/** A file as the CLI names it in what it prints: relative to the working directory, or as given when it is that. */
export function shownPath(cwd: string, file: string): string {
  return relative(cwd, file) || file;
}

/** A file name platlint reads as YAML: ending in .yaml or .yml, in any case. */
export function isYamlFileName(name: string): boolean {
  return /\.ya?ml$/i.test(name);
}
