/**
 * Overrides on top of the configuration file: `--rule ID=SEVERITY`, `--unfixable ID` and `--fixable ID` on the command
 * line (and again in each lint worker), the editor's `platlint.rules`, `platlint.unfixable` and `platlint.fixable`.
 * One judgement of an override that names no rule, which the config file's `rules` share, and one way of applying
 * them, the same map for the same settings and overrides, so that the engine works out its rule plan once per map and
 * not once per file or keystroke (src/engine/rule-plan.ts).
 */
import { noFixesProblem, rulesMatching, setFixableOnly, setSeverity, setUnfixable, severityFromWord, SEVERITY_WORDS_HINT, unknownRuleProblem, type RuleSetting, type RuleSettings, type SeverityChoice } from '../engine/settings.js';
import type { Rule } from '../engine/types.js';
import { globProblem } from '../engine/globs.js';
import { shown } from '../engine/message-text.js';

/** Sets the rules an id or a glob over ids names to a severity. */
export interface SeverityOverride {
  pattern: string;
  severity: SeverityChoice;
}

/** Makes the fixes of the rules an id or a glob over ids names suggestions, as the configuration's `unfixable`. */
export interface UnfixableOverride {
  pattern: string;
  unfixable: true;
}

/** Makes the fixes of the rules none of the ids or globs over ids names suggestions, as the configuration's `fixable`. */
export interface FixableOverride {
  patterns: readonly string[];
  fixable: true;
}

/** What the command line or the editor sets over the configuration's settings. */
export type RuleOverride = SeverityOverride | UnfixableOverride | FixableOverride;

/** A `--unfixable ID` flag as an override, or the one line saying what is wrong with it. */
export function parseUnfixableFlag(pattern: string, rules: readonly Rule[]): UnfixableOverride | { problem: string } {
  const problem = globProblem(pattern) ?? noFixesProblem(pattern, rules);
  return problem === undefined ? { pattern, unfixable: true } : { problem: `--unfixable ${shown(pattern)}: ${problem}` };
}

/** The `--fixable ID` flags as one override (the list they make), or the one line saying what is wrong with the first wrong one. */
export function parseFixableFlags(patterns: readonly string[], rules: readonly Rule[]): FixableOverride | { problem: string } {
  for (const pattern of patterns) {
    const problem = globProblem(pattern) ?? noFixesProblem(pattern, rules);
    if (problem !== undefined) return { problem: `--fixable ${shown(pattern)}: ${problem}` };
  }
  return { patterns, fixable: true };
}

/** The ids or globs over ids an override names: its one, or a `fixable` list's. */
export function overridePatterns(override: RuleOverride): readonly string[] {
  return 'patterns' in override ? override.patterns : [override.pattern];
}

/** A `--rule ID=SEVERITY` flag as an override, or the one line saying what is wrong with it. */
export function parseRuleFlag(flag: string, rules: readonly Rule[]): SeverityOverride | { problem: string } {
  const eq = flag.lastIndexOf('=');
  if (eq <= 0) return { problem: `--rule ${shown(flag)}: expected ID=off|info|warn|error` };
  const pattern = flag.slice(0, eq).trim();
  // A glob the matcher cannot compile is told as such, not as an internal error while matching rule ids.
  const glob = globProblem(pattern);
  if (glob !== undefined) return { problem: `--rule ${shown(flag)}: ${glob}` };
  const unknown = unknownRuleProblem(pattern, rules);
  if (unknown !== undefined) return { problem: `--rule ${flag}: ${unknown}` };
  const word = flag.slice(eq + 1);
  const severity = severityFromWord(word);
  return severity ? { pattern, severity } : { problem: `--rule ${flag}: unknown severity "${word}" (${SEVERITY_WORDS_HINT})` };
}

/**
 * Applies overrides in order; `record` hears each rule an override sets, with the override's index (an `unfixable`
 * or `fixable` override, each rule it made unfixable).
 */
export function applyOverrides(settings: Map<string, RuleSetting>, overrides: readonly RuleOverride[], rules: readonly Rule[], record?: (ruleId: string, index: number) => void): void {
  overrides.forEach((override, index) => {
    let set: Rule[];
    if ('patterns' in override) set = setFixableOnly(settings, rules, override.patterns);
    else if ('severity' in override) {
      set = rulesMatching(override.pattern, rules);
      setSeverity(settings, set, override.severity);
    } else set = setUnfixable(settings, rulesMatching(override.pattern, rules));
    for (const rule of set) record?.(rule.meta.id, index);
  });
}

/** Settings with overrides, by settings map and overrides list. */
const withOverridesOf = new WeakMap<RuleSettings, WeakMap<readonly RuleOverride[], RuleSettings>>();

/** The settings with the overrides on top; the same map for the same settings and the same list of overrides. */
export function withOverrides(settings: RuleSettings, overrides: readonly RuleOverride[], rules: readonly Rule[]): RuleSettings {
  if (overrides.length === 0) return settings;
  let byOverrides = withOverridesOf.get(settings);
  if (!byOverrides) {
    byOverrides = new WeakMap();
    withOverridesOf.set(settings, byOverrides);
  }
  const known = byOverrides.get(overrides);
  if (known) return known;
  const out = new Map<string, RuleSetting>(settings);
  applyOverrides(out, overrides, rules);
  byOverrides.set(overrides, out);
  return out;
}
