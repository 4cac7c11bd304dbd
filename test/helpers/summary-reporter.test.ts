/**
 * The closing line of `npm test` and `npm run test:e2e` (./summary-reporter.ts), from real vitest runs of test files
 * written for the purpose: a file that cannot run is counted as failed, never hidden behind "0 failed".
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './cli.js';

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** vitest run in a folder of `files`, with the summary reporter alone; its stdout and exit code. */
function vitestRun(files: Record<string, string>): { status: number | null; stdout: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'platlint-summary-')));
  roots.push(root);
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  const run = spawnSync(process.execPath, [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--root', root, `--reporter=${join(ROOT, 'test/helpers/summary-reporter.ts')}`], {
    cwd: root,
    encoding: 'utf8',
    env: Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST'))),
    timeout: 120_000,
  });
  return { status: run.status, stdout: run.stdout };
}

const IMPORTS = "import { afterAll, beforeAll, describe, expect, it } from 'vitest';\n";

describe('the summary reporter', () => {
  it('counts the tests of a clean run, skipped ones included', () => {
    const run = vitestRun({
      'a.test.ts': `${IMPORTS}it('one', () => { expect(1).toBe(1); });\nit('two', () => {});\n`,
      'b.test.ts': `${IMPORTS}it('three', () => {});\nit.skip('skipped', () => {});\nit.todo('to do');\n`,
    });
    expect(run.stdout).toBe('\n3 passed, 0 failed, 2 skipped\n');
    expect(run.status).toBe(0);
  }, 120_000);

  it('counts a file that failed to load, a describe or a hook that threw, and an error outside any test as failed', () => {
    const run = vitestRun({
      'clean.test.ts': `${IMPORTS}it('passes', () => {});\n`,
      'failing.test.ts': `${IMPORTS}it('fails', () => { expect(1).toBe(2); });\nit('passes too', () => {});\n`,
      // A program the tests need is missing: the tests do not run, and are failures.
      'hook.test.ts': `${IMPORTS}describe('an editor', () => {\n  beforeAll(() => { throw new Error('emacs is not installed'); });\n  it('a', () => {});\n  it('b', () => {});\n});\n`,
      'import.test.ts': `${IMPORTS}import { missing } from './no-such-module.js';\nit('a', () => { missing(); });\n`,
      'syntax.test.ts': `${IMPORTS}it('a', () => { let = ; });\n`,
      'describe.test.ts': `${IMPORTS}describe('d', () => {\n  it('a', () => {});\n  throw new Error('boom');\n});\n`,
      'after.test.ts': `${IMPORTS}afterAll(() => { throw new Error('cleanup failed'); });\nit('passes', () => {});\n`,
      'unhandled.test.ts': `${IMPORTS}it('throws later', () => { setTimeout(() => { throw new Error('late'); }, 0); });\nit('waits', async () => { await new Promise((done) => setTimeout(done, 100)); });\n`,
    });
    expect(run.stdout).toBe(
      [
        '',
        'failed to load or run: after.test.ts',
        'failed to load or run: describe.test.ts',
        'failed to load or run: hook.test.ts',
        'failed to load or run: import.test.ts',
        'failed to load or run: syntax.test.ts',
        '1 error outside any test',
        '5 passed, 8 failed, 0 skipped',
        '',
      ].join('\n'),
    );
    expect(run.status).toBe(1);
  }, 120_000);
});
