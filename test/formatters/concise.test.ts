import { describe, expect, it } from 'vitest';
import type { FileResult } from '../../src/engine/types.js';
import { formatConcise } from '../../src/formatters/concise.js';
import { CWD, fixedContext, fixedResults, resultOf, skippedFileResults } from './inputs.js';

const format = (...results: FileResult[]): string => formatConcise(results, { color: false, cwd: CWD });

describe('concise lines', () => {
  it('one GNU line per diagnostic: file, line, column, severity, message, rule', () => {
    const out = format(
      resultOf('a.yaml', { severity: 'error', line: 3, column: 5, endLine: 3, endColumn: 9, ruleId: 'schema/type', message: 'bad' }),
      resultOf('dir/b.yaml', { severity: 'warning', line: 12, column: 1, endLine: 14, endColumn: 2, message: 'meh' }, { severity: 'info', message: 'fyi' }),
    );
    expect(out).toBe(['a.yaml:3:5: error: bad [schema/type]', 'dir/b.yaml:12:1: warning: meh [a/b]', 'dir/b.yaml:1:1: info: fyi [a/b]', ''].join('\n'));
  });

  it('keeps a message with line breaks on its line', () => {
    expect(format(resultOf('a.yaml', { message: 'one\ntwo\r\nthree\rfour\u2028five\u2029six' }))).toBe('a.yaml:1:1: error: one two three four five six [a/b]\n');
  });

  it('leaves the note out', () => {
    expect(format(resultOf('a.yaml', { message: 'Bad value.', note: 'Why: because.' }))).toBe('a.yaml:1:1: error: Bad value. [a/b]\n');
  });

  it('prints nothing for a clean file, and an error without a line for an unreadable one', () => {
    expect(format({ file: 'a.yaml', documents: 1, skipped: 0, diagnostics: [] })).toBe('');
    expect(format({ file: 'a.yaml', documents: 0, skipped: 0, diagnostics: [], ioError: 'cannot read a.yaml: EACCES' })).toBe('a.yaml: error: cannot read a.yaml: EACCES\n');
  });

  it('says what was not linted only with --verbose, as an info line each (line 1 for a skip without a line)', () => {
    expect(formatConcise(skippedFileResults(0), fixedContext)).toBe('');
    expect(formatConcise(skippedFileResults(0), { ...fixedContext, verbose: true })).toBe(
      'chart/templates/u.yaml:1: info: Not linted: templated YAML, not YAML until rendered\n' +
        'users.yaml:9: info: Not linted: apiVersion v1, kind ConfigMap: not a management.platform object\n',
    );
  });

  it('writes as many lines as the hand-built results have problems, each of the GNU shape', () => {
    const lines = formatConcise(fixedResults(), fixedContext).split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(fixedResults().reduce((n, r) => n + r.diagnostics.length + (r.ioError ? 1 : 0), 0));
    for (const line of lines) expect(line).toMatch(/^[^:\n]+(:\d+:\d+)?: (error|warning|info): [^\r\n]+( \[[a-z-]+\/[a-z-]+\])?$/);
  });
});
