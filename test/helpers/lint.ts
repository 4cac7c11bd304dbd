import { builtinRules } from '../../rules/index.js';
import { docsUrlFor } from '../../src/engine/docs.js';
import { lintText } from '../../src/engine/lint.js';
import { presetSettings, type PresetName } from '../../src/engine/presets.js';
import type { RuleSetting } from '../../src/engine/settings.js';
import type { Diagnostic, FileResult } from '../../src/engine/types.js';

export interface LintHelperOptions {
  preset?: PresetName;
  rules?: Record<string, RuleSetting['severity']>;
  filename?: string;
  withFrames?: boolean;
}

export function lintResult(text: string, options: LintHelperOptions = {}): FileResult {
  const settings = presetSettings(options.preset ?? 'recommended', builtinRules);
  for (const [id, severity] of Object.entries(options.rules ?? {})) settings.set(id, { severity });
  return lintText(text, {
    filename: options.filename ?? 'test.yaml',
    rules: builtinRules,
    settings,
    docsUrl: docsUrlFor,
    withFrames: options.withFrames ?? false,
  });
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

/** `# expect: a/b, c/d` at the end of a line: those rules must report a diagnostic starting on that line. */
export function expectedMarkers(text: string): Set<string> {
  const out = new Set<string>();
  text.split('\n').forEach((line, i) => {
    const match = /#\s*expect:\s*([^#]+)$/.exec(line);
    if (!match?.[1]) return;
    for (const id of match[1].split(',')) if (id.trim()) out.add(`${i + 1} ${id.trim()}`);
  });
  return out;
}
