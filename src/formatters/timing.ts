import type { FileResult } from '../engine/types.js';
import { plural } from './summary.js';

/** One file's timings over the lint passes `--fix` made of it (it lints again after each round of fixes). */
export function timingsOfPasses(passes: readonly Pick<FileResult, 'timings'>[]): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const pass of passes) for (const [id, ms] of Object.entries(pass.timings ?? {})) sum[id] = (sum[id] ?? 0) + ms;
  return sum;
}

/** `--timing`: what each rule took over a run, summed file by file as the results come. */
export class RuleTimings {
  private readonly byRule = new Map<string, number>();
  /** Files whose results came with timings: those linted (not the unreadable ones). */
  files = 0;

  add(timings: Readonly<Record<string, number>>): void {
    this.files++;
    for (const [id, ms] of Object.entries(timings)) this.byRule.set(id, (this.byRule.get(id) ?? 0) + ms);
  }

  /**
   * ESLint's TIMING table (rule, time in ms, share of all rules' time) of the `limit` slowest rules, slowest first,
   * and a line with the rules' total.
   */
  table(limit: number): string {
    const rows = [...this.byRule].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const total = rows.reduce((sum, [, ms]) => sum + ms, 0);
    const shown = rows.slice(0, limit).map(([id, ms]) => [id, ms.toFixed(3), `${total > 0 ? ((ms * 100) / total).toFixed(1) : '0.0'}%`] as const);
    const header = ['Rule', 'Time (ms)', 'Relative'] as const;
    const widths = header.map((title, i) => Math.max(title.length, ...shown.map((row) => row[i]?.length ?? 0)));
    const [rule = 0, time = 0, relative = 0] = widths;
    const line = (cells: readonly [string, string, string]): string => `${cells[0].padEnd(rule)} | ${cells[1].padStart(time)} | ${cells[2].padStart(relative)}`;
    const rulesLine = `${plural(rows.length, 'rule')} ran for ${total.toFixed(3)} ms on ${plural(this.files, 'file')}${rows.length > limit ? `; the ${limit} slowest above` : ''}.`;
    // ESLint's alignment row: the first column left-aligned, the others right-aligned.
    const alignment = `:${'-'.repeat(rule)}|${'-'.repeat(time + 1)}:|${'-'.repeat(relative)}:`;
    return [line(header), alignment, ...shown.map(line), '', rulesLine].join('\n');
  }
}
