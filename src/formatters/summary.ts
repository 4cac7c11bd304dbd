import type { FileResult, SeveritySetting } from '../engine/types.js';

export interface Summary {
  files: number;
  documents: number;
  skipped: number;
  errors: number;
  warnings: number;
  infos: number;
}

export function summarize(results: readonly FileResult[]): Summary {
  const summary: Summary = { files: results.length, documents: 0, skipped: 0, errors: 0, warnings: 0, infos: 0 };
  for (const result of results) {
    summary.documents += result.documents;
    summary.skipped += result.skipped;
    for (const d of result.diagnostics) {
      if (d.severity === 'error') summary.errors++;
      else if (d.severity === 'warning') summary.warnings++;
      else summary.infos++;
    }
  }
  return summary;
}

export interface FormatContext {
  /** ANSI colours (stylish only). */
  color: boolean;
  /** Working directory, for relative paths and URIs. */
  cwd: string;
  /** Rule metadata for formats that describe rules (SARIF). */
  ruleInfo?: (ruleId: string) => { description: string; docsUrl?: string; severity?: SeveritySetting } | undefined;
  /** platlint's version, for formats that name the tool (SARIF). */
  toolVersion?: string;
}

export type Formatter = (results: readonly FileResult[], context: FormatContext) => string;
