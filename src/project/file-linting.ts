/**
 * Linting one file of a project, the same way for the CLI (src/cli/lint-command.ts), its lint workers
 * (src/cli/parallel.ts) and the language server (src/lsp/session.ts): the file's settings (the configuration's, with
 * the severity overrides on top), its `embedded` entries, its suppressions, and its bytes, read as bytes and decoded
 * by the engine, so that a binary or UTF-16 file gets the same diagnostic wherever it is linted (from disk:
 * `lintFile` in ./files.ts; in the playground, from its editor).
 */
import type { Suppressor } from '../engine/reporter.js';
import type { LintOptions } from '../engine/lint.js';
import type { RuleSettings } from '../engine/settings.js';
import type { RulesInForce } from './rules-in-force.js';
import { withOverrides, type RuleOverride } from './settings.js';

export interface ProjectLinting {
  ruleSet: RulesInForce;
  /** `--rule` and `--unfixable` flags, the editor's `platlint.rules` and `platlint.unfixable`: applied over the configuration's settings, in order. */
  overrides: readonly RuleOverride[];
  /** The baseline's and exceptions' hold on a file, if any. */
  suppressorFor(file: string): Suppressor | undefined;
  /** Keep source lines for code frames (stylish). */
  withFrames?: boolean;
  /** `--timing`: measure each rule. */
  timing?: boolean;
  /** False with `--no-inline-directives`. */
  inlineDirectives?: boolean;
}

/** A file's rule settings; files that share their overrides of the configuration share one map. */
export function settingsOf(linting: Pick<ProjectLinting, 'ruleSet' | 'overrides'>, file: string): RuleSettings {
  const { ruleSet } = linting;
  return withOverrides(ruleSet.config.settingsFor(file), linting.overrides, ruleSet.rules);
}

/** Everything linting a file takes besides its text. */
export function lintOptionsFor(linting: ProjectLinting, file: string): LintOptions {
  const { ruleSet } = linting;
  const embedded = ruleSet.config.embeddedFor(file);
  const suppressor = linting.suppressorFor(file);
  return {
    filename: file,
    rules: ruleSet.rules,
    settings: settingsOf(linting, file),
    docsUrl: (id) => ruleSet.docsUrl(id),
    ...(linting.withFrames ? { withFrames: true } : {}),
    ...(linting.timing ? { timing: true } : {}),
    ...(linting.inlineDirectives === false ? { inlineDirectives: false } : {}),
    ...(embedded.length ? { embedded } : {}),
    ...(suppressor ? { suppressor } : {}),
  };
}
