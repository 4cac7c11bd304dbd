/**
 * A problem said on one line, as compilers say them (`file:line:column: severity: message (rule)`): the layout of
 * every command that lists problems on stderr or in a test summary instead of in a report (`patch --print`,
 * `policy export`, `policy test`).
 */
import type { Diagnostic, FileResult } from './types.js';

type Problem = Pick<Diagnostic, 'line' | 'column' | 'severity' | 'message' | 'ruleId'>;

export function problemLine(file: string, problem: Problem): string {
  return `${file}:${problem.line}:${problem.column}: ${problem.severity}: ${problem.message} (${problem.ruleId})`;
}

/** Each result's problems, one line each; a file that could not be read is one line with the reason. */
export function problemLines(results: readonly FileResult[], show: (file: string) => string = (file) => file): string[] {
  return results.flatMap((result) => [
    ...(result.ioError !== undefined ? [`${show(result.file)}: ${result.ioError}`] : []),
    ...result.diagnostics.map((d) => problemLine(show(result.file), d)),
  ]);
}
