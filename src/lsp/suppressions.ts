/**
 * The baseline and exceptions in the editor, as the CLI applies them: the baseline beside the configuration file
 * (or in the workspace folder without one), read again whenever it changes (its open buffer, or the file on disk).
 */
import { statSync } from 'node:fs';
import type { Suppressor } from '../engine/diagnostics.js';
import type { RuleSet } from '../cli/rule-set.js';
import { baselinePathOf, loadSuppressions, todayUtc } from '../suppressions/load.js';
import type { Suppressions } from '../suppressions/suppressions.js';
import { ConfigError } from '../settings-file/load.js';

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
