import { dirname, resolve } from './path-functions.js';
import { Ajv } from 'ajv';
import { globMatches } from '../engine/globs.js';
import { DEFAULT_PRESET, isPresetName, presetSettings } from '../engine/presets.js';
import { noFixesProblem, renamedRulesNote, rulesMatching, setFixableOnly, setSeverity, setUnfixable, severityFromWord, SEVERITY_WORDS_HINT, unknownRuleProblem, type RuleSetting } from '../engine/settings.js';
import type { Rule } from '../engine/types.js';
import type { EmbeddedSource } from '../engine/embedded.js';
import { ConfigError, extendsEntries, fileOfMistake, inheritedSetting, settingsFiles, type ConfigFile, type RuleEntry } from './load.js';
import { relativeTo } from './paths.js';

/** Problem lines (`file:line:col: …`) by file, in the order of `files`, then by their position in it. */
function inFileOrder(lines: readonly string[], files: readonly string[]): string[] {
  const place = (line: string): [number, number, number] => {
    const file = fileOfMistake(line, files);
    const index = file === undefined ? -1 : files.indexOf(file);
    const match = /^:(\d+):(\d+):/.exec(file === undefined ? line : line.slice(file.length));
    return [index < 0 ? files.length : index, Number(match?.[1] ?? 0), Number(match?.[2] ?? 0)];
  };
  return [...lines].sort((a, b) => {
    const [fa, la, ca] = place(a);
    const [fb, lb, cb] = place(b);
    return fa - fb || la - lb || ca - cb;
  });
}

/**
 * Every mistake of a settings file and of those it extends, with `more` found in them later, as one `ConfigError`
 * (nothing when there is none).
 */
export function throwSettingsMistakes(file: ConfigFile | undefined, more: readonly string[] = []): void {
  const files = file ? settingsFiles(file) : [];
  const paths = files.map((f) => f.path);
  const lines = [...files.flatMap((f) => f.problems), ...more];
  if (lines.length) throw new ConfigError(inFileOrder(lines, paths), paths);
}

/** Where a rule's setting for a file came from (`platlint print-config`). */
export interface SettingSource {
  type: 'preset' | 'config' | 'override' | 'flag';
  /** The preset's name, the override's `files` globs, or the `--rule` flag. */
  name?: string;
  /** The configuration file, for a `rules` entry, an override, or a preset named in either. */
  file?: string;
  line?: number;
  /** For an unfixable rule: made so by a `fixable` list that does not name it (`--fixable` flags), not an `unfixable` entry. */
  notIn?: 'fixable';
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

/** Where an entry of a settings file is: the file and the entry's key path in it. */
type Place = readonly [ConfigFile, readonly (string | number)[]];

/**
 * Rule settings for one file: presets, then `rules` (ids or globs over ids), then every override whose `files`
 * match; a settings file named in `extends` gives all of these of its own where it is named. Options are validated
 * here, against each rule's own schema, so rules never validate their options.
 */
export class ResolvedConfig {
  private readonly cache = new Map<string, Map<string, RuleSetting>>();
  /** Created on the first rule options to validate: most runs have none. */
  private ajv: Ajv | undefined;
  readonly baseDir: string;
  /** The settings file and those it extends, each once, the file first. */
  readonly files: readonly ConfigFile[];
  /** Entries that name rules by a former id (rules/aliases.ts), one line each: the CLI warns of them once. */
  readonly deprecations: string[] = [];
  /** The Kubernetes version policies run in, as the settings file or one it extends names it. */
  readonly kubernetesVersion: ConfigFile['kubernetesVersion'];
  /** How admission policies see requests, as the settings file or one it extends says. */
  readonly admission: ConfigFile['admission'];
  /** How `platlint policy export` writes policies, as the settings file or one it extends says. */
  readonly exportSettings: ConfigFile['export'];

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
    this.files = file ? settingsFiles(file) : [];
    this.kubernetesVersion = file && inheritedSetting(file, 'kubernetesVersion');
    this.admission = file && inheritedSetting(file, 'admission');
    this.exportSettings = file && inheritedSetting(file, 'export');
    // Validate every entry up front: a bad config fails the run once, with all its mistakes, before any file is linted.
    const problems: string[] = [];
    for (const f of this.files) {
      this.apply(new Map(), f.rules, [f, ['rules']], problems);
      this.markUnfixable(new Map(), f.unfixable, [f, ['unfixable']], problems);
      this.markFixable(new Map(), f.fixable, [f, ['fixable']], problems);
      f.overrides?.forEach((o, i) => {
        this.apply(new Map(), o.rules, [f, ['overrides', i, 'rules']], problems);
        this.markUnfixable(new Map(), o.unfixable, [f, ['overrides', i, 'unfixable']], problems);
        this.markFixable(new Map(), o.fixable, [f, ['overrides', i, 'fixable']], problems);
      });
    }
    // Where no other file can be read (the playground), a settings file in `extends` is a mistake of its own.
    if (file && !file.bases) {
      for (const { entry, keyPath } of extendsEntries(file)) {
        if (!isPresetName(entry)) problems.push(`${this.placeOf([file, keyPath])}: no other settings file can be read here`);
      }
    }
    throwSettingsMistakes(file, problems);
  }

