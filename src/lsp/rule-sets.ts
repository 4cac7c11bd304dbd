/**
 * The rules in force for each open file, as the CLI finds them: the nearest `.platlint.yaml` up from the file, its
 * presets, overrides and policies. Config and policy files are read from the editor's open buffers when they are
 * open, so that unsaved edits count; their mistakes become diagnostics on those files.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CONFIG_FILE_NAMES, ConfigError, fileOfMistake, isConfigFileName } from '../settings-file/load.js';
import { configProblems } from '../settings-file/problems.js';
import type { Diagnostic, FileResult } from '../engine/types.js';
import { loadRuleSet, type RuleSet } from '../project/rule-set.js';
import { readSettingsText } from '../project/config-file.js';

export function isInside(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export interface RuleSetHost {
  /** The text of the open buffer of an absolute path, or undefined when the file is not open. */
  openText(path: string): string | undefined;
  logError(what: string, error: unknown): void;
}

interface Entry {
  ruleSet: RuleSet;
  /** Problems by absolute file: the config file's own, `policy/invalid` in policy files. */
  problems: Map<string, Diagnostic[]>;
  policyPaths: string[];
  /** The settings files read: the config file and those it extends (absolute). */
  settingsPaths: string[];
}

/** Mistake lines by the settings file they are placed in (`/path/file:line:col: …`); a line that names none, the config file's. */
function byPlace(lines: readonly string[], config: string, files: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of lines) {
    const file = fileOfMistake(line, files) ?? config;
    out.set(file, [...(out.get(file) ?? []), line]);
  }
  return out;
}

/** Diagnostics by absolute file; policy problems name their files relative to the directory the rule set loaded from. */
export function byFile(results: readonly FileResult[], base: string): Map<string, Diagnostic[]> {
  const out = new Map<string, Diagnostic[]>();
  for (const r of results) {
    const file = resolve(base, r.file);
    if (r.diagnostics.length) out.set(file, [...(out.get(file) ?? []), ...r.diagnostics]);
  }
  return out;
}

export class RuleSets {
  private entries = new Map<string, Promise<Entry>>();
  private generation = 0;
  /** Counts loads and reloads: only after one can `problems()` say something new. */
  private changes = 0;

  /** For each file isSettingsFile was asked of, the loading of the configurations that may extend it. */
  private readonly askedOf = new Map<string, Promise<unknown>>();

  constructor(
    private readonly host: RuleSetHost,
    public roots: string[],
  ) {}

  rootFor(path: string): string {
    const inside = this.roots.filter((r) => isInside(path, r)).sort((a, b) => b.length - a.length);
    return inside[0] ?? dirname(path);
  }

  /** The nearest config file up from the file, an open (maybe unsaved, maybe new) buffer or a file on disk. */
  configFor(path: string): string | undefined {
    let dir = dirname(path);
    for (;;) {
      for (const name of CONFIG_FILE_NAMES) {
        const candidate = join(dir, name);
        if (this.host.openText(candidate) !== undefined || existsSync(candidate)) return candidate;
      }
      const parent = dirname(dir);
      if (parent === dir) return undefined;
      dir = parent;
    }
  }

  /** A config or policy file's unsaved text in the editor, or undefined to read the disk. */
  readonly readFile = (absolute: string): Uint8Array | undefined => {
    const text = this.host.openText(absolute);
    return text === undefined ? undefined : Buffer.from(text, 'utf8');
  };

  /** A settings file's text as loaded: the buffer's, else the disk's (for the extent of a mistake). */
  private settingsText(file: string): string | undefined {
    const read = readSettingsText(file, this.readFile);
    return 'text' in read ? read.text : undefined;
  }

  private async load(config: string | undefined, root: string): Promise<Entry> {
    const problems = new Map<string, Diagnostic[]>();
    const configMistakes: string[] = [];
    const cwd = config ? dirname(config) : root;
    let ruleSet: RuleSet;
    let settingsPaths: string[];
    try {
      ruleSet = await loadRuleSet(config ? { config, readFile: this.readFile } : { config: false }, cwd);
      settingsPaths = ruleSet.config.files.map((file) => file.path);
    } catch (error) {
      settingsPaths = error instanceof ConfigError ? [...error.files] : [];
      if (!(error instanceof ConfigError) || !config) this.host.logError('cannot load the configuration', error);
      // A config file's mistakes come all at once (ConfigError.lines): one diagnostic each, at its place.
      const lines = error instanceof ConfigError ? error.lines : [error instanceof Error ? error.message : String(error)];
      if (config) configMistakes.push(...lines.map((line) => `${line} (linting with the built-in defaults until it is fixed)`));
      ruleSet = await loadRuleSet({ config: false }, cwd);
    }
    for (const [file, list] of byFile(ruleSet.policies?.problems ?? [], cwd)) problems.set(file, list);
    // A policy path that cannot be read is a mistake in the config file, where it is named.
    for (const problem of ruleSet.policies?.problems ?? []) {
      if (!problem.ioError || !config) continue;
      const named = ruleSet.config.files.flatMap((file) => (file.policies ?? []).map((p, index) => ({ file, index, absolute: resolve(dirname(file.path), p) }))).find(({ absolute }) => absolute === resolve(cwd, problem.file));
      const at = named?.file.position(['policies', named.index]);
      configMistakes.push(`${at ?? `${config}:1:1`}: policies: ${problem.file}: ${problem.ioError}`);
    }
    if (config) {
      for (const [file, lines] of byPlace(configMistakes, config, settingsPaths)) problems.set(file, [...(problems.get(file) ?? []), ...configProblems(file, this.settingsText(file), lines)]);
    }
    return { ruleSet, problems, policyPaths: ruleSet.config.policyPaths(), settingsPaths };
  }

