import { renamedRulesNote, rulesMatching, setSeverity, severityFromWord, type RuleSetting, type SeverityChoice } from '../engine/settings.js';
import type { Rule } from '../engine/types.js';
import { nearest } from '../schema/suggest.js';
import { globProblem } from '../engine/globs.js';
import { shown } from '../../rules/message-text.js';

export class UsageError extends Error {}

export function parseSeverity(word: string, where: string): SeverityChoice {
  const severity = severityFromWord(word);
  if (!severity) throw new UsageError(`${where}: unknown severity "${word}" (use off, info, warn, error or on)`);
  return severity;
}

/** A `--rule ID=SEVERITY` flag's rule id (or glob over ids) and severity word; a usage error when micromatch cannot use the glob. */
function parseRuleFlag(flag: string): { pattern: string; word: string } {
  const eq = flag.lastIndexOf('=');
  if (eq <= 0) throw new UsageError(`--rule ${shown(flag)}: expected ID=off|info|warn|error`);
  const pattern = flag.slice(0, eq).trim();
  const problem = globProblem(pattern);
  if (problem !== undefined) throw new UsageError(`--rule ${shown(flag)}: ${problem}`);
  return { pattern, word: flag.slice(eq + 1) };
}

/** `--rule ID=SEVERITY` flags, applied over the preset in the order given; `record` hears each rule a flag sets. */
export function applyRuleFlags(settings: Map<string, RuleSetting>, flags: readonly string[], rules: readonly Rule[], record?: (ruleId: string, flag: string) => void): void {
  for (const flag of flags) {
    const { pattern, word } = parseRuleFlag(flag);
    const matched = rulesMatching(pattern, rules);
    if (matched.length === 0) throw new UsageError(`--rule ${flag}: unknown rule "${pattern}"${nearest(pattern, rules.map((r) => r.meta.id), ' (see platlint rules)')}`);
    const severity = parseSeverity(word, `--rule ${flag}`);
    setSeverity(settings, matched, severity);
    for (const rule of matched) record?.(rule.meta.id, flag);
  }
}

/**
 * The config file's entries and the `--rule` flags that name rules by a former id, as warnings for stderr: printed
 * once per run by the command, not once per file (the settings are applied per file, and in every worker). The
 * commands call it before linting anything, so a flag that is no `ID=SEVERITY` is a usage error at once.
 */
export function renamedRuleWarnings(configDeprecations: readonly string[], flags: readonly string[], rules: readonly Rule[]): string[] {
  const ids = rules.map((rule) => rule.meta.id);
  const fromFlags = flags.flatMap((flag) => {
    const note = renamedRulesNote(parseRuleFlag(flag).pattern, ids);
    return note ? [`--rule ${flag}: ${note}`] : [];
  });
  return [...configDeprecations, ...fromFlags].map((line) => `platlint: warning: ${line}`);
}

/**
 * `--max-warnings N`, or undefined when not given (no limit). Digits only: `Number` would read '' and ' ' as 0,
 * the strictest limit, and '0x10' or '1e3' as numbers nobody meant.
 */
export function parseMaxWarnings(word: string | undefined): number | undefined {
  if (word === undefined) return undefined;
  const maxWarnings = Number(word);
  if (!/^\d+$/.test(word) || !Number.isSafeInteger(maxWarnings)) throw new UsageError(`--max-warnings takes a whole number of 0 or more, not ${JSON.stringify(word)}`);
  return maxWarnings;
}

/**
 * A file's settings with the --rule flags applied. The config gives one map per set of matching overrides; the flags
 * are applied once per map, so the engine works out its rule plan once per map rather than once per file.
 */
export function settingsWithFlags(settingsFor: (file: string) => ReadonlyMap<string, RuleSetting>, flags: readonly string[], rules: readonly Rule[]): (file: string) => Map<string, RuleSetting> {
  const withFlags = new Map<ReadonlyMap<string, RuleSetting>, Map<string, RuleSetting>>();
  return (file) => {
    const base = settingsFor(file);
    let settings = withFlags.get(base);
    if (!settings) {
      settings = new Map(base);
      applyRuleFlags(settings, flags, rules);
      withFlags.set(base, settings);
    }
    return settings;
  };
}
