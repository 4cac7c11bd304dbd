import type { Diagnostic, Severity } from '../engine/types.js';
import { painter, terminalText, type Style } from './ansi.js';
import { RuleStatistics, statisticsTable } from './statistics.js';
import { formatterOf, lintedFiles, plural, type ReportWriterFactory, type Summary, type FormatModule } from './summary.js';

const SEVERITY_STYLE: Record<Severity, Style> = { error: 'red', warning: 'yellow', info: 'blue' };

/** ESLint's "N errors and M warnings are fixable with the `--fix` option", with infos when there are any. */
function fixableLine(s: Summary): string | undefined {
  if (s.fixableErrors + s.fixableWarnings + s.fixableInfos === 0) return undefined;
  const counts = [plural(s.fixableErrors, 'error'), plural(s.fixableWarnings, 'warning')];
  if (s.fixableInfos) counts.push(plural(s.fixableInfos, 'info'));
  const list = counts.length === 3 ? `${counts[0]}, ${counts[1]} and ${counts[2]}` : `${counts[0]} and ${counts[1]}`;
  return `  ${list} fixable with the \`--fix\` option.`;
}

/** Ruff's "(3 fixed, …)": what `--fix` did (or, dry, would do), which the counts of what remains do not show. */
function fixedLine(s: Summary, dryRun: boolean): string | undefined {
  if (!s.fixed) return undefined;
  const counts = `${plural(s.fixed, 'problem')} in ${plural(s.fixedFiles, 'file')}`;
  return dryRun ? `✔ --fix would fix ${counts}.` : `✔ Fixed ${counts}.`;
}

/** "12 suppressed by the baseline, 2 by exceptions.", or undefined when nothing was. */
function suppressedLine(s: Summary): string | undefined {
  const { baseline, exception } = s.suppressed;
  const parts: string[] = [];
  if (baseline) parts.push(`${baseline} suppressed by the baseline`);
  if (exception) parts.push(`${exception} ${parts.length ? '' : 'suppressed '}by ${exception === 1 ? 'an exception' : 'exceptions'}`);
  return parts.length ? `${parts.join(', ')}.` : undefined;
}

/** The diagnostic's line(s) with the line before, a `>` on the first reported line and carets under the range. */
function codeFrame(d: Diagnostic, lines: ReadonlyMap<number, string>, paint: ReturnType<typeof painter>): string[] {
  const first = lines.get(d.line);
  if (first === undefined) return [];
  const width = String(d.line + 1).length;
  const out: string[] = [];
  const gutter = (n: number | '', marker: string): string => `  ${marker} ${String(n).padStart(width)} | `;
  const before = lines.get(d.line - 1);
  if (before !== undefined) out.push(paint('dim', gutter(d.line - 1, ' ')) + terminalText(before));
  out.push(gutter(d.line, '>') + terminalText(first));
  const endColumn = d.endLine === d.line ? d.endColumn : first.length + 1;
  const caretStart = Math.max(0, d.column - 1);
  const carets = '^'.repeat(Math.max(1, Math.min(endColumn, first.length + 1) - d.column));
  out.push(paint('dim', gutter('', ' ')) + ' '.repeat(caretStart) + paint(SEVERITY_STYLE[d.severity], carets));
  return out;
}

/** `--verbose`: a skipped file, document or list item with the reason it is not linted. */
interface SkipEntry {
  file: string;
  line: number;
  path: string;
  reason: string;
}

/**
 * ESLint's stylish report: a block per file with problems as it is linted; at the end, with `--verbose`, what was
 * skipped and why (only those entries are kept until then), and the counts.
 */
export const createStylishWriter: ReportWriterFactory = (context) => {
  const paint = painter(context.color);
  const skips: SkipEntry[] = [];
  const statistics = context.statistics ? new RuleStatistics() : undefined;
  return {
    start: () => '',
    file: (result) => {
      statistics?.add(result);
      if (context.verbose) for (const skip of result.skips ?? []) skips.push({ file: result.file, line: skip.line, path: skip.path, reason: skip.reason });
      if (result.diagnostics.length === 0) return '';
      const out: string[] = [paint('underline', terminalText(result.file))];
      for (const d of result.diagnostics) {
        const where = `${d.line}:${d.column}`.padEnd(7);
        out.push(`  ${paint('dim', where)}  ${paint(SEVERITY_STYLE[d.severity], d.severity.padEnd(7))}  ${terminalText(d.message)}  ${paint('dim', terminalText(d.ruleId))}`);
        const frame = result.frameLines ? codeFrame(d, result.frameLines, paint) : [];
        // The note goes under the frame, dimmed, as rustc's notes: the eye reads message, place, then explanation.
        const note = d.note ? [paint('dim', `    note: ${terminalText(d.note)}`)] : [];
        if (frame.length) out.push('', ...frame, ...note, '');
        else out.push(...note);
      }
      out.push('');
      return out.join('\n') + '\n';
    },
    end: (s) => {
      const out: string[] = context.verbose ? skippedListing(skips, paint) : [];
      const fixed = fixedLine(s, context.fixDryRun === true);
      if (fixed) out.push(paint('green', fixed));
      const problems = s.errors + s.warnings + s.infos;
      // Skipped files (no platform object, policy test fixtures) were read but not linted: counted apart.
      const skipped = s.skippedFiles ? `, ${plural(s.skippedFiles, 'file')} skipped${context.verbose ? '' : ' (--verbose lists them)'}` : '';
      const linted = plural(lintedFiles(s), 'file');
      if (problems > 0) {
        const files = `${plural(s.filesWithProblems, 'file')} with problems (${linted} linted)`;
        const line = `✖ ${plural(problems, 'problem')} (${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}, ${plural(s.infos, 'info')}) in ${files}${skipped}`;
        out.push(paint(s.errors ? 'red' : 'yellow', paint('bold', line)));
        const fixable = fixableLine(s);
        if (fixable) out.push(paint(s.errors ? 'red' : 'yellow', fixable));
        const suppressed = suppressedLine(s);
        if (suppressed) out.push(`  ${suppressed}`);
        if (statistics) out.push('', ...statisticsTable(statistics.rows(), context.ruleInfo));
        return out.join('\n') + '\n';
      }
      // A clean run stays silent, as linters do; --verbose says what was looked at. What a baseline or exceptions
      // hide is said all the same: the run is clean only thanks to them.
      const suppressed = suppressedLine(s);
      if (context.verbose) {
        out.push(`No problems in ${linted} linted${skipped}.`, ...(suppressed ? [suppressed] : []));
        return out.join('\n') + '\n';
      }
      if (suppressed) out.push(suppressed);
      return out.length ? out.join('\n') + '\n' : '';
    },
  };
};

export const formatStylish = formatterOf(createStylishWriter);

function skippedListing(skips: readonly SkipEntry[], paint: ReturnType<typeof painter>): string[] {
  const lines = skips.map((skip) => `  ${terminalText(skip.file)}:${skip.line}${skip.path ? ` ${terminalText(skip.path)}` : ''}  ${paint('dim', terminalText(skip.reason))}`);
  return lines.length ? ['Skipped, not linted:', ...lines, ''] : [];
}

export const format: FormatModule = { formatter: formatStylish, createWriter: createStylishWriter };
