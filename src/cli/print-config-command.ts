import { dirname, resolve } from 'node:path';
import { DEFAULT_PRESET } from '../engine/presets.js';
import { defaultOptionsOf } from '../engine/define-rule.js';
import { severityInForce, type SeverityChoice } from '../engine/settings.js';
import type { SettingSource } from '../settings-file/resolve.js';
import { ExceptionMatcher, isExpired } from '../suppressions/exceptions.js';
import type { ExceptionEntry } from '../settings-file/load.js';
import { todayUtc } from '../suppressions/exceptions.js';
import { relativeTo, shownPath } from '../settings-file/paths.js';
import type { CliIo } from './io.js';
import { terminalLines } from '../formatters/ansi.js';
import { loadRuleSet, type RuleSetFlags } from '../project/rule-set.js';
import { renamedRuleWarnings, ruleOverrides, UsageError } from './settings.js';
import { applyOverrides } from '../project/settings.js';

export interface PrintConfigFlags extends RuleSetFlags {
  format: string;
  rule: string[];
  unfixable?: string[];
  fixable?: string[];
}

interface RuleInForce {
  severity: SeverityChoice;
  options: Readonly<Record<string, unknown>>;
  source: SettingSource;
}

/** What `platlint print-config FILE --format json` prints. */
export interface EffectiveConfig {
  file: string;
  config: string | null;
  /** The settings files the configuration file extends, directly or through one another, as they were read. */
  extends: string[];
  ignored: boolean;
  presets: string[];
  rules: Record<string, RuleInForce>;
  policies: string[];
  /** The exceptions of `.platlint.yaml` whose `files` take in this file (all of those without `files`). */
  exceptions: ExceptionInForce[];
  /** The rules whose fixes are only suggested, each with the first entry or flag that made it so, by rule id. */
  unfixable: Record<string, SettingSource>;
}

interface ExceptionInForce extends ExceptionEntry {
  /** The entry's line in `.platlint.yaml`. */
  line: number;
  /** Past its `expires` date (UTC): it applies no more, and the run reports exception/expired. */
  expired: boolean;
}

/** A rule no preset, entry or flag touches keeps its own default severity, which is what `recommended` is. */
const RULE_DEFAULT: SettingSource = { type: 'preset', name: DEFAULT_PRESET };

/** The settings in force for one file and where each came from: presets, `.platlint.yaml` entries, overrides, `--rule`. */
export async function effectiveConfig(file: string, flags: PrintConfigFlags, io: CliIo): Promise<EffectiveConfig> {
  const { configFile, config, rules, policyPaths } = await loadRuleSet(flags, io.cwd);
  for (const warning of renamedRuleWarnings(config.deprecations, flags, rules)) io.error(warning);
  const { settings, sources, presets, unfixable } = config.explain(file);
  const unfixableFlags = flags.unfixable ?? [];
  applyOverrides(settings, ruleOverrides(flags, rules), rules, (id, index) => {
    const flag = flags.rule[index];
    const unfixableFlag = unfixableFlags[index - flags.rule.length];
    if (flag !== undefined) sources.set(id, { type: 'flag', name: `--rule ${flag}` });
    else if (unfixableFlag !== undefined) unfixable.set(id, { type: 'flag', name: `--unfixable ${unfixableFlag}` });
    // The list the --fixable flags make comes last.
    else unfixable.set(id, { type: 'flag', name: '--fixable', notIn: 'fixable' });
  });
  const inForce: Record<string, RuleInForce> = {};
  for (const { meta } of [...rules].sort((a, b) => (a.meta.id < b.meta.id ? -1 : 1))) {
    const setting = settings.get(meta.id);
    inForce[meta.id] = { severity: severityInForce(meta, setting), options: setting?.options ?? defaultOptionsOf(meta.optionsSchema), source: sources.get(meta.id) ?? RULE_DEFAULT };
  }
  const exceptions: ExceptionInForce[] = [];
  if (configFile) {
    const inConfigFolder = relativeTo(dirname(configFile.path), resolve(io.cwd, file));
    const today = todayUtc();
    (configFile.exceptions ?? []).forEach((entry, index) => {
      if (!new ExceptionMatcher(entry).coversFile(inConfigFolder)) return;
      exceptions.push({ ...entry, line: configFile.locationOf(['exceptions', index]).line, expired: isExpired(entry, today) });
    });
  }
  const unfixableInForce = Object.fromEntries([...unfixable].sort(([a], [b]) => (a < b ? -1 : 1)));
  const extended = config.files.slice(1).map((f) => f.path);
  return { file, config: configFile?.path ?? null, extends: extended, ignored: config.isIgnored(file), presets, rules: inForce, policies: policyPaths, exceptions, unfixable: unfixableInForce };
}

