import { existsSync, lstatSync, statSync, unlinkSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { FileResult } from '../engine/types.js';
import { ioReason, readRegularFile, SIZE_LIMITS } from '../project/read-file.js';
import { FileWriteError, makeFolderOf, writeFileAtomic } from '../project/write-file.js';

// 2: results carry the skipped objects and whether the whole file was skipped.
const CACHE_FORMAT = 3;

interface Entry {
  key: string;
  result: Omit<FileResult, 'frameLines' | 'file'> & { frameLines?: [number, string][] };
}

/** The cache's own folder where there is no node_modules: it holds a `.gitignore` that ignores the folder itself. */
export const CACHE_FOLDER = '.platlintcache';
/** As Ruff writes in `.ruff_cache/`: `git status` stays clean without a line in the repository's `.gitignore`. */
const FOLDER_GITIGNORE = '# Written by platlint --cache: Git ignores this folder and everything in it.\n*\n';

/**
 * Where `--cache` keeps its file without `--cache-location`: in `node_modules/.cache/platlint/` of the project the
 * working directory is in (the nearest package.json above it), where Prettier, Babel and others keep theirs and
 * every repository already ignores; in a project without node_modules (platlint run by pre-commit, globally or by
 * npx), in a `.platlintcache/` folder in the working directory that ignores itself, as `.ruff_cache/` does.
 */
export function defaultCacheLocation(cwd: string): string {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (isFile(join(dir, 'package.json'))) {
      const modules = join(dir, 'node_modules');
      if (isDirectory(modules)) return join(modules, '.cache', 'platlint', 'cache.json');
      break;
    }
    if (dirname(dir) === dir) break;
  }
  return join(resolve(cwd), CACHE_FOLDER, 'cache.json');
}

function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() === true;
}

function isDirectory(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
}

/**
 * Results keyed by file content, resolved settings, rule set and tool version: content hashes rather than
 * timestamps, so a fresh CI checkout still hits.
 */
export class LintCache {
  private entries: Record<string, Entry> = {};
  private dirty = false;
  hits = 0;

  /** Why the cache file cannot be used: it is not a regular file. Said once; nothing is written over it. */
  readonly problem: string | undefined;

  constructor(private readonly location: string) {
    const read = readRegularFile(location, SIZE_LIMITS.cache);
    if ('reason' in read) {
      // A missing, unreadable or oversized cache is an empty one, written anew; a FIFO or device is not platlint's.
      if (read.notRegular) this.problem = `cannot read cache ${location}: ${read.reason}`;
      return;
    }
    try {
      const data = JSON.parse(read.bytes.toString('utf8')) as { format?: number; entries?: Record<string, Entry> };
      if (data.format === CACHE_FORMAT && data.entries) this.entries = data.entries;
    } catch {
      // A corrupt cache is an empty cache.
    }
  }

  get(file: string, key: string): FileResult | undefined {
    const entry = this.entries[resolve(file)];
    if (!entry || entry.key !== key) return undefined;
    this.hits++;
    const { frameLines, ...rest } = entry.result;
    return { ...rest, file, ...(frameLines ? { frameLines: new Map(frameLines) } : {}) };
  }

  set(file: string, key: string, result: FileResult): void {
    const { frameLines, file: _file, ...rest } = result;
    this.entries[resolve(file)] = { key, result: { ...rest, ...(frameLines ? { frameLines: [...frameLines] } : {}) } };
    this.dirty = true;
  }

  /** Writes the cache when it changed; the one line saying why it could not be written. */
  save(): string | undefined {
    if (!this.dirty || this.problem !== undefined) return undefined;
    const folder = dirname(this.location);
    const ownFolder = basename(folder) === CACHE_FOLDER;
    const shown = `cache ${this.location}`;
    try {
      // The folder is platlint's: a file there is where earlier versions kept the cache, and a link (one a repository
      // committed) is not followed, as the cache file's own link is not (write-file.ts): both are replaced.
      if (ownFolder && lstatSync(folder, { throwIfNoEntry: false })?.isDirectory() === false) unlinkSync(folder);
      makeFolderOf(this.location, shown, this.location);
      if (ownFolder && !existsSync(join(folder, '.gitignore'))) writeFileAtomic(join(folder, '.gitignore'), FOLDER_GITIGNORE, { durable: false });
      // Losing the cache costs a full run, nothing more: not worth waiting for the disk.
      writeFileAtomic(this.location, JSON.stringify({ format: CACHE_FORMAT, entries: this.entries }), { shown, durable: false });
      return undefined;
    } catch (error) {
      return error instanceof FileWriteError ? error.message : `cannot write ${shown}: ${ioReason(error)}`;
    }
  }
}
