/** `exceptions:` in `.platlint.yaml`, end to end on a temporary git repository. */
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { gitTree } from '../helpers/files.js';
import { report } from '../helpers/json-report.js';
import { docBlock } from '../docs/doc-blocks.js';

vi.setConfig({ testTimeout: 60_000 });

const JANE = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  tokenGeneration: "3"\n  email: jane@example.com\n';
const JOE = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: joe\nspec:\n  tokenGeneration: "4"\n';
const PLATFORM = 'apiVersion: management.platform/v1\nkind: Config\nmetadata:\n  name: platform\nstatus:\n  costControl:\n    global:\n      metrics:\n        resources:\n          limits:\n            cpu: 2 cores\n';

/** A git repository with this configuration, two Users with a schema/type error each and a Config with one problem. */
function repository(config: string): string {
  return gitTree('platlint-exceptions-', { '.platlint.yaml': config, 'users/jane.yaml': JANE, 'users/joe.yaml': JOE, 'config/platform.yaml': PLATFORM });
}

const exception = (fields: string): string => `rules: {}\nexceptions:\n  - ${fields.trim().split('\n').join('\n    ')}\n`;

const SCOPED = exception(`
rules: [schema/*]
files: [users/*.yaml]
objects: [User/j?ne]
paths: [spec.tokenGeneration]
reason: The token generation is migrated by a script next week (PLAT-7)
expires: 2099-12-31`);

function lint(dir: string, args: string[] = []) {
  const run = runCli(['--format', 'json', ...args], { cwd: dir });
  const r = report(run.stdout);
  const reported = r.results.flatMap((result) => result.diagnostics.map((d) => [result.file, d.ruleId, d.severity, d.line, d.column]));
  return { status: run.status, stderr: run.stderr, report: r, reported };
}