/** `key`: the top-level key a `config` source is an entry of. A rule a `fixable` list leaves out is "not in" it. */
function describeSource(source: SettingSource, cwd: string, key: 'rules' | 'unfixable' = 'rules'): string {
  const at = source.file !== undefined ? `${shownPath(cwd, source.file)}:${source.line ?? 1}` : undefined;
  const notIn = source.notIn ? `not in ${source.notIn} ` : '';
  switch (source.type) {
    case 'preset':
      return `preset ${source.name ?? ''}${at ? ` (${at})` : ''}`;
    case 'config':
      return notIn ? `${notIn}at ${at ?? ''}` : `${key} at ${at ?? ''}`;
    case 'override':
      return `${notIn ? `${notIn}of ` : ''}override ${source.name ?? ''} at ${at ?? ''}`;
    case 'flag':
      return notIn ? `not in ${source.name ?? ''}` : (source.name ?? '--rule');
  }
}

function stylish(effective: EffectiveConfig, cwd: string): string {
  const list = (items: readonly string[]): string => (items.length ? items.join(', ') : 'none');
  const rows = Object.entries(effective.rules).map(([id, rule]) => {
    const options = Object.keys(rule.options).length ? JSON.stringify(rule.options) : '';
    return [id, rule.severity, describeSource(rule.source, cwd), options] as const;
  });
  const idWidth = Math.max('rule'.length, ...rows.map(([id]) => id.length));
  const severityWidth = 'severity'.length;
  const sourceWidth = Math.max('source'.length, ...rows.map(([, , source]) => source.length));
  const line = (id: string, severity: string, source: string, options: string): string =>
    `  ${id.padEnd(idWidth)}  ${severity.padEnd(severityWidth)}  ${source.padEnd(sourceWidth)}  ${options}`.trimEnd();
  return [
    `File:       ${effective.file}${effective.ignored ? ' (ignored by .platlint.yaml: not linted)' : ''}`,
    `Config:     ${effective.config === null ? 'none' : shownPath(cwd, effective.config)}`,
    ...(effective.extends.length ? [`Extends:    ${effective.extends.map((path) => shownPath(cwd, path)).join(', ')}`] : []),
    `Presets:    ${list(effective.presets)}`,
    `Policies:   ${list(effective.policies)}`,
    `Exceptions: ${effective.exceptions.length ? '' : 'none'}`.trimEnd(),
    ...effective.exceptions.map((e) => `  - ${e.rules.join(', ')} (${shownPath(cwd, effective.config ?? '')}:${e.line})${e.expired ? ' expired' : ''}: ${e.reason}`),
    `Unfixable:  ${Object.keys(effective.unfixable).length ? '' : 'none'}`.trimEnd(),
    ...Object.entries(effective.unfixable).map(([id, source]) => `  - ${id} (${describeSource(source, cwd, 'unfixable')})`),
    '',
    'Rules:',
    line('rule', 'severity', 'source', 'options'),
    ...rows.map(([id, severity, source, options]) => line(id, severity, source, options)),
  ].join('\n') + '\n';
}

/** `platlint print-config FILE`: why each rule is on, off or at its severity for that file. */
export async function runPrintConfig(file: string, flags: PrintConfigFlags, io: CliIo): Promise<number> {
  if (flags.format !== 'stylish' && flags.format !== 'json') throw new UsageError(`unknown format "${flags.format}" for print-config (use stylish or json)`);
  const effective = await effectiveConfig(file, flags, io);
  io.out(flags.format === 'json' ? JSON.stringify(effective, null, 2) + '\n' : terminalLines(stylish(effective, io.cwd)));
  return 0;
}
