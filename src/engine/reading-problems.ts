/**
 * Reading problems as diagnostics, for files platlint reads for itself. A module of its own: the reporter's modules
 * reach the reader (embedded configurations are read while documents are placed), so the reader cannot use the
 * reporter.
 */
import type { YamlRead } from './read-yaml.js';
import { FileReporter } from './reporter.js';
import { collectSecrets } from './secrets.js';
import type { Diagnostic, Finding } from './types.js';

/**
 * What keeps a text read from being used at all, as diagnostics with their lines and columns: the syntax errors of
 * the whole text and of each document (secrets masked, as in any report). For files platlint reads for itself and
 * says one line each about (its settings file, a kaptest suite), where a linted file would get a report. `more` are
 * the caller's own findings in the same text (a kaptest suite's policies that do not compile), reported alike.
 */
export function readingProblems(read: YamlRead, more: readonly Finding[] = []): Diagnostic[] {
  const { text, lineCounter } = read.parsed;
  const reporter = new FileReporter({ text, lineCounter, settings: new Map() });
  for (const finding of [...read.findings, ...read.documents.flatMap((document) => document.findings), ...more]) reporter.report(finding);
  return reporter.finish({ withFrames: false, secrets: () => collectSecrets(read.documents.map((document) => document.space), text) }).diagnostics;
}
