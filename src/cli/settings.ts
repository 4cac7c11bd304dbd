import { resolve } from 'node:path';
import { globMatches, globProblem } from '../engine/globs.js';
import { renamedRulesNote } from '../engine/settings.js';
import { shown } from '../engine/message-text.js';
import { relativeTo } from '../settings-file/paths.js';
import type { Rule } from '../engine/types.js';
import { overridePatterns, parseFixableFlags, parseRuleFlag, parseUnfixableFlag, type RuleOverride } from '../project/settings.js';

export class UsageError extends Error {}

/** The rule flags of a command: `--rule ID=SEVERITY`, and `--unfixable ID` and `--fixable ID` where the command fixes. */
export interface RuleFlags {
  rule: readonly string[];
  unfixable?: readonly string[];
  fixable?: readonly string[];
}

/**
 * The `--rule ID=SEVERITY` flags as overrides, in the order given, then the `--unfixable` flags, then the list the
 * `--fixable` flags make, if any; the first that is wrong is a usage error.
 */
export function ruleOverrides(flags: RuleFlags, rules: readonly Rule[]): RuleOverride[] {
  const fixable = flags.fixable?.length ? [parseFixableFlags(flags.fixable, rules)] : [];
  const parsed = [...flags.rule.map((flag) => parseRuleFlag(flag, rules)), ...(flags.unfixable ?? []).map((flag) => parseUnfixableFlag(flag, rules)), ...fixable];
  return parsed.map((override) => {
    if ('problem' in override) throw new UsageError(override.problem);
    return override;
  });
}

/**
 * The config file's entries and the `--rule` flags that name rules by a former id, as warnings for stderr: printed
 * once per run by the command, not once per file (the settings are applied per file, and in every worker). The
 * flags are parsed first, so a flag that is no `ID=SEVERITY` is a usage error at once, whichever the command.
 */
export function renamedRuleWarnings(configDeprecations: readonly string[], flags: RuleFlags, rules: readonly Rule[]): string[] {
  const ids = rules.map((rule) => rule.meta.id);
  const fromFlags = ruleOverrides(flags, rules).flatMap((override, i) =>
    overridePatterns(override).flatMap((pattern) => {
      const note = renamedRulesNote(pattern, ids);
      const flag = 'severity' in override ? `--rule ${flags.rule[i] ?? ''}` : `--${'patterns' in override ? 'fixable' : 'unfixable'} ${pattern}`;
      return note ? [`${flag}: ${note}`] : [];
    }),
  );
  return [...configDeprecations, ...fromFlags].map((line) => `platlint: warning: ${line}`);
}

/**
 * The `--ignore-pattern GLOB` flags as a test of a file: relative to the working directory, as the configuration's
 * `ignore` is to its file, and matched the same way. A glob that cannot be one is a usage error.
 */
export function ignorePatternTest(globs: readonly string[], cwd: string): (file: string) => boolean {
  for (const glob of globs) {
    const problem = globProblem(glob);
    if (problem !== undefined) throw new UsageError(`--ignore-pattern "${shown(glob)}": ${problem}`);
  }
  if (globs.length === 0) return () => false;
  return (file) => globMatches(relativeTo(cwd, resolve(cwd, file)), globs, { dot: true });
}

/**
 * The whole number an option was given, or undefined when it was not: digits only, within `min` to `max`. `Number`
 * alone would read '' and ' ' as 0, and '0x10' or '1e3' as numbers nobody meant.
 */
function wholeNumberOption(option: string, word: string | undefined, min: number, max?: number): number | undefined {
  if (word === undefined) return undefined;
  const value = Number(word);
  if (/^\d+$/.test(word) && Number.isSafeInteger(value) && value >= min && (max === undefined || value <= max)) return value;
  const range = max === undefined ? `of ${min} or more` : `from ${min} to ${max}`;
  throw new UsageError(`${option} takes a whole number ${range}, not ${JSON.stringify(word)}`);
}

/** `--max-warnings N`, or undefined when not given (no limit); 0 is the strictest limit. */
export function parseMaxWarnings(word: string | undefined): number | undefined {
  return wholeNumberOption('--max-warnings', word, 0);
}

/** The most threads `--threads` may ask for: far more than a machine has cores, for the sake of a clear error. */
const MAX_THREADS = 64;

/** `--threads N`, or undefined when not given (one thread a core, for input enough to repay it). */
export function parseThreads(word: string | undefined): number | undefined {
  return wholeNumberOption('--threads', word, 1, MAX_THREADS);
}
