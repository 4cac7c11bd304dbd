import type { FileResult, SeveritySetting } from '../engine/types.js';

export interface Summary {
  files: number;
  documents: number;
  /** Documents and list items that are not platform objects. */
  skipped: number;
  /** Files in which nothing was a platform object (templated YAML, other tools' files). */
  skippedFiles: number;
  errors: number;
  warnings: number;
  infos: number;
}

export function summarize(results: readonly FileResult[]): Summary {
  const summary: Summary = { files: results.length, documents: 0, skipped: 0, skippedFiles: 0, errors: 0, warnings: 0, infos: 0 };
  for (const result of results) {
    summary.documents += result.documents;
    summary.skipped += result.skipped;
    if (result.skippedFile) summary.skippedFiles++;
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
  /** `--verbose`: list what was skipped and why (stylish). */
  verbose?: boolean;
}

export type Formatter = (results: readonly FileResult[], context: FormatContext) => string;
