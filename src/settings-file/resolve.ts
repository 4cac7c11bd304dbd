import { dirname, resolve } from './path-functions.js';
import { Ajv } from 'ajv';
import { globMatches } from '../engine/globs.js';
import { DEFAULT_PRESET, isPresetName, presetSettings } from '../engine/presets.js';
import { renamedRulesNote, rulesMatching, setSeverity, setUnfixable, severityFromWord, SEVERITY_WORDS_HINT, unfixableProblem, unknownRuleProblem, type RuleSetting } from '../engine/settings.js';
import type { Rule } from '../engine/types.js';
import type { EmbeddedSource } from '../engine/embedded.js';
import { ConfigError, type ConfigFile, type RuleEntry } from './load.js';
import { relativeTo } from './paths.js';

/** Problem lines (`file:line:col: …`) sorted by their position in the file. */
function inFileOrder(lines: readonly string[], file: string): string[] {
  const position = (line: string): [number, number] => {
    const match = /^:(\d+):(\d+):/.exec(line.startsWith(file) ? line.slice(file.length) : line);
    return match ? [Number(match[1]), Number(match[2])] : [0, 0];
  };
  return [...lines].sort((a, b) => {
    const [la, ca] = position(a);
    const [lb, cb] = position(b);
    return la - lb || ca - cb;
  });
}

/** Where a rule's setting for a file came from (`platlint print-config`). */
export interface SettingSource {
  type: 'preset' | 'config' | 'override' | 'flag';
  /** The preset's name, the override's `files` globs, or the `--rule` flag. */
  name?: string;
  /** The configuration file, for a `rules` entry, an override, or a preset named in either. */
  file?: string;
  line?: number;
}

/** Hears each rule a layer sets, and from where. */
export type SourceRecorder = (ruleId: string, source: SettingSource) => void;

/**
 * A file's settings with, for each rule a layer set, the last layer that set it, and the presets applied in order;
 * for each `unfixable` rule, the first entry that made it so.
 */
export interface ExplainedSettings {
  settings: Map<string, RuleSetting>;
  sources: Map<string, SettingSource>;
  presets: string[];
  unfixable: Map<string, SettingSource>;
}

type Override = NonNullable<ConfigFile['overrides']>[number];

/** A name or a list of names as a new list. */
function toList(value: string | string[] | undefined): string[] {
  return value === undefined ? [] : Array.isArray(value) ? [...value] : [value];
}

/**
 * Rule settings for one file: presets, then `rules` (ids or globs over ids), then every override whose `files`
 * match. Options are validated here, against each rule's own schema, so rules never validate their options.
 */
export class ResolvedConfig {
  private readonly cache = new Map<string, Map<string, RuleSetting>>();
  /** Created on the first rule options to validate: most runs have none. */
  private ajv: Ajv | undefined;
  readonly baseDir: string;
  /** Entries that name rules by a former id (rules/aliases.ts), one line each: the CLI warns of them once. */
  readonly deprecations: string[] = [];

  /**
   * `idsKnown: false`: `rules` are the built-ins only, and the policies the file names will define more: an id that
   * matches none of them waits for the configuration resolved with the policies' rules to be judged.
   */
  constructor(
    readonly file: ConfigFile | undefined,
    private readonly rules: readonly Rule[],
    /** What the names of the linted files are relative to. */
    private readonly cwd: string,
    private readonly idsKnown = true,
  ) {
    this.baseDir = file ? dirname(file.path) : cwd;
    // Validate every entry up front: a bad config fails the run once, with all its mistakes, before any file is linted.
    const problems = [...(file?.problems ?? [])];
    this.apply(new Map(), file?.rules, ['rules'], problems);
    this.markUnfixable(new Map(), file?.unfixable, ['unfixable'], problems);
    file?.overrides?.forEach((o, i) => {
      this.apply(new Map(), o.rules, ['overrides', i, 'rules'], problems);
      this.markUnfixable(new Map(), o.unfixable, ['overrides', i, 'unfixable'], problems);
    });
    if (problems.length) throw new ConfigError(inFileOrder(problems, file?.path ?? ''));
  }

  private relativePath(filePath: string): string {
    return relativeTo(this.baseDir, resolve(this.cwd, filePath));
  }

