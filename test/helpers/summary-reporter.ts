import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** What a run's closing lines count. */
export interface RunCounts {
  passed: number;
  failed: number;
  skipped: number;
  /** Test files that failed outside their tests: an import or syntax error, a `describe` or a hook that threw. */
  brokenFiles: string[];
  unhandledErrors: number;
}

/**
 * The counts of a run. A test that did not run because its file failed (a `beforeAll` that threw: a program the file
 * needs is missing) is failed, not skipped, and a file that failed before declaring a test counts as one failure, so
 * that a file that could not run is never hidden behind "0 failed". An error thrown outside any test is a failure too.
 */
export function countRun(testModules: ReadonlyArray<TestModule>, unhandledErrors: number, root: string): RunCounts {
  const counts: RunCounts = { passed: 0, failed: unhandledErrors, skipped: 0, brokenFiles: [], unhandledErrors };
  for (const module of testModules) {
    const tests = [...module.children.allTests()];
    const states = tests.map((test) => test.result().state);
    const broken = module.state() === 'failed' && !states.includes('failed');
    if (broken) counts.brokenFiles.push(relative(root, module.moduleId));
    for (const state of states) {
      if (state === 'passed') counts.passed++;
      else if (state === 'failed' || broken) counts.failed++;
      else counts.skipped++;
    }
    if (broken && states.every((state) => state === 'passed')) counts.failed++;
  }
  counts.brokenFiles.sort();
  return counts;
}

/**
 * Ends the run with a plain `N passed, N failed, N skipped` line, a closing line CI tools read whatever the test
 * runner; vitest's own summary is colourised and spread over several lines. The files that failed outside their
 * tests are named above it.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const counts = countRun(testModules, unhandledErrors.length, process.cwd());
    const lines = ['', ...counts.brokenFiles.map((file) => `failed to load or run: ${file}`)];
    if (counts.unhandledErrors) lines.push(`${counts.unhandledErrors} ${counts.unhandledErrors === 1 ? 'error' : 'errors'} outside any test`);
    lines.push(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
