import { dirname, relative, resolve, sep } from 'node:path';
import type { Ajv } from 'ajv';
import micromatch from 'micromatch';
import { createAjv } from '../schema/ajv.js';
import { isPresetName, presetSettings } from '../engine/presets.js';
import { severityFromWord, type RuleSetting } from '../engine/settings.js';
import type { Rule } from '../engine/types.js';
import { ConfigError, type ConfigFile, type RuleEntry } from './load.js';

function toList(value: string | string[] | undefined): string[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
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

  constructor(
    readonly file: ConfigFile | undefined,
    private readonly rules: readonly Rule[],
    cwd: string,
  ) {
    this.baseDir = file ? dirname(file.path) : cwd;
    // Validate every entry up front: a bad config fails the run once, before any file is linted.
    this.apply(new Map(), file?.rules, ['rules']);
    file?.overrides?.forEach((o, i) => this.apply(new Map(), o.rules, ['overrides', i, 'rules']));
    for (const preset of [...toList(file?.extends), ...(file?.overrides ?? []).flatMap((o) => toList(o.extends))]) {
      if (!isPresetName(preset)) throw new ConfigError(`${file?.position(['extends']) ?? ''}: extends: unknown preset "${preset}"`);
    }
  }

  private relativePath(filePath: string): string {
    return relative(this.baseDir, resolve(filePath)).split(sep).join('/');
  }

  isIgnored(filePath: string): boolean {
    const patterns = this.file?.ignore ?? [];
    return patterns.length > 0 && micromatch.isMatch(this.relativePath(filePath), patterns, { dot: true });
  }

  policyPaths(): string[] {
    return (this.file?.policies ?? []).map((p) => resolve(this.baseDir, p));
  }

  private applyPresets(settings: Map<string, RuleSetting>, presets: string[]): void {
    for (const name of presets) {
      if (!isPresetName(name)) continue;
      for (const [id, setting] of presetSettings(name, this.rules)) settings.set(id, { ...settings.get(id), ...setting });
    }
  }

  private apply(settings: Map<string, RuleSetting>, entries: Record<string, RuleEntry> | undefined, where: (string | number)[]): void {
    for (const [pattern, entry] of Object.entries(entries ?? {})) {
      const at = `${this.file?.position([...where, pattern]) ?? ''}: ${[...where, pattern].join('.')}`;
      const matched = this.rules.filter((r) => r.meta.id === pattern || micromatch.isMatch(r.meta.id, pattern));
      if (matched.length === 0) throw new ConfigError(`${at}: matches no rule (see platlint rules)`);
      const [word, options] = Array.isArray(entry) ? entry : [entry, undefined];
      const severity = severityFromWord(word);
      if (!severity) throw new ConfigError(`${at}: unknown severity "${String(word)}"`);
      for (const rule of matched) {
        if (options !== undefined) {
          if (!rule.meta.optionsSchema) throw new ConfigError(`${at}: rule ${rule.meta.id} takes no options`);
          this.ajv ??= createAjv({ allErrors: true, strict: false, useDefaults: true });
          const validate = this.ajv.compile(rule.meta.optionsSchema);
          const copy = structuredClone(options);
          if (!validate(copy)) {
            const error = validate.errors?.[0];
            throw new ConfigError(`${at}: invalid options for ${rule.meta.id}: ${error?.instancePath || '(options)'} ${error?.message ?? ''}`.trim());
          }
          settings.set(rule.meta.id, { severity, options: copy });
        } else {
          settings.set(rule.meta.id, { ...settings.get(rule.meta.id), severity });
        }
      }
    }
  }

  /** Settings for a file; files sharing the same set of matching overrides share one map. */
  settingsFor(filePath: string): Map<string, RuleSetting> {
    // Most configurations have no overrides: then no path needs computing for each file.
    const all = this.file?.overrides ?? [];
    const rel = all.length ? this.relativePath(filePath) : '';
    const overrides = all.map((o, i) => [o, i] as const).filter(([o]) => micromatch.isMatch(rel, o.files, { dot: true }));
    const key = overrides.map(([, i]) => i).join(',');
    const cached = this.cache.get(key);
    if (cached) return cached;
    const settings = new Map<string, RuleSetting>();
    this.applyPresets(settings, toList(this.file?.extends).length ? toList(this.file?.extends) : ['recommended']);
    this.apply(settings, this.file?.rules, ['rules']);
    for (const [override, i] of overrides) {
      this.applyPresets(settings, toList(override.extends));
      this.apply(settings, override.rules, ['overrides', i, 'rules']);
    }
    this.cache.set(key, settings);
    return settings;
  }
}