  private entryFor(path: string): Promise<Entry> {
    const config = this.configFor(path);
    const key = config ?? `\u0000${this.rootFor(path)}`;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = this.load(config, config ? dirname(config) : this.rootFor(path));
      this.entries.set(key, entry);
      this.changes++;
    }
    return entry;
  }

  /** The rule set for a file; a reload while it loaded gives the newer one. */
  async ruleSetFor(path: string): Promise<RuleSet> {
    for (;;) {
      const current = this.generation;
      const entry = await this.entryFor(path);
      if (current === this.generation) return entry.ruleSet;
    }
  }

  /** Changes when a rule set is loaded or all are forgotten: only then can `problems()` say something new. */
  get revision(): number {
    return this.changes;
  }

  /** Forgets every loaded rule set: the next lint loads them again, from the buffers and the disk as they are now. */
  reload(): void {
    this.generation++;
    this.changes++;
    this.entries.clear();
    this.askedOf.clear();
  }

  private async loaded(): Promise<Entry[]> {
    const settled = await Promise.allSettled([...this.entries.values()]);
    return settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  }

  /** Config and policy problems of every loaded rule set, by absolute file. */
  async problems(): Promise<Map<string, Diagnostic[]>> {
    const out = new Map<string, Diagnostic[]>();
    const seen = new Set<string>();
    for (const entry of await this.loaded()) {
      for (const [file, list] of entry.problems) {
        for (const d of list) {
          const key = JSON.stringify([file, d.ruleId, d.line, d.column, d.message]);
          if (seen.has(key)) continue;
          seen.add(key);
          out.set(file, [...(out.get(file) ?? []), d]);
        }
      }
    }
    return out;
  }

  /** Every rule set loaded so far. */
  async loadedRuleSets(): Promise<RuleSet[]> {
    return (await this.loaded()).map((e) => e.ruleSet);
  }

  /** The URI of a policy file as a rule set names it (relative to its config file's directory). */
  static policyFileUri(ruleSet: RuleSet, file: string): string {
    return pathToFileURL(resolve(ruleSet.config.baseDir, file)).href;
  }

  /** A policy file's (an absolute path's) problems, as a loaded rule set found them, and the text their offsets are into. */
  async policyFileProblems(path: string): Promise<{ text: string; diagnostics: Diagnostic[] } | undefined> {
    for (const { ruleSet } of await this.loaded()) {
      // Named relative to the config file's directory, as policyFileUri reads them.
      const result = ruleSet.policies?.problems.find((r) => resolve(ruleSet.config.baseDir, r.file) === path);
      const text = result && ruleSet.policies?.sourceText(result.file);
      if (result && text !== undefined) return { text, diagnostics: result.diagnostics };
    }
    return undefined;
  }

  /** Policy files and directories of the loaded rule sets, and the settings files their config files extend. */
  async watchedPaths(): Promise<string[]> {
    return [...new Set((await this.loaded()).flatMap((e) => [...e.policyPaths, ...e.settingsPaths.filter((path) => !isConfigFileName(path))]))];
  }

  /** A config file, or a settings file a loaded configuration extends: its keys are settings, not a manifest's. */
  async isSettingsFile(path: string): Promise<boolean> {
    if (isConfigFileName(path)) return true;
    const known = async (): Promise<boolean> => (await this.loaded()).some((e) => e.settingsPaths.includes(path));
    if (await known()) return true;
    // Opened before any file of the project: the configurations that may extend it are loaded first, the nearest one
    // up from it and each workspace root's, as opening a manifest there would; once per file until a reload, since
    // completion asks at every keystroke.
    let loading = this.askedOf.get(path);
    if (!loading) {
      loading = Promise.allSettled([path, ...this.roots.map((root) => join(root, basename(path)))].map((file) => this.entryFor(file)));
      this.askedOf.set(path, loading);
    }
    await loading;
    return known();
  }

  /** A config file, a settings file one extends, or a file under a loaded rule set's policy paths: editing it changes the rules. */
  async isRuleSetFile(path: string): Promise<boolean> {
    if (isConfigFileName(path)) return true;
    return (await this.watchedPaths()).some((p) => isInside(path, p));
  }
}
