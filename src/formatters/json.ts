import type { FileResult } from '../engine/types.js';
import { RuleStatistics } from './statistics.js';
import { formatterOf, lintedFiles, type ReportWriterFactory, type FormatModule } from './summary.js';

/** Version of the JSON report shape; bumped only when a field is renamed or removed. */
export const REPORT_VERSION = 1;

function entry(r: FileResult): string {
  return JSON.stringify({
    file: r.file,
    diagnostics: r.diagnostics,
    // The same diagnostic objects, with why they are not reported; `entry` is the run's own bookkeeping.
    ...(r.suppressed?.length ? { suppressed: r.suppressed.map(({ entry: _entry, overlaps: _overlaps, ...d }) => d) } : {}),
    ...(r.skips?.length ? { skipped: r.skips } : {}),
    ...(r.output !== undefined ? { output: r.output } : {}),
    ...(r.fixed ? { fixed: r.fixed } : {}),
    ...(r.ioError ? { ioError: r.ioError } : {}),
  });
}

/**
 * `{"version":1,"results":[…],"summary":{…}}` and a newline, one results entry per file as it is linted: the same
 * bytes as `JSON.stringify` of the whole report, without ever holding it.
 */
export const createJsonWriter: ReportWriterFactory = (context) => {
  let first = true;
  const statistics = context.statistics ? new RuleStatistics() : undefined;
  return {
    start: () => `{"version":${REPORT_VERSION},"results":[`,
    file: (result) => {
      statistics?.add(result);
      const text = first ? entry(result) : `,${entry(result)}`;
      first = false;
      return text;
    },
    // `files` counts skipped files too, as it always has; `lintedFiles` is the count the text summaries give.
    // `statistics` only with --statistics, as Ruff computes them only when asked.
    end: (summary) => `],"summary":${JSON.stringify({ ...summary, lintedFiles: lintedFiles(summary) })}${statistics ? `,"statistics":${JSON.stringify(statistics.rows())}` : ''}}\n`,
  };
};

export const formatJson = formatterOf(createJsonWriter);

export const format: FormatModule = { formatter: formatJson, createWriter: createJsonWriter };
