import type { FormatModule, Formatter, ReportWriterFactory } from './summary.js';

export const FORMAT_NAMES = ['stylish', 'concise', 'json', 'sarif', 'github', 'junit', 'gitlab'] as const;
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

/** Formats load on demand: a pre-commit run that prints stylish output should not pay for SARIF. */
const FORMAT_MODULES: Readonly<Record<FormatName, () => Promise<{ format: FormatModule }>>> = {
  stylish: () => import('./stylish.js'),
  concise: () => import('./concise.js'),
  json: () => import('./json.js'),
  sarif: () => import('./sarif.js'),
  github: () => import('./github.js'),
  junit: () => import('./junit.js'),
  gitlab: () => import('./gitlab.js'),
};

async function loadFormat(name: FormatName): Promise<FormatModule> {
  return (await FORMAT_MODULES[name]()).format;
}

export async function loadFormatter(name: FormatName): Promise<Formatter> {
  return (await loadFormat(name)).formatter;
}

/**
 * A format's report writer, which the lint command feeds file by file: json, stylish, concise, github and gitlab write each
 * file's part as it comes; sarif and junit hold the results and write the report at the end.
 */
export async function loadReportWriter(name: FormatName): Promise<ReportWriterFactory> {
  return (await loadFormat(name)).createWriter;
}