describe('exceptions in .platlint.yaml', () => {
  it('take the example of docs/adopting.md as it is written: print-config lists it for a file its globs match', () => {
    const dir = repository(docBlock('docs/adopting.md', 'Exceptions', 'exceptions:'));
    const run = runCli(['print-config', 'platform/config/platform.yaml', '--format', 'json'], { cwd: dir });
    expect([run.status, run.stderr]).toEqual([0, '']);
    expect((JSON.parse(run.stdout) as { exceptions: unknown[] }).exceptions).toEqual([
      {
        rules: ['security/open-sign-up'],
        files: ['platform/config/*.yaml'],
        objects: ['Config/platform-config'],
        paths: ['status.auth.password'],
        reason: 'Sign-up stays open during the pilot (PLAT-123)',
        expires: '2027-01-31',
        line: 2,
        expired: false,
      },
    ]);
    const elsewhere = runCli(['print-config', 'users/jane.yaml', '--format', 'json'], { cwd: dir });
    expect((JSON.parse(elsewhere.stdout) as { exceptions: unknown[] }).exceptions).toEqual([]);
  });

  it('suppress what their rules, files, objects and paths all match, with their reason, counted apart', () => {
    const dir = repository(SCOPED);
    const run = lint(dir);
    expect(run.status).toBe(1);
    expect(run.reported).toEqual([
      ['config/platform.yaml', 'container-resources/quantities', 'error', 11, 18],
      ['users/joe.yaml', 'schema/type', 'error', 6, 20],
    ]);
    expect(run.report.summary.suppressed).toEqual({ baseline: 0, exception: 1 });
    const jane = run.report.results.find((result) => result.file === 'users/jane.yaml');
    expect(jane?.suppressed?.map((d) => [d.ruleId, d.line, d.column, d.by, d.reason])).toEqual([
      ['schema/type', 6, 20, 'exception', 'The token generation is migrated by a script next week (PLAT-7)'],
    ]);
    const stylish = runCli([], { cwd: dir });
    expect(stylish.stdout.split('\n').slice(-3)).toEqual(['✖ 2 problems (2 errors, 0 warnings, 0 infos) in 2 files with problems (3 files linted)', '  1 suppressed by an exception.', '']);
  });

  it('are counted apart from the baseline', () => {
    const dir = repository(SCOPED);
    expect(runCli(['baseline'], { cwd: dir }).stderr).toBe('platlint: wrote .platlint-baseline.json: 2 entries\n');
    const stylish = runCli([], { cwd: dir });
    expect([stylish.status, stylish.stdout]).toEqual([0, '2 suppressed by the baseline, 1 by an exception.\n']);
    expect(lint(dir).report.summary.suppressed).toEqual({ baseline: 2, exception: 1 });
  });

  it('after their expiry date suppress nothing, and exception/expired points at them', () => {
    const dir = repository(SCOPED.replace('2099-12-31', '2020-01-31'));
    const run = lint(dir);
    expect(run.status).toBe(1);
    expect(run.reported).toEqual([
      ['config/platform.yaml', 'container-resources/quantities', 'error', 11, 18],
      ['users/jane.yaml', 'schema/type', 'error', 6, 20],
      ['users/joe.yaml', 'schema/type', 'error', 6, 20],
      ['.platlint.yaml', 'exception/expired', 'warning', 3, 5],
    ]);
    const expired = run.report.results.find((result) => result.file === '.platlint.yaml')?.diagnostics[0];
    expect(expired?.message).toBe('The exception for schema/* expired on 2020-01-31 and no longer applies.');
    expect(run.report.summary.suppressed).toEqual({ baseline: 0, exception: 0 });
  });

  it('report as rules of .platlint.yaml set them: exception/expired as an error, exception/unused off', () => {
    const config = SCOPED.replace('2099-12-31', '2020-01-31').replace('rules: {}', 'rules:\n  exception/expired: error\n  exception/unused: off');
    const dir = repository(`${config}  - rules: [user/email]\n    reason: Legacy addresses\n`);
    const run = lint(dir, ['users/jane.yaml']);
    expect(run.reported).toEqual([
      ['users/jane.yaml', 'schema/type', 'error', 6, 20],
      ['.platlint.yaml', 'exception/expired', 'error', 5, 5],
    ]);
  });

  it('that match nothing are exception/unused at their line: without files in any run', () => {
    const dir = repository(exception('rules: [user/email]\nreason: Legacy addresses'));
    const run = lint(dir, ['users/joe.yaml']);
    expect(run.status).toBe(1);
    expect(run.reported).toEqual([
      ['users/joe.yaml', 'schema/type', 'error', 6, 20],
      ['.platlint.yaml', 'exception/unused', 'warning', 3, 5],
    ]);
    expect(run.report.results.at(-1)?.diagnostics[0]?.message).toBe('The exception for user/email matches no problem.');
  });

  it('that match nothing are exception/unused with files only when the run linted every file they match', () => {
    const dir = repository(exception('rules: [user/email]\nfiles: [users/*.yaml]\nreason: Legacy addresses'));
    expect(lint(dir, ['users/joe.yaml']).reported).toEqual([['users/joe.yaml', 'schema/type', 'error', 6, 20]]);
    expect(lint(dir, ['users']).reported).toEqual([
      ['users/jane.yaml', 'schema/type', 'error', 6, 20],
      ['users/joe.yaml', 'schema/type', 'error', 6, 20],
      ['.platlint.yaml', 'exception/unused', 'warning', 3, 5],
    ]);
  });

  it('without a reason are a configuration error: exit 2, one line naming the entry', () => {
    const dir = repository(`${exception('rules: [schema/type]\nreason: Known')}  - rules: [user/email]\n    files: [users/*.yaml]\n`);
    const run = runCli([], { cwd: dir });
    expect([run.status, run.stdout, run.stderr]).toEqual([2, '', `platlint: ${join(dir, '.platlint.yaml')}:5:5: exceptions.1: missing "reason"\n`]);
  });

  it('with an expiry date that does not exist are a configuration error at the date: exit 2, one line each', () => {
    const config = `${exception('rules: [schema/type]\nreason: Known\nexpires: 2027-02-30')}  - rules: [user/email]\n    reason: Legacy\n    expires: 9999-99-99\n  - rules: [meta/labels]\n    reason: Leap day\n    expires: 2028-02-29\n`;
    const dir = repository(config);
    const run = runCli([], { cwd: dir });
    const file = join(dir, '.platlint.yaml');
    expect([run.status, run.stdout, run.stderr]).toEqual([
      2,
      '',
      `platlint: ${file}:5:14: exceptions.0.expires: must be a date that exists, written YYYY-MM-DD\nplatlint: ${file}:8:14: exceptions.1.expires: must be a date that exists, written YYYY-MM-DD\n`,
    ]);
    // 2028 is a leap year: its 29 February is a date, and that entry alone is fine.
    const leap = repository(exception('rules: [schema/type]\nreason: Known\nexpires: 2028-02-29'));
    expect(runCli([], { cwd: leap }).stderr).toBe('');
  });

  it('name renamed rules by their former ids', () => {
    const dir = repository(exception('rules: [resources/quantities]\nobjects: [Config/*]\nreason: Sized by the cluster team'));
    const run = lint(dir);
    expect(run.reported).toEqual([
      ['users/jane.yaml', 'schema/type', 'error', 6, 20],
      ['users/joe.yaml', 'schema/type', 'error', 6, 20],
    ]);
    expect(run.report.results[0]?.suppressed?.map((d) => [d.ruleId, d.by])).toEqual([['container-resources/quantities', 'exception']]);
  });
});
