/** Checks on the outputs: a benchmark of a run that does the wrong thing measures nothing. */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { CorpusManifest } from './corpus.js';
import type { RealisticManifest } from './realistic-corpus.js';
import { BenchError, type Sample } from './measure.js';

export interface JsonReport {
  version: number;
  results: { file: string; diagnostics: { ruleId: string; severity: string }[] }[];
  summary: { files: number; documents: number; errors: number; warnings: number };
}

export interface ReportCheck {
  files: number;
  documents: number;
  errors: number;
  warnings: number;
  filesWithErrors: number;
  /** Files with an error although generated without a mistake, and flawed files without one. */
  unexpectedErrors: number;
  missedMistakes: number;
  examples: string[];
}

/** The JSON report of a run, which must cover exactly the corpus's files and documents. */
export function readCoveringReport(label: string, reportFile: string, counts: { files: number; documents: number }): JsonReport {
  let report: JsonReport;
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport;
  } catch (error) {
    throw new BenchError(`${label}: the JSON report ${reportFile} cannot be read: ${(error as Error).message}`);
  }
  if (report.summary.files !== counts.files || report.summary.documents !== counts.documents) {
    throw new BenchError(`${label}: the report covers ${report.summary.files} files and ${report.summary.documents} documents, the corpus has ${counts.files} and ${counts.documents}`);
  }
  return report;
}

export function checkReport(label: string, reportFile: string, corpusDir: string, manifest: CorpusManifest): ReportCheck {
  const report = readCoveringReport(label, reportFile, manifest.counts);
  const flawed = new Set(manifest.flawedFiles);
  const check: ReportCheck = { files: report.summary.files, documents: report.summary.documents, errors: report.summary.errors, warnings: report.summary.warnings, filesWithErrors: 0, unexpectedErrors: 0, missedMistakes: 0, examples: [] };
  for (const result of report.results) {
    const rel = relative(corpusDir, result.file).split('\\').join('/');
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length) check.filesWithErrors++;
    if (errors.length && !flawed.has(rel)) {
      check.unexpectedErrors++;
      if (check.examples.length < 5) check.examples.push(`${rel}: ${errors.map((d) => d.ruleId).join(', ')}`);
    }
    if (!errors.length && flawed.has(rel)) {
      check.missedMistakes++;
      if (check.examples.length < 5) check.examples.push(`${rel}: no error for its mistake`);
    }
  }
  return check;
}

/** The floor's output: it parsed every file and every document (`expected.documents` counts comment-only ones). */
export function checkFloor(label: string, sample: Sample, expected: { files: number; documents: number }): void {
  let out: { files: number; documents: number };
  try {
    out = JSON.parse(sample.stdout) as { files: number; documents: number };
  } catch {
    throw new BenchError(`${label}: unexpected output ${sample.stdout.slice(0, 200)}`);
  }
  if (out.files !== expected.files || out.documents !== expected.documents) {
    throw new BenchError(`${label}: parsed ${out.files} files and ${out.documents} documents, the corpus has ${expected.files} and ${expected.documents}`);
  }
}

interface RealisticCheck {
  files: number;
  documents: number;
  errors: number;
  warnings: number;
  infos: number;
  /** Files without a diagnostic of a rule their fixtures expect. */
  missedExpectations: number;
  examples: string[];
}

/**
 * The report covers the corpus and has, in every file, a diagnostic of each rule its fixtures expect. An earlier
 * build (`--before`) may predate some of the fixtures' expectations: its misses are counted, not an error.
 */
export function checkRealisticReport(label: string, reportFile: string, corpusDir: string, manifest: RealisticManifest, strict = true): RealisticCheck {
  const report = readCoveringReport(label, reportFile, manifest.counts);
  const check: RealisticCheck = { files: report.summary.files, documents: report.summary.documents, errors: report.summary.errors, warnings: report.summary.warnings, infos: 0, missedExpectations: 0, examples: [] };
  for (const result of report.results) {
    check.infos += result.diagnostics.filter((d) => d.severity === 'info').length;
    const rel = relative(corpusDir, result.file).split('\\').join('/');
    const reported = new Set(result.diagnostics.map((d) => d.ruleId));
    const missed = (manifest.expected[rel] ?? []).filter((id) => !reported.has(id));
    if (missed.length) {
      check.missedExpectations++;
      if (check.examples.length < 5) check.examples.push(`${rel}: no ${missed.join(', ')}`);
    }
  }
  if (check.missedExpectations && strict) throw new BenchError(`${label}: ${check.missedExpectations} files lack a diagnostic their fixtures expect: ${check.examples.join('; ')}`);
  return check;
}
