/**
 * `--statistics` and `--format gitlab` end to end: the built CLI on a throwaway git repository, exact exit codes,
 * counts and positions.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it, vi } from 'vitest';
import { reportSchema } from '../../src/formatters/report-schema.js';
import { runCli } from '../helpers/cli.js';
import { gitTree, tempTree } from '../helpers/files.js';
import type { CodeQualityIssue as Issue } from '../../src/formatters/gitlab.js';

vi.setConfig({ testTimeout: 60_000 });

/** Two Users in one file: each with a deprecated selfLink and a misspelt field (both fixable), jane a quoted number. */
const TEAM = [
  'apiVersion: management.platform/v1',
  'kind: User',
  'metadata:',
  '  name: jane',
  '  selfLink: /x',
  'spec:',
  '  emial: jane@example.com',
  '  tokenGeneration: "3"',
  '---',
  'apiVersion: management.platform/v1',
  'kind: User',
  'metadata:',
  '  name: joe',
  '  selfLink: /y',
  'spec:',
  '  emial: joe@example.com',
  '',
].join('\n');

const CLEAN = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: ann\nspec:\n  email: ann@example.com\n';

/** A git repository holding the files, committed, as a CI job checks it out. */
function repository(files: Record<string, string>): string {
  return gitTree('platlint-adopt-', files, { commit: true });
}

