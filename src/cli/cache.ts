import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FileResult } from '../engine/types.js';

// 2: results carry the skipped objects and whether the whole file was skipped.
const CACHE_FORMAT = 2;

interface Entry {
  key: string;
  result: Omit<FileResult, 'frameLines' | 'file'> & { frameLines?: [number, string][] };
}

export function hashText(...parts: readonly (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\u0000');
  return hash.digest('hex');
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
      writeFileSync(this.location, JSON.stringify({ format: CACHE_FORMAT, entries: this.entries }));
      return undefined;
    } catch (error) {
      return `cannot write cache ${this.location}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`;
    }
  }
}