  private relativePath(filePath: string): string {
    return relativeTo(this.baseDir, resolve(this.cwd, filePath));
  }

  /** `ignore` of the settings file and those it extends, all relative to the settings file (the project's). */
  isIgnored(filePath: string): boolean {
    const patterns = this.files.flatMap((f) => f.ignore ?? []);
    return patterns.length > 0 && globMatches(this.relativePath(filePath), patterns, { dot: true });
  }

  /** The policy files and folders of the settings file and those it extends, each relative to the file naming it. */
  policyPaths(): string[] {
    return [...new Set(this.files.flatMap((f) => (f.policies ?? []).map((p) => resolve(dirname(f.path), p))))];
  }

  /**
   * Applies presets in order. `where` is the key path of the `extends` that names them (a name or a list of names),
   * for the sources `record` hears; the default `recommended` has none.
   */
  private applyPresets(settings: Map<string, RuleSetting>, presets: string | string[] | undefined, record?: SourceRecorder, where?: Place): void {
    for (const [index, name] of toList(presets).entries()) {
      if (!isPresetName(name)) continue;
      // Only print-config asks where settings come from: a lint run does not look up lines.
      const keyPath = record && where && (Array.isArray(presets) ? [...where[1], index] : where[1]);
      const source: SettingSource = { type: 'preset', name, ...(keyPath && where ? { file: where[0].path, line: where[0].locationOf(keyPath).line } : {}) };
      for (const [id, setting] of presetSettings(name, this.rules)) {
        settings.set(id, { ...settings.get(id), ...setting });
        record?.(id, source);
      }
    }
  }

  /** An entry's `file:line:col: key.path`, as each mistake or deprecation found in it starts. */
  private placeOf([file, keyPath]: Place): string {
    return `${file.position(keyPath)}: ${keyPath.join('.')}`;
  }

  /** A `rules` entry's place (`key`, its pattern) or an `unfixable` entry's (`key`, its index): a file's own, or an override's. */
  private entrySource([file, where]: Place, key: string | number): SettingSource {
    const at = { file: file.path, line: file.locationOf([...where, key]).line };
    const index = where[0] === 'overrides' ? where[1] : undefined;
    const override = typeof index === 'number' ? file.overrides?.[index] : undefined;
    return override ? { type: 'override', name: override.files.join(', '), ...at } : { type: 'config', ...at };
  }

