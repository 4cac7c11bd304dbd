/** The JSON report of a run, as the change and patch tests read it. */

export interface JsonDiagnostic {
  ruleId: string;
  severity: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  path: string;
  message: string;
  note?: string;
  introduced?: boolean;
}
export interface JsonSuppressed extends JsonDiagnostic {
  by: 'baseline' | 'exception';
  reason?: string;
}
export interface JsonReport {
  results: { file: string; diagnostics: JsonDiagnostic[]; suppressed?: JsonSuppressed[] }[];
  summary: { errors: number; warnings: number; infos: number; suppressed: { baseline: number; exception: number } };
}

export function report(stdout: string): JsonReport {
  return JSON.parse(stdout) as JsonReport;
}

/** `ruleId:severity` of each diagnostic of a JSON report, in report order. */
export function ruleIdsAndSeverities(stdout: string): string[] {
  return report(stdout).results.flatMap((r) => r.diagnostics.map((d) => `${d.ruleId}:${d.severity}`));
}

/** `[ruleId, severity, line, column, endLine, endColumn]` of the diagnostics whose id starts with one of `prefixes`. */
export function spans(stdout: string, prefixes: readonly string[] = ['change/', 'patch/']): [string, string, number, number, number, number][] {
  return report(stdout)
    .results.flatMap((r) => r.diagnostics)
    .filter((d) => prefixes.some((p) => d.ruleId.startsWith(p)))
    .map((d) => [d.ruleId, d.severity, d.line, d.column, d.endLine, d.endColumn]);
}