  isIgnored(filePath: string): boolean {
    const patterns = this.file?.ignore ?? [];
    return patterns.length > 0 && globMatches(this.relativePath(filePath), patterns, { dot: true });
  }

  policyPaths(): string[] {
    return (this.file?.policies ?? []).map((p) => resolve(this.baseDir, p));
  }

  /**
   * Applies presets in order. `where` is the key path of the `extends` that names them (a name or a list of names),
   * for the sources `record` hears; the default `recommended` has none.
   */
  private applyPresets(settings: Map<string, RuleSetting>, presets: string | string[] | undefined, record?: SourceRecorder, where?: (string | number)[]): void {
    for (const [index, name] of toList(presets).entries()) {
      if (!isPresetName(name)) continue;
      // Only print-config asks where settings come from: a lint run does not look up lines.
      const keyPath = record && where && (Array.isArray(presets) ? [...where, index] : where);
      const source: SettingSource = { type: 'preset', name, ...(keyPath && this.file ? { file: this.file.path, line: this.file.locationOf(keyPath).line } : {}) };
      for (const [id, setting] of presetSettings(name, this.rules)) {
        settings.set(id, { ...settings.get(id), ...setting });
        record?.(id, source);
      }
    }
  }

  /** An entry's `file:line:col: key.path`, as each mistake or deprecation found in it starts. */
  private placeOf(keyPath: readonly (string | number)[]): string {
    return `${this.file?.position(keyPath) ?? ''}: ${keyPath.join('.')}`;
  }

  /** A `rules` entry's place (`key`, its pattern) or an `unfixable` entry's (`key`, its index): the config's own, or an override's. */
  private entrySource(where: readonly (string | number)[], key: string | number): SettingSource {
    const at = { file: this.file?.path ?? '', line: this.file?.locationOf([...where, key]).line ?? 1 };
    const index = where[0] === 'overrides' ? where[1] : undefined;
    const override = typeof index === 'number' ? this.file?.overrides?.[index] : undefined;
    return override ? { type: 'override', name: override.files.join(', '), ...at } : { type: 'config', ...at };
  }

  /**
   * Applies `rules` entries. With `problems` (validation, once per entry), each mistake is a line there and the
   * entry is skipped; without, invalid entries are skipped silently (they were reported when validating).
   */
  private apply(settings: Map<string, RuleSetting>, entries: Record<string, RuleEntry> | undefined, where: (string | number)[], problems?: string[], record?: SourceRecorder): void {
    for (const [pattern, entry] of Object.entries(entries ?? {})) {
      const at = this.placeOf([...where, pattern]);
      const unknown = unknownRuleProblem(pattern, this.rules);
      if (unknown !== undefined) {
        if (this.idsKnown) problems?.push(`${at}: ${unknown}`);
        continue;
      }
      const matched = rulesMatching(pattern, this.rules);
      const renamed = problems && renamedRulesNote(pattern, matched.map((rule) => rule.meta.id));
      if (renamed) this.deprecations.push(`${at}: ${renamed}`);
      const [word, options] = Array.isArray(entry) ? entry : [entry, undefined];
      const severity = severityFromWord(word);
      if (!severity) {
        problems?.push(`${at}: unknown severity "${String(word)}" (${SEVERITY_WORDS_HINT})`);
        continue;
      }
      for (const rule of matched) {
        if (options !== undefined) {
          if (!rule.meta.optionsSchema) {
            problems?.push(`${at}: rule ${rule.meta.id} takes no options`);
            continue;
          }
          this.ajv ??= new Ajv({ allErrors: true, strict: false, useDefaults: true });
          const validate = this.ajv.compile(rule.meta.optionsSchema);
          const copy = structuredClone(options);
          if (!validate(copy)) {
            for (const error of validate.errors ?? []) {
              problems?.push(`${at}: invalid options for ${rule.meta.id}: ${error.instancePath || '(options)'} ${error.message ?? ''}`.trim());
            }
            continue;
          }
          settings.set(rule.meta.id, { severity, options: copy });
        } else {
          setSeverity(settings, [rule], severity);
        }
        record?.(rule.meta.id, this.entrySource(where, pattern));
      }
    }
  }