  /**
   * Applies `rules` entries. With `problems` (validation, once per entry), each mistake is a line there and the
   * entry is skipped; without, invalid entries are skipped silently (they were reported when validating).
   */
  private apply(settings: Map<string, RuleSetting>, entries: Record<string, RuleEntry> | undefined, [file, where]: Place, problems?: string[], record?: SourceRecorder): void {
    for (const [pattern, entry] of Object.entries(entries ?? {})) {
      const at = this.placeOf([file, [...where, pattern]]);
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
        record?.(rule.meta.id, this.entrySource([file, where], pattern));
      }
    }
  }

  /**
   * The entries of an `unfixable` or `fixable` list that name a rule with fixes; with `problems` (validation, once per
   * entry), each other entry is a mistake there. A renamed rule's former id is a deprecation.
   */
  private fixEntries(patterns: readonly string[], [file, where]: Place, problems?: string[]): { pattern: string; index: number }[] {
    const out: { pattern: string; index: number }[] = [];
    patterns.forEach((pattern, index) => {
      const at = (): string => this.placeOf([file, [...where, index]]);
      const problem = noFixesProblem(pattern, this.rules);
      if (problem !== undefined) {
        if (this.idsKnown) problems?.push(`${at()}: ${problem}`);
        return;
      }
      const renamed = problems && renamedRulesNote(pattern, rulesMatching(pattern, this.rules).map((rule) => rule.meta.id));
      if (renamed) this.deprecations.push(`${at()}: ${renamed}`);
      out.push({ pattern, index });
    });
    return out;
  }

  /** Marks the rules `unfixable` entries name. `record` hears each rule the first time an entry marks it. */
  private markUnfixable(settings: Map<string, RuleSetting>, patterns: readonly string[] | undefined, place: Place, problems?: string[], record?: SourceRecorder): void {
    for (const { pattern, index } of this.fixEntries(patterns ?? [], place, problems)) {
      for (const rule of setUnfixable(settings, rulesMatching(pattern, this.rules))) record?.(rule.meta.id, this.entrySource(place, index));
    }
  }

  /** Marks the rules with fixes a `fixable` list does not name, when there is the list (`fixable: []` names none). */
  private markFixable(settings: Map<string, RuleSetting>, patterns: readonly string[] | undefined, place: Place, problems?: string[], record?: SourceRecorder): void {
    if (patterns === undefined) return;
    const named = this.fixEntries(patterns, place, problems).map(({ pattern }) => pattern);
    const [file, where] = place;
    const source = { ...this.entrySource([file, where.slice(0, -1)], 'fixable'), notIn: 'fixable' as const };
    for (const rule of setFixableOnly(settings, this.rules, named)) record?.(rule.meta.id, source);
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
    const key = [...overrides].map(([file, matching]) => `${this.files.indexOf(file)}:${matching.map(([, i]) => i).join(',')}`).join(' ');
    const cached = this.cache.get(key);
    if (cached) return cached;
    const { settings } = this.layer(overrides);
    this.cache.set(key, settings);
    return settings;
  }

  /** The settings of the file's top level (presets and `rules`), which no override changes: what applies beyond files. */
  topLevelSettings(): Map<string, RuleSetting> {
    return this.layer(new Map()).settings;
  }

  /** A file's settings with where each came from: what `platlint print-config` shows. */
  explain(filePath: string): ExplainedSettings {
    const sources = new Map<string, SettingSource>();
    const unfixable = new Map<string, SettingSource>();
    const { settings, presets } = this.layer(this.overridesFor(filePath), (id, source) => sources.set(id, source), (id, source) => unfixable.set(id, source));
    return { settings, sources, presets, unfixable };
  }

  /** The overrides of each settings file whose `files` (relative to the project's settings file) match a file. */
  private overridesFor(filePath: string): Map<ConfigFile, (readonly [Override, number])[]> {
    const out = new Map<ConfigFile, (readonly [Override, number])[]>();
    // Most configurations have no overrides: then no path needs computing for each file.
    if (!this.files.some((f) => f.overrides?.length)) return out;
    const rel = this.relativePath(filePath);
    for (const f of this.files) {
      const matching = (f.overrides ?? []).map((o, i) => [o, i] as const).filter(([o]) => globMatches(rel, o.files, { dot: true }));
      if (matching.length) out.set(f, matching);
    }
    return out;
  }

  /**
   * The settings file's `extends` in order (a preset, or a settings file it names, taken the same way), its `rules`,
   * and its matching overrides' presets and rules; the default `recommended` first when the project's own file names
   * no preset. Then `unfixable` and `fixable`, each file's top level's and matching overrides', which a later severity
   * or options entry does not undo.
   */
  private layer(overrides: ReadonlyMap<ConfigFile, readonly (readonly [Override, number])[]>, record?: SourceRecorder, recordUnfixable?: SourceRecorder): { settings: Map<string, RuleSetting>; presets: string[] } {
    const settings = new Map<string, RuleSetting>();
    const presets: string[] = [];
    const applied: ConfigFile[] = [];
    if (!toList(this.file?.extends).some(isPresetName)) {
      this.applyPresets(settings, DEFAULT_PRESET, record);
      presets.push(DEFAULT_PRESET);
    }
    const visit = (file: ConfigFile): void => {
      for (const { entry, index, keyPath } of extendsEntries(file)) {
        const base = file.bases?.get(index);
        if (base) visit(base);
        else {
          this.applyPresets(settings, entry, record, [file, keyPath]);
          presets.push(entry);
        }
      }
      this.apply(settings, file.rules, [file, ['rules']], undefined, record);
      for (const [override, i] of overrides.get(file) ?? []) {
        this.applyPresets(settings, override.extends, record, [file, ['overrides', i, 'extends']]);
        presets.push(...toList(override.extends));
        this.apply(settings, override.rules, [file, ['overrides', i, 'rules']], undefined, record);
      }
      applied.push(file);
    };
    if (this.file) visit(this.file);
    for (const file of applied) {
      this.markUnfixable(settings, file.unfixable, [file, ['unfixable']], undefined, recordUnfixable);
      this.markFixable(settings, file.fixable, [file, ['fixable']], undefined, recordUnfixable);
      for (const [override, i] of overrides.get(file) ?? []) {
        this.markUnfixable(settings, override.unfixable, [file, ['overrides', i, 'unfixable']], undefined, recordUnfixable);
        this.markFixable(settings, override.fixable, [file, ['overrides', i, 'fixable']], undefined, recordUnfixable);
      }
    }
    return { settings, presets: presets.filter(isPresetName) };
  }
}
