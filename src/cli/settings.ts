import { renamedRulesNote } from '../engine/settings.js';
import type { Rule } from '../engine/types.js';
import { parseRuleFlag, type SeverityOverride } from '../project/settings.js';

export class UsageError extends Error {}

/** The `--rule ID=SEVERITY` flags as overrides, in the order given; the first that is wrong is a usage error. */
export function ruleOverrides(flags: readonly string[], rules: readonly Rule[]): SeverityOverride[] {
  return flags.map((flag) => {
    const parsed = parseRuleFlag(flag, rules);
    if ('problem' in parsed) throw new UsageError(parsed.problem);
    return parsed;
  });
}

/**
 * The config file's entries and the `--rule` flags that name rules by a former id, as warnings for stderr: printed
 * once per run by the command, not once per file (the settings are applied per file, and in every worker). The
 * flags are parsed first, so a flag that is no `ID=SEVERITY` is a usage error at once, whichever the command.
 */
export function renamedRuleWarnings(configDeprecations: readonly string[], flags: readonly string[], rules: readonly Rule[]): string[] {
  const ids = rules.map((rule) => rule.meta.id);
  const fromFlags = ruleOverrides(flags, rules).flatMap(({ pattern }, i) => {
    const note = renamedRulesNote(pattern, ids);
    return note ? [`--rule ${flags[i] ?? ''}: ${note}`] : [];
  });
  return [...configDeprecations, ...fromFlags].map((line) => `platlint: warning: ${line}`);
}

/**
 * `--max-warnings N`, or undefined when not given (no limit). Digits only: `Number` would read '' and ' ' as 0,
 * the strictest limit, and '0x10' or '1e3' as numbers nobody meant.
 */
/** The most threads `--threads` may ask for: far more than a machine has cores, for the sake of a clear error. */
const MAX_THREADS = 64;

/** `--threads`: a whole number of 1 to MAX_THREADS, or undefined (one a core, for input enough to repay it). */
export function parseThreads(word: string | undefined): number | undefined {
  if (word === undefined) return undefined;
  const threads = Number(word);
  if (!/^\d+$/.test(word) || threads < 1 || threads > MAX_THREADS) throw new UsageError(`--threads takes a whole number from 1 to ${MAX_THREADS}, not ${JSON.stringify(word)}`);
  return threads;
}

export function parseMaxWarnings(word: string | undefined): number | undefined {
  if (word === undefined) return undefined;
  const maxWarnings = Number(word);
  if (!/^\d+$/.test(word) || !Number.isSafeInteger(maxWarnings)) throw new UsageError(`--max-warnings takes a whole number of 0 or more, not ${JSON.stringify(word)}`);
  return maxWarnings;
}
