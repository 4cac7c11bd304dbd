import type { FileResult } from '../engine/types.js';
import { summarize, type Formatter } from './summary.js';

/** Version of the JSON report shape; bumped only when a field is renamed or removed. */
export const REPORT_VERSION = 1;

export const formatJson: Formatter = (results: readonly FileResult[]): string =>
  JSON.stringify({
    version: REPORT_VERSION,
    results: results.map((r) => ({
      file: r.file,
      diagnostics: r.diagnostics,
      ...(r.skips?.length ? { skipped: r.skips } : {}),
      ...(r.output !== undefined ? { output: r.output } : {}),
      ...(r.ioError ? { ioError: r.ioError } : {}),
    })),
    summary: summarize(results),
  }) + '\n';
