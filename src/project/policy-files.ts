/**
 * The policies of a project: the policy paths (files and folders) found and read for the core's policy loader
 * (src/policy/load.ts), from the disk or from an editor's unsaved buffers. A path that cannot be read is a problem
 * of the run, named by the path as given.
 */
import { statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { loadPolicies, type LoadedPolicies, type LoadPoliciesOptions, type PolicyFile } from '../policy/load.js';
import { walkYamlFiles } from './files.js';
import { isKaptestFolder } from './policy-fixtures.js';
import { ioReason, readRegularFile, SIZE_LIMITS } from './read-file.js';

// Dot-directories (.git) are never walked (files.ts).
const SKIPPED_DIRS = new Set(['node_modules', 'tests', 'test', '__tests__']);

/**
 * Policy files under a directory, in a stable order; `tests` folders (policy test fixtures) and kaptest's `*.test`
 * folders (unless `kaptest`, for `policy test`) are skipped, and so is what the directory's `.gitignore` /
 * `.platlintignore` leave out. Throws when a directory cannot be read.
 */
export function findPolicyFiles(dir: string, options: { kaptest?: boolean } = {}): string[] {
  const errors: string[] = [];
  const skipDir = options.kaptest ? undefined : isKaptestFolder;
  const files = walkYamlFiles(dir, errors, { skipDirs: SKIPPED_DIRS, cwd: dir, ...(skipDir ? { skipDir } : {}) });
  if (errors.length) throw new Error(errors[0]);
  return files;
}

/** The policy files the paths name (resolved against `cwd`), each read once, in order; a path's problem in its place. */
export function readPolicyFiles(paths: readonly string[], cwd: string, readFile?: (absolute: string) => Uint8Array | undefined): PolicyFile[] {
  const out: PolicyFile[] = [];
  const seen = new Set<string>();
  const read = (file: string, absolute: string): void => {
    // A file named twice (itself and through its directory) is loaded once.
    if (seen.has(absolute)) return;
    seen.add(absolute);
    const open = readFile?.(absolute);
    // From disk, a regular file of sane size (read-file.ts).
    const read = open ? { bytes: open } : readRegularFile(absolute, SIZE_LIMITS.policy);
    out.push('bytes' in read ? { file, absolute, bytes: read.bytes } : { file, ioError: `cannot read the policy (${read.reason})` });
  };
  for (const path of paths) {
    const absolute = resolve(cwd, path);
    let isDir: boolean;
    try {
      isDir = statSync(absolute).isDirectory();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      out.push({ file: path, ioError: code === 'ENOENT' ? 'no such policy file or directory' : `cannot read the policy (${ioReason(error)})` });
      continue;
    }
    if (!isDir) {
      read(path, absolute);
      continue;
    }
    let files: string[];
    try {
      files = findPolicyFiles(absolute);
    } catch (error) {
      out.push({ file: path, ioError: `cannot read the policy directory (${ioReason(error)})` });
      continue;
    }
    if (files.length === 0) out.push({ file: path, ioError: 'no policy files (*.yaml, *.yml) in this directory' });
    for (const file of files) read(join(path, relative(absolute, file)), file);
  }
  return out;
}

export interface PolicyPathsOptions extends LoadPoliciesOptions {
  /** The content of a policy file when it is not the disk's (an editor's unsaved buffer), else undefined. */
  readFile?: (absolute: string) => Uint8Array | undefined;
}

/**
 * Loads the policies at the paths (files, and folders searched for `*.yaml`/`*.yml` without their `tests`), resolved
 * against `cwd`: the project's one entry to policies, for the CLI, `policy test` and the editor.
 */
export function loadPolicyPaths(paths: readonly string[], cwd: string, options: PolicyPathsOptions = {}): LoadedPolicies {
  const { readFile, ...loadOptions } = options;
  return loadPolicies(readPolicyFiles(paths, cwd, readFile), loadOptions);
}
