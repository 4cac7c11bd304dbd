import type { PresetName } from '../../src/engine/presets.js';
import type { Diagnostic } from '../../src/engine/types.js';
import { lint } from './lint.js';
import { config } from './manifests.js';

/** The diagnostics of one rule among those of every rule. */
export function of(ruleId: string, diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.filter((d) => d.ruleId === ruleId);
}

/** One rule's diagnostics on a text linted with every rule on, or with the rules of another preset. */
export function only(ruleId: string, text: string, preset: PresetName = 'strict'): Diagnostic[] {
  return of(ruleId, lint(text, { preset }));
}

/** A Config with the given status lines, linted with every rule on. */
export function lintStatus(status: string): Diagnostic[] {
  return lint(config(status), { preset: 'strict' });
}
