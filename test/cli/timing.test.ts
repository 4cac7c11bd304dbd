/** `--timing`: the time each rule took, after the report, on stderr (ESLint's TIMING table). */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RuleTimings, timingsOfPasses } from '../../src/formatters/timing.js';
import { ROOT, runCli } from '../helpers/cli.js';
import { tempTree } from '../helpers/files.js';

describe('the timing table', () => {
  it("is ESLint's: the slowest rules first with their share of the rules' time, then the total", () => {
    const timings = new RuleTimings();
    timings.add({ 'schema/*': 2, 'acme/no-cluster-admin': 5.25 });
    timings.add({ 'acme/no-cluster-admin': 2, 'user/email': 0.75 });
    timings.add({});
    expect(timings.table(10)).toBe(
      [
        'Rule                  | Time (ms) | Relative',
        ':---------------------|----------:|--------:',
        'acme/no-cluster-admin |     7.250 |    72.5%',
        'schema/*              |     2.000 |    20.0%',
        'user/email            |     0.750 |     7.5%',
        '',
        '3 rules ran for 10.000 ms on 3 files.',
      ].join('\n'),
    );
  });

  it('keeps the slowest up to the limit, equal times by id, and says how many ran', () => {
    const timings = new RuleTimings();
    timings.add({ 'b/b': 1, 'a/a': 1, 'c/c': 3 });
    expect(timings.table(2).split('\n')).toEqual(['Rule | Time (ms) | Relative', ':----|----------:|--------:', 'c/c  |     3.000 |    60.0%', 'a/a  |     1.000 |    20.0%', '', '3 rules ran for 5.000 ms on 1 file; the 2 slowest above.']);
  });

  it("sums one file's lint passes, as --fix makes them", () => {
    expect(timingsOfPasses([{ timings: { 'a/a': 1, 'schema/*': 0.5 } }, {}, { timings: { 'a/a': 2, 'b/b': 0.25 } }])).toEqual({ 'a/a': 3, 'schema/*': 0.5, 'b/b': 0.25 });
  });

  it('of a run that linted nothing', () => {
    expect(new RuleTimings().table(10)).toBe('Rule | Time (ms) | Relative\n:----|----------:|--------:\n\n0 rules ran for 0.000 ms on 0 files.');
  });
});

const POLICY = join(ROOT, 'fixtures/policies/no-cluster-admin/policy.yaml');
const USERS = readFileSync(join(ROOT, 'fixtures/policies/no-cluster-admin/tests/invalid.yaml'), 'utf8');
/** Only the policy's two rules and the schema stage's: the table's rows are known. */
const ONLY = ['--policy', POLICY, '--rule', '*/*=off', '--rule', 'acme/*=error', '--rule', 'schema/*=error'];
const ROW = /^(\S+) +\| +(\d+\.\d{3}) \| +(\d+\.\d)%$/;

function rows(stderr: string): string[] {
  const lines = stderr.split('\n');
  expect(lines.slice(0, 2)).toEqual(['Rule                   | Time (ms) | Relative', ':----------------------|----------:|--------:']);
  return lines.slice(2, lines.indexOf('')).map((line) => {
    expect(line).toMatch(ROW);
    return ROW.exec(line)?.[1] ?? '';
  });
}

describe('platlint --timing', () => {
  it('prints the table on stderr after the report, which it leaves as it is, with the same exit code', () => {
    const dir = tempTree('platlint-timing-', { 'users.yaml': USERS });
    const plain = runCli(['--format', 'json', ...ONLY, 'users.yaml'], { cwd: dir });
    const timed = runCli(['--format', 'json', '--timing', ...ONLY, 'users.yaml'], { cwd: dir });
    expect(plain.status).toBe(1);
    expect(timed.status).toBe(1);
    expect(timed.stdout).toBe(plain.stdout);
    expect(rows(timed.stderr).sort()).toEqual(['acme/no-cluster-admin', 'acme/no-wildcard-verbs', 'schema/*']);
    expect(timed.stderr).toMatch(/\n\n3 rules ran for \d+\.\d{3} ms on 1 file\.\n$/);
  });

  it('sums the files linted on worker threads', () => {
    const dir = tempTree('platlint-timing-', { 'a.yaml': USERS, 'b.yaml': USERS, 'c.yaml': USERS });
    const run = runCli(['--timing', '--threads', '2', ...ONLY, '.'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(rows(run.stderr).sort()).toEqual(['acme/no-cluster-admin', 'acme/no-wildcard-verbs', 'schema/*']);
    expect(run.stderr).toMatch(/\n\n3 rules ran for \d+\.\d{3} ms on 3 files\.\n$/);
  });

  it('with --fix, counts every lint pass of a file once among the files', () => {
    const dir = tempTree('platlint-timing-', { 'users.yaml': USERS.replace('email:', 'emial:') });
    const run = runCli(['--fix', '--timing', ...ONLY, 'users.yaml'], { cwd: dir });
    expect(readFileSync(join(dir, 'users.yaml'), 'utf8')).toBe(USERS);
    expect(rows(run.stderr).sort()).toEqual(['acme/no-cluster-admin', 'acme/no-wildcard-verbs', 'schema/*']);
    expect(run.stderr).toMatch(/\n\n3 rules ran for \d+\.\d{3} ms on 1 file\.\n$/);
  });

  it('lints every file: with --cache it neither reads nor writes the cache', () => {
    const dir = tempTree('platlint-timing-', { 'users.yaml': USERS });
    const run = runCli(['--timing', '--cache', ...ONLY, 'users.yaml'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/on 1 file\.\n$/);
    expect(existsSync(join(dir, '.platlintcache'))).toBe(false);
  });
});

describe('platlint baseline', () => {
  it('does not take --timing: it prints no report for the table to follow', () => {
    expect(runCli(['baseline', '--timing', 'fixtures/examples/broken-user.yaml'])).toEqual({ status: 2, stdout: '', stderr: "platlint: unknown option '--timing'\n" });
  });
});
