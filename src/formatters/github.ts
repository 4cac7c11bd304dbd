import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { Diagnostic, Severity } from '../engine/types.js';
import { terminalLines } from './ansi.js';
import { formatterOf, notLinted, type ReportWriterFactory, type FormatModule } from './summary.js';

/**
 * A reported file's path relative to `cwd` with forward slashes, or undefined when the file is outside `cwd`
 * (GitHub annotations and SARIF `%SRCROOT%` URIs are relative to the repository checkout, which CI runs in).
 */
export function relativeToCwd(file: string, cwd: string): string | undefined {
  const rel = relative(cwd, resolve(cwd, file));
  if (rel === '' || isAbsolute(rel) || rel === '..' || rel.startsWith(`..${sep}`)) return undefined;
  return sep === '/' ? rel : rel.split(sep).join('/');
}

/** A file as an annotation names it: relative to the checkout, else as reported, with forward slashes. */
export function annotationFile(file: string, cwd: string): string {
  return relativeToCwd(file, cwd) ?? file.split('\\').join('/');
}

/** Where an annotation goes: its line, and its columns when it is on one line (GitHub rejects them otherwise). */
export function annotationPlace(d: Pick<Diagnostic, 'line' | 'column' | 'endLine' | 'endColumn'>): [string, number][] {
  return d.endLine === d.line ? [['line', d.line], ['col', d.column], ['endLine', d.endLine], ['endColumn', d.endColumn]] : [['line', d.line], ['endLine', d.endLine]];
}

/** Message data of a workflow command (after `::`): GitHub's `escapeData` from @actions/core. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A workflow command property value: the data escaping plus `:` and `,`, which delimit properties. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

const COMMAND: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice' };

/**
 * A workflow command line. What a reviewer reads (the message, in the log and on the diff, and the title) shows the
 * control characters of linted files and policies as pictures, line feeds but kept, as the terminal reports do; the
 * file stays exact, or the annotation would not land on it.
 */
export function workflowCommand(name: string, properties: readonly (readonly [string, string | number])[], message: string): string {
  const props = properties.map(([key, value]) => `${key}=${escapeProperty(key === 'file' ? String(value) : terminalLines(String(value)))}`).join(',');
  return `::${name} ${props}::${escapeData(terminalLines(message))}`;
}

/**
 * GitHub Actions workflow commands, one line per diagnostic, which the runner turns into annotations on the
 * pull request's diff. Columns are sent only for single-line ranges: GitHub rejects `col`/`endColumn` otherwise.
 * With `--verbose`, each skipped file or object is a notice too, as stylish lists them then; without, a repository's
 * other YAML would bury the problems (GitHub shows ten annotations of a kind per step).
 */
export const createGithubWriter: ReportWriterFactory = (context) => ({
  start: () => '',
  file: (result) => {
    let out = '';
    const file = annotationFile(result.file, context.cwd);
    if (result.ioError !== undefined) out += workflowCommand('error', [['file', file]], result.ioError) + '\n';
    for (const d of result.diagnostics) {
      const properties: [string, string | number][] = [['file', file], ...annotationPlace(d), ['title', d.ruleId]];
      // The annotation is all a reviewer sees of the problem: the note (why, how to fix) goes on its next line.
      out += workflowCommand(COMMAND[d.severity], properties, d.note ? `${d.message}\n${d.note}` : d.message) + '\n';
    }
    if (context.verbose) {
      for (const skip of result.skips ?? []) out += workflowCommand('notice', [['file', file], ['line', Math.max(1, skip.line)], ['title', 'not linted']], notLinted(skip)) + '\n';
    }
    return out;
  },
  end: () => '',
});

export const formatGithub = formatterOf(createGithubWriter);

export const format: FormatModule = { formatter: formatGithub, createWriter: createGithubWriter };
