import type { FileResult, RuleMeta, SeveritySetting } from '../engine/types.js';

export interface Summary {
  /** Files linted (and files that could not be read). */
  files: number;
  /** Files with at least one diagnostic, or that could not be read. */
  filesWithProblems: number;
  documents: number;
  /** Documents and list items that are not platform objects. */
  skipped: number;
  /** Files in which nothing was a platform object (templated YAML, other tools' files). */
  skippedFiles: number;
  errors: number;
  warnings: number;
  infos: number;
  /** Diagnostics that `--fix` can fix, by severity. */
  fixableErrors: number;
  fixableWarnings: number;
  fixableInfos: number;
}

export function summarize(results: readonly FileResult[]): Summary {
  const summary: Summary = {
    files: results.length, filesWithProblems: 0, documents: 0, skipped: 0, skippedFiles: 0, errors: 0, warnings: 0, infos: 0, fixableErrors: 0, fixableWarnings: 0, fixableInfos: 0,
  };
  for (const result of results) {
    summary.documents += result.documents;
    summary.skipped += result.skipped;
    if (result.skippedFile) summary.skippedFiles++;
    if (result.diagnostics.length > 0 || result.ioError !== undefined) summary.filesWithProblems++;
    for (const d of result.diagnostics) {
      if (d.severity === 'error') {
        summary.errors++;
        if (d.fix) summary.fixableErrors++;
      } else if (d.severity === 'warning') {
        summary.warnings++;
        if (d.fix) summary.fixableWarnings++;
      } else {
        summary.infos++;
        if (d.fix) summary.fixableInfos++;
      }
    }
  }
  return summary;
}

/** What a format may say about a rule beyond its id. */
export interface RuleInfo {
  description: string;
  docsUrl?: string;
  severity?: SeveritySetting;
  /** Its documentation page (Markdown). */
  doc?: string;
  category?: string;
  sources?: readonly string[];
}

/** The rule info the CLI gives the formats, from a rule's metadata and its documentation page. */
export function ruleInfoOf(meta: RuleMeta, docsUrl?: string, doc?: string): RuleInfo {
  return {
    description: meta.description,
    severity: meta.severity,
    category: meta.category,
    sources: meta.sources,
    ...(docsUrl ? { docsUrl } : {}),
    ...(doc ? { doc } : {}),
  };
}

export interface FormatContext {
  /** ANSI colours (stylish only). */
  color: boolean;
  /** Working directory, for relative paths and URIs. */
  cwd: string;
  /** Rule metadata for formats that describe rules (SARIF). */
  ruleInfo?: (ruleId: string) => RuleInfo | undefined;
  /** platlint's version, for formats that name the tool (SARIF). */
  toolVersion?: string;
  /** `--verbose`: list what was skipped and why (stylish). */
  verbose?: boolean;
}

export type Formatter = (results: readonly FileResult[], context: FormatContext) => string;