describe('--statistics', () => {
  const dir = repository({ 'users/team.yaml': TEAM, 'users/ann.yaml': CLEAN });

  it('prints a table per rule after the stylish report, the most frequent first', () => {
    const run = runCli(['--statistics'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('');
    const summary = run.stdout.slice(run.stdout.indexOf('✖'));
    expect(summary).toBe(
      [
        '✖ 5 problems (3 errors, 2 warnings, 0 infos) in 1 file with problems (2 files linted)',
        '  2 errors and 2 warnings fixable with the `--fix` option.',
        '',
        'Problems by rule:',
        '  count  fixable  rule                  description',
        '      2        2  meta/self-link        Disallow the deprecated metadata.selfLink',
        '      2        2  schema/unknown-field  Disallow fields the spec does not define',
        '      1        0  schema/type           Require every field to have the type the spec gives it',
        '',
      ].join('\n'),
    );
  });

  it('counts what is reported: with --quiet, errors only', () => {
    const run = runCli(['--statistics', '--quiet'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stdout.slice(run.stdout.indexOf('Problems by rule:'))).toBe(
      [
        'Problems by rule:',
        '  count  fixable  rule                  description',
        '      2        2  schema/unknown-field  Disallow fields the spec does not define',
        '      1        0  schema/type           Require every field to have the type the spec gives it',
        '',
      ].join('\n'),
    );
  });

  it('adds statistics to the JSON report, valid against its schema, only when asked', () => {
    const run = runCli(['--statistics', '--format', 'json'], { cwd: dir });
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(Object.keys(report)).toEqual(['version', 'results', 'summary', 'statistics']);
    expect(report.statistics).toEqual([
      { ruleId: 'meta/self-link', count: 2, fixable: 2 },
      { ruleId: 'schema/unknown-field', count: 2, fixable: 2 },
      { ruleId: 'schema/type', count: 1, fixable: 0 },
    ]);
    const validate = new Ajv({ strict: false }).compile(reportSchema);
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(Object.keys(JSON.parse(runCli(['--format', 'json'], { cwd: dir }).stdout))).toEqual(['version', 'results', 'summary']);
  });

  it('prints nothing more for a clean run', () => {
    expect(runCli(['users/ann.yaml', '--statistics'], { cwd: dir })).toEqual({ status: 0, stdout: '', stderr: '' });
    expect(JSON.parse(runCli(['users/ann.yaml', '--statistics', '--format', 'json'], { cwd: dir }).stdout).statistics).toEqual([]);
  });
});

describe('--format gitlab', () => {
  it('writes the Code Quality report: one issue per problem, unique fingerprints, paths relative to the checkout', () => {
    const dir = repository({ 'users/team.yaml': TEAM, 'users/ann.yaml': CLEAN });
    const run = runCli(['--format', 'gitlab'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('');
    const issues = JSON.parse(run.stdout) as Issue[];
    expect(issues.map((i) => [i.check_name, i.severity, i.location.path, i.location.lines.begin])).toEqual([
      ['meta/self-link', 'minor', 'users/team.yaml', 5],
      ['schema/unknown-field', 'major', 'users/team.yaml', 7],
      ['schema/type', 'major', 'users/team.yaml', 8],
      ['meta/self-link', 'minor', 'users/team.yaml', 14],
      ['schema/unknown-field', 'major', 'users/team.yaml', 16],
    ]);
    expect(issues[1]?.description).toBe('Unknown field "emial" in spec; did you mean "email"? The platform drops unknown fields silently.');
    expect(Object.keys(issues[0] ?? {})).toEqual(['description', 'check_name', 'fingerprint', 'severity', 'location']);
    expect(new Set(issues.map((i) => i.fingerprint)).size).toBe(5);
    for (const issue of issues) expect(issue.fingerprint).toMatch(/^[0-9a-f]{32}$/);
  });

  it('keeps every fingerprint when lines are inserted above and the documents are swapped', () => {
    const dir = repository({ 'users/team.yaml': TEAM });
    const before = JSON.parse(runCli(['--format', 'gitlab'], { cwd: dir }).stdout) as Issue[];
    const [jane, joe] = TEAM.split('---\n') as [string, string];
    const edited = `# The platform team's Users\n${joe}---\n${jane.replace('metadata:\n', 'metadata:\n  labels: {team: platform}\n')}`;
    writeFileSync(join(dir, 'users/team.yaml'), edited);
    const run = runCli(['--format', 'gitlab'], { cwd: dir });
    expect(run.status).toBe(1);
    const after = JSON.parse(run.stdout) as Issue[];
    expect(after.map((i) => [i.check_name, i.location.lines.begin])).toEqual([
      ['meta/self-link', 6],
      ['schema/unknown-field', 8],
      ['meta/self-link', 15],
      ['schema/unknown-field', 17],
      ['schema/type', 18],
    ]);
    const byFingerprint = (issues: Issue[]): Map<string, string> => new Map(issues.map((i) => [i.fingerprint, i.check_name]));
    expect(byFingerprint(after)).toEqual(byFingerprint(before));
  });

  it('goes with other formats in one run: gitlab to a file, json on stdout', () => {
    const dir = repository({ 'users/team.yaml': TEAM });
    const run = runCli(['--format', 'gitlab', '-o', 'reports/gl-code-quality.json', '--format', 'json'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout).summary.errors).toBe(3);
    const issues = JSON.parse(readFileSync(join(dir, 'reports/gl-code-quality.json'), 'utf8')) as Issue[];
    expect(issues).toHaveLength(5);
  });

  it('names files from the repository top when run in a subfolder (same fingerprints), from the working directory outside a repository', () => {
    const dir = repository({ 'platform/users/team.yaml': TEAM });
    const fromTop = JSON.parse(runCli(['--format', 'gitlab', 'platform'], { cwd: dir }).stdout) as Issue[];
    const inside = runCli(['--format', 'gitlab', '.', '-o', '../../gl-code-quality.json'], { cwd: join(dir, 'platform/users') });
    expect([inside.status, inside.stdout, inside.stderr]).toEqual([1, '', '']);
    const fromSubfolder = JSON.parse(readFileSync(join(dir, 'gl-code-quality.json'), 'utf8')) as Issue[];
    expect(fromSubfolder.map((i) => i.location.path)).toEqual(Array(5).fill('platform/users/team.yaml'));
    expect(fromSubfolder).toEqual(fromTop);

    const loose = tempTree('platlint-no-repo-', { 'platform/users/team.yaml': TEAM });
    const outside = JSON.parse(runCli(['--format', 'gitlab', '.'], { cwd: join(loose, 'platform') }).stdout) as Issue[];
    expect(outside.map((i) => i.location.path)).toEqual(Array(5).fill('users/team.yaml'));
  });

  it('is an empty array for a clean run, which exits 0', () => {
    const dir = repository({ 'users/ann.yaml': CLEAN });
    expect(runCli(['--format', 'gitlab'], { cwd: dir })).toEqual({ status: 0, stdout: '[]\n', stderr: '' });
  });
});
