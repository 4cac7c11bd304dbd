/**
 * The editor's own settings for platlint (`workspace/configuration`, section `platlint`): on top of the config
 * file, as a person's preference in their editor, never stored in the repository.
 *
 *   { "enable": true, "rules": { "meta/labels": "off", "security/*": "error" }, "unfixable": ["schema/unknown-field"] }
 *
 * `unfixable`, as the config file's: rules whose fixes fix-all (and fix on save) leave alone, offered as quick fixes;
 * `fixable`, as the config file's: the only rules whose fixes they apply.
 */
import { severityFromWord } from '../engine/settings.js';
import type { RuleOverride } from '../project/settings.js';
import { globProblem } from '../engine/globs.js';
import { shown } from '../engine/message-text.js';

export const SETTINGS_SECTION = 'platlint';

export interface ClientSettings {
  enable: boolean;
  /** `rules` (severities), `unfixable`, then `fixable`: rule ids or globs over ids, applied in order after the config file. */
  overrides: RuleOverride[];
}

export const DEFAULT_CLIENT_SETTINGS: ClientSettings = { enable: true, overrides: [] };

/** Reads what the client sent; a wrong value is left out with a reason, never fatal. */
export function parseClientSettings(value: unknown): { settings: ClientSettings; problems: string[] } {
  const problems: string[] = [];
  if (value === null || value === undefined) return { settings: DEFAULT_CLIENT_SETTINGS, problems };
  if (typeof value !== 'object' || Array.isArray(value)) return { settings: DEFAULT_CLIENT_SETTINGS, problems: ['the platlint settings must be an object'] };
  const record = value as Record<string, unknown>;
  const enable = record['enable'] === undefined ? true : record['enable'] !== false;
  if (record['enable'] !== undefined && typeof record['enable'] !== 'boolean') problems.push('platlint.enable must be true or false');
  const overrides: RuleOverride[] = [];
  const raw = record['rules'];
  if (raw !== undefined && (typeof raw !== 'object' || raw === null || Array.isArray(raw))) problems.push('platlint.rules must map rule ids to severities');
  else {
    for (const [id, word] of Object.entries((raw ?? {}) as Record<string, unknown>)) {
      const glob = globProblem(id);
      const severity = typeof word === 'string' || typeof word === 'number' ? severityFromWord(word) : undefined;
      if (glob !== undefined) problems.push(`platlint.rules.${shown(id)}: ${glob}`);
      else if (severity) overrides.push({ pattern: id, severity });
      else problems.push(`platlint.rules.${id}: unknown severity ${JSON.stringify(word)}`);
    }
  }
  for (const pattern of ruleIdList(record, 'unfixable', problems) ?? []) overrides.push({ pattern, unfixable: true });
  const fixable = ruleIdList(record, 'fixable', problems);
  if (fixable !== undefined) overrides.push({ patterns: fixable, fixable: true });
  return { settings: { enable, overrides }, problems };
}

/** A list of rule ids or globs over ids (`unfixable`, `fixable`), without its wrong entries; undefined when absent or no list. */
function ruleIdList(record: Record<string, unknown>, key: 'unfixable' | 'fixable', problems: string[]): string[] | undefined {
  const value = record[key];
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    problems.push(`platlint.${key} must be a list of rule ids`);
    return undefined;
  }
  const ids: string[] = [];
  for (const id of value as unknown[]) {
    const glob = typeof id === 'string' ? globProblem(id) : 'not a rule id';
    if (glob === undefined) ids.push(id as string);
    else problems.push(`platlint.${key}: ${typeof id === 'string' ? shown(id) : JSON.stringify(id)}: ${glob}`);
  }
  return ids;
}
