import type { Formatter, ReportWriterFactory } from './summary.js';

export const FORMAT_NAMES = ['stylish', 'json', 'sarif', 'github', 'junit'] as const;
export type FormatName = (typeof FORMAT_NAMES)[number];

export function isFormatName(name: string): name is FormatName {
  return (FORMAT_NAMES as readonly string[]).includes(name);
}

/**
 * The format to use when none was asked for: workflow annotations inside GitHub Actions (which sets
 * `GITHUB_ACTIONS=true` in every step), the human-readable report everywhere else.
 */
export function defaultFormat(env: Readonly<Record<string, string | undefined>>): FormatName {
  return env['GITHUB_ACTIONS'] === 'true' ? 'github' : 'stylish';
}

/** Formatters load on demand: a pre-commit run that prints stylish output should not pay for SARIF. */
export async function loadFormatter(name: FormatName): Promise<Formatter> {
  switch (name) {
    case 'stylish':
      return (await import('./stylish.js')).formatStylish;
    case 'json':
      return (await import('./json.js')).formatJson;
    case 'sarif':
      return (await import('./sarif.js')).formatSarif;
    case 'github':
      return (await import('./github.js')).formatGithub;
    case 'junit':
      return (await import('./junit.js')).formatJunit;
  }
}

/**
 * A format's report writer, which the lint command feeds file by file: json, stylish and github write each file's
 * part as it comes; sarif and junit hold the results and write the report at the end.
 */
export async function loadReportWriter(name: FormatName): Promise<ReportWriterFactory> {
  switch (name) {
    case 'stylish':
      return (await import('./stylish.js')).createStylishWriter;
    case 'json':
      return (await import('./json.js')).createJsonWriter;
    case 'sarif':
      return (await import('./sarif.js')).createSarifWriter;
    case 'github':
      return (await import('./github.js')).createGithubWriter;
    case 'junit':
      return (await import('./junit.js')).createJunitWriter;
  }
}
