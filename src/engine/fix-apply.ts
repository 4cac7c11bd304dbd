import type { Diagnostic, FileResult, TextEdit } from './types.js';

export const MAX_FIX_PASSES = 10;

/** Applies the fixes that do not overlap, first come first served; the rest wait for the next pass. */
export function applyFixes(text: string, diagnostics: readonly Diagnostic[]): { text: string; applied: number } {
  const groups = diagnostics
    .flatMap((d) => (d.fix && d.fix.edits.length ? [[...d.fix.edits].sort((a, b) => a.start - b.start)] : []))
    .sort((a, b) => (a[0]?.start ?? 0) - (b[0]?.start ?? 0));
  const accepted: TextEdit[] = [];
  let applied = 0;
  let lastEnd = -1;
  for (const group of groups) {
    const first = group[0];
    if (!first || first.start < lastEnd) continue;
    accepted.push(...group);
    lastEnd = Math.max(...group.map((e) => e.end));
    applied++;
  }
  let out = text;
  for (const edit of accepted.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return { text: out, applied };
}

/** Lints, fixes and re-lints until nothing more can be fixed (at most ten passes, like ESLint). */
export function fixUntilStable(text: string, lint: (text: string) => FileResult): { text: string; result: FileResult; passes: number } {
  let current = text;
  let result = lint(current);
  let passes = 0;
  while (passes < MAX_FIX_PASSES) {
    const { text: next, applied } = applyFixes(current, result.diagnostics);
    if (applied === 0 || next === current) break;
    passes++;
    current = next;
    result = lint(current);
  }
  return { text: current, result, passes };
}
