import { builtinRules } from '../../rules/index.js';
import { docsUrlFor } from '../../src/engine/docs.js';
import { ChangeContext } from '../../src/change/context.js';
import { lintText, type LintOptions } from '../../src/engine/lint.js';
import { lintPatch } from '../../src/patch/lint.js';
import { presetSettings, type PresetName } from '../../src/engine/presets.js';
import type { RuleSetting } from '../../src/engine/settings.js';
import type { Diagnostic, FileResult, Rule } from '../../src/engine/types.js';
import { useNodeHost } from '../../src/project/node-host.js';

// The core reads certificates with what the program installs; the tests run it as the CLI does, on Node.
useNodeHost();

export interface LintHelperOptions {
  preset?: PresetName;
  /** Severities over the preset's, by rule id (policy rules' too). */
  rules?: Record<string, RuleSetting['severity']>;
  /** Loaded policy files (`loadPolicyPaths`): their rules run with the built-in ones, as the `policies` of `.platlint.yaml` do. */
  policies?: { readonly rules: readonly Rule[] };
  filename?: string;
  withFrames?: boolean;
  /** Lint the text as an update of this previous version (as `platlint diff` does). */
  previous?: string;
  /** False: every rule runs on every document, whatever its `meta.sections`. */
  pruneSections?: boolean;
  /** The `embedded` entries (.platlint.yaml) that match the file. */
  embedded?: LintOptions['embedded'];
}

/** The rules in force and their settings: the built-in rules and the policies' under the preset, then `rules`. */
function ruleSet(options: LintHelperOptions): Pick<LintOptions, 'rules' | 'settings'> {
  const rules: readonly Rule[] = options.policies ? [...builtinRules, ...options.policies.rules] : builtinRules;
  const settings = presetSettings(options.preset ?? 'recommended', rules);
  for (const [id, severity] of Object.entries(options.rules ?? {})) settings.set(id, { severity });
  return { rules, settings };
}

export function lintResult(text: string, options: LintHelperOptions = {}): FileResult {
  const filename = options.filename ?? 'test.yaml';
  const { previous } = options;
  const change = previous === undefined ? undefined : new ChangeContext({ text: () => previous, files: () => ['old.yaml'], oldPathOf: () => 'old.yaml' });
  return lintText(text, {
    filename,
    ...ruleSet(options),
    docsUrl: docsUrlFor,
    withFrames: options.withFrames ?? false,
    ...(change ? { previousOf: change.previousFor(filename, text) } : {}),
    ...(options.pruneSections === false ? { pruneSections: false } : {}),
    ...(options.embedded ? { embedded: options.embedded } : {}),
  });
}

/** `platlint patch`: the diagnostics of the patch file and of the base, in that order. */
export function lintPatchFiles(base: string, patch: string, options: LintHelperOptions = {}): { patch: Diagnostic[]; base: Diagnostic[] } {
  const { results } = lintPatch({ file: 'base.yaml', text: base }, { file: 'patch.yaml', text: patch }, {
    ...ruleSet(options),
    docsUrl: docsUrlFor,
    ...(options.pruneSections === false ? { pruneSections: false } : {}),
  });
  return { patch: results[0]?.diagnostics ?? [], base: results[1]?.diagnostics ?? [] };
}

export function lint(text: string, options: LintHelperOptions = {}): Diagnostic[] {
  return lintResult(text, options).diagnostics;
}

/** `[ruleId, line, column, endLine, endColumn]` tuples: what tests pin exactly. */
export function spans(diagnostics: readonly Diagnostic[]): [string, number, number, number, number][] {
  return diagnostics.map((d) => [d.ruleId, d.line, d.column, d.endLine, d.endColumn]);
}

export function ids(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => d.ruleId);
}

/** The `# expect:` markers of the built-in fixtures are those of policy test fixtures. */
export { expectedMarkers } from '../../src/project/fixture-check.js';
