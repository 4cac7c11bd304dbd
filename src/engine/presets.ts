import { ruleCategory, type Rule } from './types.js';
import type { RuleSetting } from './settings.js';

export const PRESET_NAMES = ['recommended', 'strict', 'security', 'export'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];
/** The preset of a run that names none: no configuration file, or one without `extends`. */
export const DEFAULT_PRESET: PresetName = 'recommended';

/**
 * Presets are rule settings layered in order. `recommended` is the rules' own defaults; `strict` turns every rule
 * on; `security` makes the security checks' warnings errors (their informational notes stay infos); `export` accepts the server-set fields of exported objects
 * (their formats are still checked by the rules that own them).
 */
export function presetSettings(name: PresetName, rules: readonly Rule[]): Map<string, RuleSetting> {
  const out = new Map<string, RuleSetting>();
  for (const rule of rules) {
    const id = rule.meta.id;
    if (name === 'strict') out.set(id, { severity: 'on' });
    if (name === 'security' && ruleCategory(id) === 'security') out.set(id, { severity: 'raise' });
    if (name === 'export' && rule.meta.serverSetFields === true) out.set(id, { severity: 'off' });
  }
  return out;
}

export function isPresetName(name: string): name is PresetName {
  return (PRESET_NAMES as readonly string[]).includes(name);
}
