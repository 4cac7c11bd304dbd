import micromatch from 'micromatch';
import { severityFromWord, type RuleSetting, type SeverityChoice } from '../engine/settings.js';
import type { Rule } from '../engine/types.js';
import { didYouMean } from '../schema/suggest.js';

export class UsageError extends Error {}

/** `; did you mean "x"?` for the nearest candidate, or `fallback` when none is near. */
export function nearest(word: string, candidates: Iterable<string>, fallback: string): string {
  const [best] = didYouMean(word, candidates);
  return best === undefined ? fallback : `; did you mean "${best}"?`;
}

export function parseSeverity(word: string, where: string): SeverityChoice {
  const severity = severityFromWord(word);
  if (!severity) throw new UsageError(`${where}: unknown severity "${word}" (use off, info, warn, error or on)`);
  return severity;
}

/** `--rule ID=SEVERITY` flags, applied over the preset in the order given. */
export function applyRuleFlags(settings: Map<string, RuleSetting>, flags: readonly string[], rules: readonly Rule[]): void {
  for (const flag of flags) {
    const eq = flag.lastIndexOf('=');
    if (eq <= 0) throw new UsageError(`--rule ${flag}: expected ID=off|info|warn|error`);
    const pattern = flag.slice(0, eq).trim();
    const matched = rules.filter((r) => r.meta.id === pattern || micromatch.isMatch(r.meta.id, pattern));
    if (matched.length === 0) throw new UsageError(`--rule ${flag}: unknown rule "${pattern}"${nearest(pattern, rules.map((r) => r.meta.id), ' (see platlint rules)')}`);
    const severity = parseSeverity(flag.slice(eq + 1), `--rule ${flag}`);
    for (const { meta } of matched) settings.set(meta.id, { ...settings.get(meta.id), severity });
  }
}
