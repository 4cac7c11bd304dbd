import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { FileResult } from '../engine/types.js';

// 2: results carry the skipped objects and whether the whole file was skipped.
const CACHE_FORMAT = 3;

interface Entry {
  key: string;
  result: Omit<FileResult, 'frameLines' | 'file'> & { frameLines?: [number, string][] };
}

/**
 * Where `--cache` keeps its file without `--cache-location`: in `node_modules/.cache/platlint/` of the project the
 * working directory is in (the nearest package.json above it), where Prettier, Babel and others keep theirs and
 * every repository already ignores; in a project without node_modules (platlint run globally or by npx), in
 * `.platlintcache` in the working directory, as ESLint keeps `.eslintcache`.
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
  return join(resolve(cwd), '.platlintcache');
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

  constructor(private readonly location: string) {
    try {
      const data = JSON.parse(readFileSync(location, 'utf8')) as { format?: number; entries?: Record<string, Entry> };
      if (data.format === CACHE_FORMAT && data.entries) this.entries = data.entries;
    } catch {
      // A missing or corrupt cache is an empty cache.
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

  save(): string | undefined {
    if (!this.dirty) return undefined;
    try {
      mkdirSync(dirname(this.location), { recursive: true });
      writeFileSync(this.location, JSON.stringify({ format: CACHE_FORMAT, entries: this.entries }));
      return undefined;
    } catch (error) {
      return `cannot write cache ${this.location}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`;
    }
  }
}
