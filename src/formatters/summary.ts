import { ruleCategory, type FileResult, type RuleMeta, type SeveritySetting, type SkippedObject } from '../engine/types.js';

export interface Summary {
  /** Files read (and files that could not be read), skipped ones included: `lintedFiles` leaves those out. */
  files: number;
  /** Files with at least one diagnostic, or that could not be read. */
  filesWithProblems: number;
  documents: number;
  /** Documents and list items that are not platform objects. */
  skipped: number;
  /** Files not linted: nothing in them was a platform object (templated YAML, other tools' files), or policy test fixtures. */
  skippedFiles: number;
  errors: number;
  warnings: number;
  infos: number;
  /** Diagnostics that `--fix` can fix, by severity. */
  fixableErrors: number;
  fixableWarnings: number;
  fixableInfos: number;
  /** With `--fix`: the problems it fixed, and in how many files (those it wrote); with `--fix-dry-run`, those it would. */
  fixed: number;
  fixedFiles: number;
  /** Diagnostics not reported because the baseline or an exception of `.platlint.yaml` covers them. */
  suppressed: { baseline: number; exception: number };
}

/** "1 file", "2 files": a count and its noun, as the text reports write them. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Files linted: those read, less those skipped whole. */
export function lintedFiles(summary: Summary): number {
  return summary.files - summary.skippedFiles;
}

/** The summary of no files, to which `SummaryCount` adds each file's counts as it is linted. */
export function emptySummary(): Summary {
  return { files: 0, filesWithProblems: 0, documents: 0, skipped: 0, skippedFiles: 0, errors: 0, warnings: 0, infos: 0, fixableErrors: 0, fixableWarnings: 0, fixableInfos: 0, fixed: 0, fixedFiles: 0, suppressed: { baseline: 0, exception: 0 } };
}

/** A run's summary, counted one file's result at a time: a run keeps these counts, not the results. */
export class SummaryCount {
  readonly summary: Summary = emptySummary();

  /** Counts a file: each file comes in one result (the reports merge those of a file that gets several). */
  add(result: FileResult): void {
    const summary = this.summary;
    summary.files++;
    if (result.skippedFile) summary.skippedFiles++;
    if (result.diagnostics.length > 0 || result.ioError !== undefined) summary.filesWithProblems++;
    summary.documents += result.documents;
    summary.skipped += result.skipped;
    if (result.fixed) {
      summary.fixed += result.fixed;
      summary.fixedFiles++;
    }
    for (const s of result.suppressed ?? []) summary.suppressed[s.by]++;
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
}

/** How the formats that list skipped objects one by one (SARIF, GitHub, JUnit) word why one was not linted. */
export function notLinted(skip: SkippedObject): string {
  return `Not linted: ${skip.reason}`;
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
    category: ruleCategory(meta.id),
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
  /** The top of the Git repository the run is in (the working directory outside one): GitLab's paths start there. */
  repositoryRoot?: string;
  /** Rule metadata for formats that describe rules (SARIF). */
  ruleInfo?: (ruleId: string) => RuleInfo | undefined;
  /** platlint's version, for formats that name the tool (SARIF). */
  toolVersion?: string;
  /** `--verbose`: list what was skipped and why (stylish). */
  verbose?: boolean;
  /** `--statistics`: per-rule counts after the report (stylish's table, the JSON report's `statistics`). */
  statistics?: boolean;
  /** `--fix-dry-run`: the fixed counts are of what `--fix` would fix (stylish says "would"). */
  fixDryRun?: boolean;
}

export type Formatter = (results: readonly FileResult[], context: FormatContext) => string;

/**
 * A report written as the files are linted: `start` before the first file, `file` for each in order, `end` with the
 * run's counts. The caller writes each returned piece out at once and keeps nothing, so a run's memory does not grow
 * with its number of files. One writer serves one report; a format that needs every result before it can write
 * anything (SARIF, JUnit) returns '' until `end`.
 */
export interface ReportWriter {
  start(): string;
  file(result: FileResult): string;
  end(summary: Summary): string;
}

export type ReportWriterFactory = (context: FormatContext) => ReportWriter;

/** What each format's module gives: its whole-report formatter and its report writer. */
export interface FormatModule {
  formatter: Formatter;
  createWriter: ReportWriterFactory;
}

/** The whole report of `results` at once, from a format's writer: what tests and golden files use. */
export function formatterOf(createWriter: ReportWriterFactory): Formatter {
  return (results, context) => {
    const writer = createWriter(context);
    const count = new SummaryCount();
    let text = writer.start();
    for (const result of results) {
      count.add(result);
      text += writer.file(result);
    }
    return text + writer.end(count.summary);
  };
}

/** A writer for a format that needs all results first: it holds them until `end` and formats them there. */
export function bufferedWriter(format: Formatter): ReportWriterFactory {
  return (context) => {
    const results: FileResult[] = [];
    return {
      start: () => '',
      file: (result) => {
        results.push(result);
        return '';
      },
      end: () => format(results, context),
    };
  };
}
