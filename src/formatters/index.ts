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

/** A format's whole-report formatter and its report writer, from the format's own module. */
interface FormatModule {
  formatter: Formatter;
  createWriter: ReportWriterFactory;
}

/** Formats load on demand: a pre-commit run that prints stylish output should not pay for SARIF. */
async function loadFormat(name: FormatName): Promise<FormatModule> {
  switch (name) {
    case 'stylish': {
      const m = await import('./stylish.js');
      return { formatter: m.formatStylish, createWriter: m.createStylishWriter };
    }
    case 'json': {
      const m = await import('./json.js');
      return { formatter: m.formatJson, createWriter: m.createJsonWriter };
    }
    case 'sarif': {
      const m = await import('./sarif.js');
      return { formatter: m.formatSarif, createWriter: m.createSarifWriter };
    }
    case 'github': {
      const m = await import('./github.js');
      return { formatter: m.formatGithub, createWriter: m.createGithubWriter };
    }
    case 'junit': {
      const m = await import('./junit.js');
      return { formatter: m.formatJunit, createWriter: m.createJunitWriter };
    }
  }
}

export async function loadFormatter(name: FormatName): Promise<Formatter> {
  return (await loadFormat(name)).formatter;
}

/**
 * A format's report writer, which the lint command feeds file by file: json, stylish and github write each file's
 * part as it comes; sarif and junit hold the results and write the report at the end.
 */
export async function loadReportWriter(name: FormatName): Promise<ReportWriterFactory> {
  return (await loadFormat(name)).createWriter;
}
