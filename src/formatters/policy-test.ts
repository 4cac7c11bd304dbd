/**
 * The reports of `platlint policy test`: `text` (a line a test, `PASS - `/`FAIL - `/`WARN - `, then a count, as
 * `conftest verify` prints them), `json` (the same, versioned, for tools), `junit` (a test suite a pack or kaptest
 * manifest, a test case a fixture or case, for CI dashboards) and `github` (the text, and an annotation at each place a
 * failed test names, for a pull request's diff).
 */
import { problemLine } from '../engine/problem-line.js';
import { countCases, type PolicyTestCase, type PolicyTestProblem } from '../project/policy-test-results.js';
import { annotationFile, annotationPlace, workflowCommand } from './github.js';
import { escapeXml, escapeXmlAttribute } from './junit.js';
import { terminalText } from './ansi.js';

export const POLICY_TEST_FORMATS = ['text', 'json', 'junit', 'github'] as const;
export type PolicyTestFormat = (typeof POLICY_TEST_FORMATS)[number];

/** The version of the JSON report's shape; it changes only when a field changes meaning or goes. */
export const POLICY_TEST_REPORT_VERSION = 1;

const STATUS: Readonly<Record<PolicyTestCase['status'], string>> = { pass: 'PASS', fail: 'FAIL', warn: 'WARN' };

/** A problem as the text report writes it, after the test's line and two spaces. */
function problemText(problem: PolicyTestProblem): string {
  switch (problem.kind) {
    case 'mismatch':
      return `line ${problem.line}: ${problem.message}`;
    case 'diagnostic':
      return problemLine(problem.file, problem.diagnostic);
    case 'unreadable':
      return `${problem.file}: ${problem.message}`;
    case 'detail':
      return problem.message;
  }
}

/** The test and, when its own line says it, why it failed or warns. */
function testTitle(test: PolicyTestCase): string {
  return `${test.name}${test.reason ? ` - ${test.reason}` : ''}`;
}

function caseLine(test: PolicyTestCase): string {
  return `${STATUS[test.status]} - ${testTitle(test)}`;
}

function countsLine(cases: readonly PolicyTestCase[]): string {
  const { passed, failed } = countCases(cases);
  return `${passed} passed, ${failed} failed`;
}

/** For a person: what fixtures and policies put in a line (names, messages) shows its control characters, not obeys them. */
export function formatPolicyTestText(cases: readonly PolicyTestCase[]): string {
  const lines = cases.flatMap((test) => [caseLine(test), ...test.problems.map((problem) => `  ${problemText(problem)}`)]);
  return [...lines.map(terminalText), countsLine(cases), ''].join('\n');
}

function problemJson(problem: PolicyTestProblem): Record<string, unknown> {
  switch (problem.kind) {
    case 'mismatch': {
      const d = problem.diagnostic;
      const place = d ? { column: d.column, endLine: d.endLine, endColumn: d.endColumn } : {};
      return { file: problem.file, line: problem.line, ...place, ruleId: problem.ruleId, message: problem.message };
    }
    case 'diagnostic': {
      const d = problem.diagnostic;
      return { file: problem.file, line: d.line, column: d.column, endLine: d.endLine, endColumn: d.endColumn, severity: d.severity, ruleId: d.ruleId, message: d.message };
    }
    case 'unreadable':
      return { file: problem.file, message: problem.message };
    case 'detail':
      return { message: problem.message };
  }
}

export function formatPolicyTestJson(cases: readonly PolicyTestCase[]): string {
  const { passed, failed } = countCases(cases);
  const tests = cases.map((test) => ({
    suite: test.suite,
    name: test.name,
    file: test.file,
    status: test.status,
    ...(test.reason ? { reason: test.reason } : {}),
    problems: test.problems.map(problemJson),
  }));
  const summary = { passed, failed, warned: cases.filter((test) => test.status === 'warn').length };
  return `${JSON.stringify({ version: POLICY_TEST_REPORT_VERSION, tests, summary }, null, 2)}\n`;
}

