/**
 * The baseline and exceptions in the editor, as the CLI applies them: the baseline beside the configuration file
 * (or in the workspace folder without one), read again whenever its text (open buffer or disk) changes.
 */
import { readFileSync } from 'node:fs';
import type { Suppressor } from '../engine/diagnostics.js';
import type { RuleSet } from '../cli/rule-set.js';
import { baselinePathOf, loadSuppressions, todayUtc } from '../suppressions/load.js';
import type { Suppressions } from '../suppressions/suppressions.js';

interface Loaded {
  /** The baseline's text it was loaded from ('' for none) and the day: either changing reloads. */
  stamp: string;
  suppressions: Suppressions | undefined;
}

export class EditorSuppressions {
  private readonly loaded = new WeakMap<RuleSet, Loaded>();

  constructor(
    private readonly readFile: (absolute: string) => Uint8Array | undefined,
    private readonly logError: (what: string, error: unknown) => void,
  ) {}

  private baselineText(path: string): string {
    const open = this.readFile(path);
    if (open) return Buffer.from(open).toString('utf8');
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return '';
    }
  }

  private suppressionsOf(ruleSet: RuleSet): Suppressions | undefined {
    const cwd = ruleSet.config.baseDir;
    const path = baselinePathOf({ cwd, configFile: ruleSet.configFile, baseline: undefined }) ?? '';
    const today = todayUtc();
    const stamp = `${today}\u0000${this.baselineText(path)}`;
    const previous = this.loaded.get(ruleSet);
    if (previous?.stamp === stamp) return previous.suppressions;
    let suppressions: Suppressions | undefined;
    try {
      suppressions = loadSuppressions({ cwd, configFile: ruleSet.configFile, baseline: undefined, today, readFile: this.readFile });
    } catch (error) {
      // A broken baseline suppresses nothing in the editor; the CLI says what is wrong with it.
      this.logError(`cannot read the baseline ${path}`, error);
    }
    this.loaded.set(ruleSet, { stamp, suppressions });
    return suppressions;
  }

  forFile(ruleSet: RuleSet, path: string): Suppressor | undefined {
    return this.suppressionsOf(ruleSet)?.forFile(path);
  }
}
