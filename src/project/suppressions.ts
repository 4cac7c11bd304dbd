/**
 * A project's suppressions (its baseline and the configuration file's exceptions) as the CLI and the editor wire
 * them: the cache key, where their own problems are reported, and in the editor, reloaded when the baseline changes.
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from '../settings-file/load.js';
import type { Suppressor } from '../engine/reporter.js';
import { baselinePathOf, loadSuppressions } from '../suppressions/load.js';
import { todayUtc } from '../suppressions/exceptions.js';
import type { Suppressions } from '../suppressions/suppressions.js';
import type { RuleSet } from './rule-set.js';
import { reportingOf, type ReportingSources, type UnusedReporting } from '../suppressions/unused.js';
import { hashText } from './node-host.js';
import { resolveInputs } from './files.js';

/** Changes whenever what a suppression matches may change: the cache key's part. */
export function suppressionsFingerprint(suppressions: Suppressions): string {
  const { baseline, exceptions, today } = suppressions.options;
  return hashText(baseline?.path ?? '', baseline?.text ?? '', JSON.stringify(exceptions), today);
}

/** How a run on disk reports what its suppressions did not do: the files under a folder are walked as the CLI walks them. */
export function unusedReporting(suppressions: Suppressions, sources: Omit<ReportingSources, 'lintableFiles'> & { isIgnored(file: string): boolean }): UnusedReporting {
  const { cwd, isIgnored } = sources;
  return reportingOf(suppressions, { ...sources, lintableFiles: (dir) => resolveInputs([dir], cwd, { isIgnored }).files.map((file) => resolve(cwd, file)) });
}

/**
 * The baseline and exceptions in the editor, as the CLI applies them: the baseline beside the configuration file
 * (or in the workspace folder without one), read again whenever it changes (its open buffer, or the file on disk).
 */
interface Loaded {
  /** The baseline's stamp when it was loaded ('' for none) and the day: either changing reloads. */
  stamp: string;
  suppressions: Suppressions | undefined;
}

export class EditorSuppressions {
  private readonly loaded = new WeakMap<RuleSet, Loaded>();

  constructor(
    private readonly readFile: (absolute: string) => Uint8Array | undefined,
    /** Says a problem with the baseline to the person, once per version of the file. */
    private readonly warn: (line: string) => void,
  ) {}

  /** What identifies the baseline's current text: the open buffer's text, else the file's size and time on disk. */
  private baselineStamp(path: string): string {
    const open = this.readFile(path);
    if (open) return Buffer.from(open).toString('utf8');
    try {
      const { size, mtimeMs } = statSync(path);
      return `${size}:${mtimeMs}`;
    } catch {
      return '';
    }
  }

  private suppressionsOf(ruleSet: RuleSet): Suppressions | undefined {
    const cwd = ruleSet.config.baseDir;
    const path = baselinePathOf({ cwd, configFile: ruleSet.configFile, baseline: undefined }) ?? '';
    const today = todayUtc();
    const stamp = `${today}\u0000${this.baselineStamp(path)}`;
    const previous = this.loaded.get(ruleSet);
    if (previous?.stamp === stamp) return previous.suppressions;
    let suppressions: Suppressions | undefined;
    try {
      suppressions = loadSuppressions({ cwd, configFile: ruleSet.configFile, baseline: undefined, today, readFile: this.readFile });
    } catch (error) {
      // A broken baseline suppresses nothing in the editor, which says why as the CLI does.
      const lines = error instanceof ConfigError ? error.lines : [`cannot read baseline ${path}: ${error instanceof Error ? error.message : String(error)}`];
      for (const line of lines) this.warn(`${line} (the baseline is not applied until it is fixed)`);
    }
    this.loaded.set(ruleSet, { stamp, suppressions });
    return suppressions;
  }

  forFile(ruleSet: RuleSet, path: string): Suppressor | undefined {
    return this.suppressionsOf(ruleSet)?.forFile(path);
  }
}