/** A failed or warning test case's element: `<error>` when a file could not be read, as the lint report has it. */
function outcomeElement(test: PolicyTestCase): string {
  const message = test.reason ?? (test.problems[0] ? problemText(test.problems[0]) : '');
  const body = escapeXml([caseLine(test), ...test.problems.map(problemText)].join('\n'));
  if (test.status === 'warn') return `      <skipped message="${escapeXmlAttribute(message)}">${body}</skipped>`;
  const element = test.unreadable ? 'error' : 'failure';
  return `      <${element} message="${escapeXmlAttribute(message)}" type="${test.unreadable ? 'io' : 'policy-test'}">${body}</${element}>`;
}

/** JUnit XML: a `<testsuite>` a pack or kaptest manifest; a pack without fixtures is a skipped test. */
export function formatPolicyTestJunit(cases: readonly PolicyTestCase[]): string {
  const suites = new Map<string, PolicyTestCase[]>();
  for (const test of cases) suites.set(test.suite, [...(suites.get(test.suite) ?? []), test]);
  const counts = (tests: readonly PolicyTestCase[]): string => {
    const failures = tests.filter((t) => t.status === 'fail' && !t.unreadable).length;
    const errors = tests.filter((t) => t.status === 'fail' && t.unreadable).length;
    return `tests="${tests.length}" failures="${failures}" errors="${errors}"`;
  };
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="platlint policy test" ${counts(cases)}>`];
  for (const [suite, tests] of suites) {
    const skipped = tests.filter((t) => t.status === 'warn').length;
    lines.push(`  <testsuite name="${escapeXmlAttribute(suite)}" ${counts(tests)} skipped="${skipped}">`);
    for (const test of tests) {
      const open = `    <testcase classname="${escapeXmlAttribute(suite)}" name="${escapeXmlAttribute(test.name)}"`;
      lines.push(...(test.status === 'pass' ? [`${open}/>`] : [`${open}>`, outcomeElement(test), '    </testcase>']));
    }
    lines.push('  </testsuite>');
  }
  return [...lines, '</testsuites>', ''].join('\n');
}

/** The annotations of a failed or warning test: one at each place it names, else one on its file. */
function annotations(test: PolicyTestCase, cwd: string): string[] {
  const kind = test.status === 'warn' ? 'warning' : 'error';
  const out: string[] = [];
  for (const problem of test.problems) {
    if (problem.kind === 'detail') continue;
    // A mismatch has its diagnostic's line; one expected but not reported has only its marker's.
    const d = problem.kind === 'unreadable' ? undefined : problem.diagnostic;
    const place = d ? annotationPlace(d) : problem.kind === 'mismatch' ? [['line', problem.line] as [string, number]] : [];
    const at: [string, string | number][] = [['file', annotationFile(problem.file, cwd)], ...place];
    const message = problem.kind === 'diagnostic' ? `${problem.diagnostic.message} (${problem.diagnostic.ruleId})` : problem.message;
    out.push(workflowCommand(kind, [...at, ['title', `policy test: ${test.name}`]], message));
  }
  if (out.length === 0) {
    const details = test.problems.map(problemText);
    out.push(workflowCommand(kind, [['file', annotationFile(test.file, cwd)], ['title', 'policy test']], [testTitle(test), ...details].join('\n')));
  }
  return out;
}

/** The text report, then GitHub workflow commands that annotate the places of the failed tests. */
export function formatPolicyTestGithub(cases: readonly PolicyTestCase[], cwd: string): string {
  const commands = cases.filter((test) => test.status !== 'pass').flatMap((test) => annotations(test, cwd));
  return formatPolicyTestText(cases) + commands.map((line) => `${line}\n`).join('');
}

export function formatPolicyTests(cases: readonly PolicyTestCase[], format: PolicyTestFormat, cwd: string): string {
  switch (format) {
    case 'text':
      return formatPolicyTestText(cases);
    case 'json':
      return formatPolicyTestJson(cases);
    case 'junit':
      return formatPolicyTestJunit(cases);
    case 'github':
      return formatPolicyTestGithub(cases, cwd);
  }
}
