import { parseYaml, withLineFeeds } from '../yaml/parse.js';
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

/**
 * Whether every document of the text parses: no syntax error, no endless alias, no nesting past the limit.
 * Duplicate keys do not count: the document is still read (the last value wins) and linted.
 */
export function parsesCompletely(text: string): boolean {
  try {
    const parsed = parseYaml(withLineFeeds(text));
    return !parsed.tooDeep && parsed.documents.every((doc) => doc.errors.every((e) => e.code === 'DUPLICATE_KEY'));
  } catch {
    return false;
  }
}

export interface FixOutcome {
  text: string;
  result: FileResult;
  passes: number;
  /** Problems fixed: the diagnostics whose fixes were applied, over all passes. */
  fixed: number;
  /** The text does not parse completely, so it was left as it was. */
  refused: boolean;
}

export interface FixOptions {
  /** Picks the diagnostics whose fixes are applied (`--quiet`: the errors, those it reports); all by default. */
  wanted?: (d: Diagnostic) => boolean;
  /** The text's lint when the caller has it already (the CLI's first read, the editor's last lint): not made again. */
  linted?: FileResult;
}

/**
 * Lints, fixes and re-lints until nothing more can be fixed (at most ten passes, like ESLint). A text that does
 * not parse completely is not touched: the fixes of the documents that do parse would be made without knowing
 * what the broken part means. A pass whose result would not parse is dropped (a fix must never break a file).
 */
export function fixUntilStable(text: string, lint: (text: string) => FileResult, options: FixOptions = {}): FixOutcome {
  const { wanted = () => true } = options;
  let current = text;
  let result = options.linted ?? lint(current);
  if (!parsesCompletely(text)) return { text, result, passes: 0, fixed: 0, refused: true };
  let passes = 0;
  let fixed = 0;
  while (passes < MAX_FIX_PASSES) {
    const { text: next, applied } = applyFixes(current, result.diagnostics.filter(wanted));
    if (applied === 0 || next === current || !parsesCompletely(next)) break;
    passes++;
    fixed += applied;
    current = next;
    result = lint(current);
  }
  return { text: current, result, passes, fixed, refused: false };
}
