import type { FileResult } from '../engine/types.js';
import type { RuleInfo } from './summary.js';

/** One row of `--statistics`: a rule that reported in this run, how often, and how many of those `--fix` fixes. */
export interface RuleStatistic {
  ruleId: string;
  count: number;
  fixable: number;
}

/** Per-rule counts of a run's reported diagnostics, gathered file by file as the reports are written. */
export class RuleStatistics {
  private readonly byRule = new Map<string, RuleStatistic>();

  add(result: FileResult): void {
    for (const d of result.diagnostics) {
      let row = this.byRule.get(d.ruleId);
      if (!row) {
        row = { ruleId: d.ruleId, count: 0, fixable: 0 };
        this.byRule.set(d.ruleId, row);
      }
      row.count++;
      if (d.fix) row.fixable++;
    }
  }

  /** The most frequent rule first (what to plan the clean-up around); equal counts by rule id. */
  rows(): RuleStatistic[] {
    return [...this.byRule.values()].sort((a, b) => b.count - a.count || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0));
  }
}

/** The `--statistics` table of the stylish report: count, fixable, rule id and the rule's description, aligned. */
export function statisticsTable(rows: readonly RuleStatistic[], ruleInfo: ((ruleId: string) => RuleInfo | undefined) | undefined): string[] {
  if (rows.length === 0) return [];
  const countWidth = Math.max('count'.length, ...rows.map((r) => String(r.count).length));
  const fixableWidth = Math.max('fixable'.length, ...rows.map((r) => String(r.fixable).length));
  const idWidth = Math.max('rule'.length, ...rows.map((r) => r.ruleId.length));
  const line = (count: string, fixable: string, id: string, description: string): string =>
    `  ${count.padStart(countWidth)}  ${fixable.padStart(fixableWidth)}  ${id.padEnd(idWidth)}  ${description}`.trimEnd();
  return [
    'Problems by rule:',
    line('count', 'fixable', 'rule', 'description'),
    ...rows.map((r) => line(String(r.count), String(r.fixable), r.ruleId, ruleInfo?.(r.ruleId)?.description ?? '')),
  ];
}
