/**
 * What `platlint policy test` found, test by test, for every report format (src/formatters/policy-test.ts): a pack's
 * fixture, a kaptest case, or a pack or manifest that could not be run.
 */
import type { Diagnostic, FileResult } from '../engine/types.js';

export type PolicyTestStatus = 'pass' | 'fail' | 'warn';

/** One thing a failed test says: a line of the text report, an annotation, a JUnit failure's line. */
export type PolicyTestProblem =
  /** A fixture's line whose `# expect:` markers and reports differ. */
  | { kind: 'mismatch'; file: string; line: number; ruleId: string; message: string; diagnostic?: Diagnostic }
  /** A problem of a file (a policy that does not load, a policy that fails to evaluate on the fixture). */
  | { kind: 'diagnostic'; file: string; diagnostic: Diagnostic }
  /** A file that cannot be read, and why. */
  | { kind: 'unreadable'; file: string; message: string }
  /** What a kaptest case's validations said. */
  | { kind: 'detail'; message: string };

export interface PolicyTestCase {
  /** The pack folder or kaptest manifest the test belongs to, as shown. */
  suite: string;
  /** What the text report names: a fixture, a manifest's case (`manifest - policy - case`), or the suite itself. */
  name: string;
  /** The file a report points at when no problem has a place of its own: the fixture, the manifest or the pack. */
  file: string;
  status: PolicyTestStatus;
  /** Why it failed or warns, on the test's own line of the text report. */
  reason?: string;
  problems: PolicyTestProblem[];
  /** A file it needs could not be read (a FIFO, a device, too large): the run exits 2. */
  unreadable?: boolean;
}

export interface PolicyTestCounts {
  passed: number;
  failed: number;
  /** Of the failed, those with a file that could not be read. */
  unreadable: number;
}

export function countCases(cases: readonly PolicyTestCase[]): PolicyTestCounts {
  const failed = cases.filter((c) => c.status === 'fail');
  return { passed: cases.filter((c) => c.status === 'pass').length, failed: failed.length, unreadable: failed.filter((c) => c.unreadable).length };
}

/** The problems of lint results: each diagnostic, and each file that could not be read. */
export function resultProblems(results: readonly FileResult[], show: (file: string) => string): PolicyTestProblem[] {
  return results.flatMap((result): PolicyTestProblem[] => [
    ...(result.ioError !== undefined ? [{ kind: 'unreadable' as const, file: show(result.file), message: result.ioError }] : []),
    ...result.diagnostics.map((diagnostic) => ({ kind: 'diagnostic' as const, file: show(result.file), diagnostic })),
  ]);
}
