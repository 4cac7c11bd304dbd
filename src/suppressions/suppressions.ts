/**
 * The suppressions of a run: the baseline's entries in a Map keyed by file, object, rule and data path (one lookup
 * per diagnostic, however long the baseline), and the exceptions of `.platlint.yaml` that have not expired.
 */
import { dirname, resolve } from '../settings-file/path-functions.js';
import { rulesNamedBy } from '../../rules/aliases.js';
import { relativeTo } from '../settings-file/paths.js';
import type { DiagnosticSubject, Suppression, Suppressor } from '../engine/reporter.js';
import type { Diagnostic } from '../engine/types.js';
import type { Baseline } from './baseline.js';
import { ExceptionMatcher, isExpired } from './exceptions.js';
import type { ConfigFile, ExceptionEntry } from '../settings-file/load.js';

/** What an entry is about, without the hash: the key of the baseline's lookup. */
export function entryKey(file: string, object: string, rule: string, path: string): string {
  return `${file}\u0000${object}\u0000${rule}\u0000${path}`;
}

export interface SuppressionsOptions {
  /** Where the names of the linted files are relative to. */
  cwd: string;
  baseline?: Baseline | undefined;
  /** The hash of a message, as the baseline's entries with a `hash` hold it (baseline.ts's `messageHash`). */
  messageHash?: ((message: string) => string) | undefined;
  exceptions: readonly ExceptionEntry[];
  /** The configuration file's folder: the exceptions' `files` globs are relative to it. */
  configDir: string;
  /** `YYYY-MM-DD`: exceptions that expired before it no longer apply. */
  today: string;
}

interface Bucket {
  /** The entry without a hash, matching every message on its path. */
  any?: number;
  byHash?: Map<string, number>;
}

export class Suppressions {
  private readonly buckets = new Map<string, Bucket>();
  /** The files the baseline has entries for, as it names them. */
  private readonly baselineFiles = new Set<string>();
  readonly exceptions: readonly ExceptionMatcher[];
  readonly baselineDir: string | undefined;

  /** A run's suppressions: the configuration file's exceptions, and the baseline read (src/suppressions/load.ts), if any. */
  static of(sources: { cwd: string; configFile: ConfigFile | undefined; today: string }, baseline?: Pick<SuppressionsOptions, 'baseline' | 'messageHash'>): Suppressions {
    return new Suppressions({
      cwd: sources.cwd,
      ...baseline,
      exceptions: sources.configFile?.exceptions ?? [],
      configDir: sources.configFile ? dirname(sources.configFile.path) : sources.cwd,
      today: sources.today,
    });
  }

  constructor(readonly options: SuppressionsOptions) {
    this.exceptions = options.exceptions.map((entry) => new ExceptionMatcher(entry));
    const baseline = options.baseline;
    this.baselineDir = baseline && dirname(baseline.path);
    baseline?.entries.forEach((entry, index) => {
      this.baselineFiles.add(entry.file);
      // An entry under a former id matches the problems of each rule that id names now.
      for (const rule of rulesNamedBy(entry.rule)) {
        const key = entryKey(entry.file, entry.object, rule, entry.path);
        const bucket = this.buckets.get(key) ?? {};
        if (entry.hash === undefined) bucket.any ??= index;
        else (bucket.byHash ??= new Map()).set(entry.hash, index);
        this.buckets.set(key, bucket);
      }
    });
  }

  /** Whether anything can be suppressed at all. */
  get active(): boolean {
    return this.buckets.size > 0 || this.exceptions.length > 0;
  }

  /** A file's name (as linted) relative to the baseline's folder. */
  baselineName(file: string): string | undefined {
    return this.baselineDir === undefined ? undefined : relativeTo(this.baselineDir, resolve(this.options.cwd, file));
  }

  private baselineEntry(file: string, diagnostic: Readonly<Diagnostic>, subject: DiagnosticSubject): number | undefined {
    const bucket = this.buckets.get(entryKey(file, subject.object, diagnostic.ruleId, subject.pointer));
    if (!bucket) return undefined;
    const hash = bucket.byHash && this.options.messageHash?.(diagnostic.message);
    return (hash === undefined ? undefined : bucket.byHash?.get(hash)) ?? bucket.any;
  }

  /**
   * The suppressor for one file: the exceptions that apply there are chosen once. None for a file that no exception
   * covers and the baseline has no entry for, so that linting it costs what it costs without suppressions (the
   * engine then neither tells what each finding is about nor notes the objects).
   */
  forFile(file: string): Suppressor | undefined {
    if (!this.active) return undefined;
    const inConfigDir = relativeTo(this.options.configDir, resolve(this.options.cwd, file));
    const exceptions = this.exceptions.flatMap((matcher, index) => (!isExpired(matcher.entry, this.options.today) && matcher.coversFile(inConfigDir) ? [{ matcher, index }] : []));
    const named = this.buckets.size ? this.baselineName(file) : undefined;
    const baselineName = named !== undefined && this.baselineFiles.has(named) ? named : undefined;
    if (exceptions.length === 0 && baselineName === undefined) return undefined;
    return {
      suppression: (diagnostic, subject): Suppression | undefined => {
        const entry = baselineName === undefined ? undefined : this.baselineEntry(baselineName, diagnostic, subject);
        // A deliberate exception says more than legacy debt: it wins, and the entry it overlaps shows as unused.
        for (const { matcher, index } of exceptions) {
          if (matcher.matches(diagnostic.ruleId, subject)) return { by: 'exception', entry: index, reason: matcher.entry.reason, ...(entry === undefined ? {} : { overlaps: entry }) };
        }
        return entry === undefined ? undefined : { by: 'baseline', entry };
      },
    };
  }
}