  /**
   * Marks the rules `unfixable` entries name; with `problems` (validation, once per entry), an entry that names no
   * rule with fixes is a mistake there. `record` hears each rule the first time an entry marks it.
   */
  private markUnfixable(settings: Map<string, RuleSetting>, patterns: readonly string[] | undefined, where: (string | number)[], problems?: string[], record?: SourceRecorder): void {
    (patterns ?? []).forEach((pattern, index) => {
      const problem = unfixableProblem(pattern, this.rules);
      if (problem !== undefined) {
        if (this.idsKnown) problems?.push(`${this.placeOf([...where, index])}: ${problem}`);
        return;
      }
      const matched = rulesMatching(pattern, this.rules);
      const renamed = problems && renamedRulesNote(pattern, matched.map((rule) => rule.meta.id));
      if (renamed) this.deprecations.push(`${this.placeOf([...where, index])}: ${renamed}`);
      for (const rule of setUnfixable(settings, matched)) record?.(rule.meta.id, this.entrySource(where, index));
    });
  }

  /** The `embedded` entries whose `files` match a file, in the order written: the first path a document holds wins. */
  embeddedFor(filePath: string): EmbeddedSource[] {
    const entries = this.file?.embedded ?? [];
    if (entries.length === 0) return [];
    const rel = this.relativePath(filePath);
    return entries
      .filter((entry) => entry.files.length > 0 && globMatches(rel, entry.files, { dot: true }))
      .map((entry) => ({ at: typeof entry.at === 'string' ? entry.at.split('.') : [...entry.at], as: entry.as ?? 'Config' }));
  }

  /** Settings for a file; files sharing the same set of matching overrides share one map. */
  settingsFor(filePath: string): Map<string, RuleSetting> {
    const overrides = this.overridesFor(filePath);
    const key = overrides.map(([, i]) => i).join(',');
    const cached = this.cache.get(key);
    if (cached) return cached;
    const { settings } = this.layer(overrides);
    this.cache.set(key, settings);
    return settings;
  }

  /** The settings of the file's top level (presets and `rules`), which no override changes: what applies beyond files. */
  topLevelSettings(): Map<string, RuleSetting> {
    return this.layer([]).settings;
  }

  /** A file's settings with where each came from: what `platlint print-config` shows. */
  explain(filePath: string): ExplainedSettings {
    const sources = new Map<string, SettingSource>();
    const unfixable = new Map<string, SettingSource>();
    const { settings, presets } = this.layer(this.overridesFor(filePath), (id, source) => sources.set(id, source), (id, source) => unfixable.set(id, source));
    return { settings, sources, presets, unfixable };
  }

  private overridesFor(filePath: string): (readonly [Override, number])[] {
    // Most configurations have no overrides: then no path needs computing for each file.
    const all = this.file?.overrides ?? [];
    const rel = all.length ? this.relativePath(filePath) : '';
    return all.map((o, i) => [o, i] as const).filter(([o]) => globMatches(rel, o.files, { dot: true }));
  }

  /**
   * Presets, then `rules`, then each matching override's presets and rules; then `unfixable`, the top level's and the
   * matching overrides', which a later severity or options entry does not undo.
   */
  private layer(overrides: readonly (readonly [Override, number])[], record?: SourceRecorder, recordUnfixable?: SourceRecorder): { settings: Map<string, RuleSetting>; presets: string[] } {
    const settings = new Map<string, RuleSetting>();
    const named = toList(this.file?.extends).length > 0;
    this.applyPresets(settings, named ? this.file?.extends : DEFAULT_PRESET, record, named ? ['extends'] : undefined);
    const presets = named ? toList(this.file?.extends) : [DEFAULT_PRESET];
    this.apply(settings, this.file?.rules, ['rules'], undefined, record);
    for (const [override, i] of overrides) {
      this.applyPresets(settings, override.extends, record, ['overrides', i, 'extends']);
      presets.push(...toList(override.extends));
      this.apply(settings, override.rules, ['overrides', i, 'rules'], undefined, record);
    }
    this.markUnfixable(settings, this.file?.unfixable, ['unfixable'], undefined, recordUnfixable);
    for (const [override, i] of overrides) this.markUnfixable(settings, override.unfixable, ['overrides', i, 'unfixable'], undefined, recordUnfixable);
    return { settings, presets: presets.filter(isPresetName) };
  }
}
