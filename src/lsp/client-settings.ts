/**
 * The editor's own settings for platlint (`workspace/configuration`, section `platlint`): on top of the config
 * file, as a person's preference in their editor, never stored in the repository.
 *
 *   { "enable": true, "rules": { "meta/labels": "off", "security/*": "error" } }
 */
import { rulesMatching, setSeverity, severityFromWord, type RuleSetting, type RuleSettings, type SeverityChoice } from '../engine/settings.js';
import type { Rule } from '../engine/types.js';
import { globProblem } from '../engine/globs.js';
import { shown } from '../../rules/message-text.js';

export const SETTINGS_SECTION = 'platlint';

export interface ClientSettings {
  enable: boolean;
  /** Severity overrides: rule ids or globs over ids, applied in order after the config file. */
  rules: [string, SeverityChoice][];
}

export const DEFAULT_CLIENT_SETTINGS: ClientSettings = { enable: true, rules: [] };

/** Reads what the client sent; a wrong value is left out with a reason, never fatal. */
export function parseClientSettings(value: unknown): { settings: ClientSettings; problems: string[] } {
  const problems: string[] = [];
  if (value === null || value === undefined) return { settings: DEFAULT_CLIENT_SETTINGS, problems };
  if (typeof value !== 'object' || Array.isArray(value)) return { settings: DEFAULT_CLIENT_SETTINGS, problems: ['the platlint settings must be an object'] };
  const record = value as Record<string, unknown>;
  const enable = record['enable'] === undefined ? true : record['enable'] !== false;
  if (record['enable'] !== undefined && typeof record['enable'] !== 'boolean') problems.push('platlint.enable must be true or false');
  const rules: [string, SeverityChoice][] = [];
  const raw = record['rules'];
  if (raw !== undefined && (typeof raw !== 'object' || raw === null || Array.isArray(raw))) problems.push('platlint.rules must map rule ids to severities');
  else {
    for (const [id, word] of Object.entries((raw ?? {}) as Record<string, unknown>)) {
      const glob = globProblem(id);
      const severity = typeof word === 'string' || typeof word === 'number' ? severityFromWord(word) : undefined;
      if (glob !== undefined) problems.push(`platlint.rules.${shown(id)}: ${glob}`);
      else if (severity) rules.push([id, severity]);
      else problems.push(`platlint.rules.${id}: unknown severity ${JSON.stringify(word)}`);
    }
  }
  return { settings: { enable, rules }, problems };
}

/** Settings with overrides, by config settings map and overrides list: one map each, so the rule plan is kept. */
const withOverridesOf = new WeakMap<RuleSettings, WeakMap<ClientSettings['rules'], RuleSettings>>();

/**
 * The config file's settings with the editor's overrides on top; the same map for the same settings and overrides,
 * so that the engine works out its rule plan once, not on every keystroke (src/engine/rule-plan.ts).
 */
export function withOverrides(settings: RuleSettings, overrides: ClientSettings['rules'], rules: readonly Rule[]): RuleSettings {
  if (overrides.length === 0) return settings;
  let byOverrides = withOverridesOf.get(settings);
  if (!byOverrides) {
    byOverrides = new WeakMap();
    withOverridesOf.set(settings, byOverrides);
  }
  const known = byOverrides.get(overrides);
  if (known) return known;
  const out = new Map<string, RuleSetting>(settings);
  for (const [pattern, severity] of overrides) {
    setSeverity(out, rulesMatching(pattern, rules), severity);
  }
  byOverrides.set(overrides, out);
  return out;
}
