/** `platlint baseline` and the baseline in `platlint` runs (docs/adopting.md, Baseline), end to end on a temporary git repository. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';
import { gitTree, tempTree } from '../helpers/files.js';
import { report } from '../helpers/json-report.js';

vi.setConfig({ testTimeout: 60_000 });

const JANE = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  tokenGeneration: "3"\n  email: jane@example.com\n';
const JOE = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: joe\nspec:\n  groups: admins\n';
const PLATFORM = 'apiVersion: management.platform/v1\nkind: Config\nmetadata:\n  name: platform\nstatus:\n  costControl:\n    global:\n      metrics:\n        resources:\n          limits:\n            cpu: 2 cores\n';

const BASELINE = [
  '{',
  '  "version": 1,',
  '  "entries": [',
  '    {"file":"config/platform.yaml","object":"Config/platform","rule":"container-resources/quantities","path":"/status/costControl/global/metrics/resources/limits/cpu"},',
  '    {"file":"users/jane.yaml","object":"User/jane","rule":"schema/type","path":"/spec/tokenGeneration"},',
  '    {"file":"users/joe.yaml","object":"User/joe","rule":"schema/type","path":"/spec/groups"}',
  '  ]',
  '}',
  '',
].join('\n');

/** A git repository with a configuration, two Users with one problem each and a Config with one. */
function repository(): string {
  return gitTree('platlint-baseline-', {
    '.platlint.yaml': 'rules: {}\n',
    'users/jane.yaml': JANE,
    'users/joe.yaml': JOE,
    'config/platform.yaml': PLATFORM,
  });
}

function baselined(): string {
  const dir = repository();
  const run = runCli(['baseline'], { cwd: dir });
  expect([run.status, run.stdout, run.stderr]).toEqual([0, '', 'platlint: wrote .platlint-baseline.json: 3 entries\n']);
  return dir;
}

const json = (dir: string, args: string[] = []) => {
  const run = runCli(['--format', 'json', ...args], { cwd: dir });
  return { status: run.status, report: report(run.stdout), stderr: run.stderr };
};

/** Each reported diagnostic as [file, rule, severity, line, column]. */
function reported(r: ReturnType<typeof report>): [string, string, string, number, number][] {
  return r.results.flatMap((result) => result.diagnostics.map((d) => [result.file, d.ruleId, d.severity, d.line, d.column] as [string, string, string, number, number]));
}

describe('platlint baseline', () => {
  it('writes one sorted entry a line: file, object, rule, data path; no line, column or count', () => {
    const dir = baselined();
    expect(readFileSync(join(dir, '.platlint-baseline.json'), 'utf8')).toBe(BASELINE);
  });

  it('is honoured by platlint: nothing reported, exit 0, the summary counts what it suppressed', () => {
    const dir = baselined();
    const stylish = runCli([], { cwd: dir });
    expect([stylish.status, stylish.stdout, stylish.stderr]).toEqual([0, '3 suppressed by the baseline.\n', '']);
    const { status, report: r } = json(dir);
    expect(status).toBe(0);
    expect(r.summary).toMatchObject({ errors: 0, warnings: 0, suppressed: { baseline: 3, exception: 0 } });
    const jane = r.results.find((result) => result.file === 'users/jane.yaml');
    expect(jane?.diagnostics).toEqual([]);
    expect(jane?.suppressed?.map((d) => [d.ruleId, d.severity, d.line, d.column, d.path, d.by])).toEqual([['schema/type', 'error', 6, 20, '/spec/tokenGeneration', 'baseline']]);
  });

  it('keeps suppressing when lines move, fields are inserted above and documents are reordered', () => {
    const dir = baselined();
    writeFileSync(join(dir, 'users/jane.yaml'), `# moved down\n\n${JANE.replace('spec:\n', 'spec:\n  groups:\n    - devs\n')}`);
    // Both Users in one file, in the other order.
    writeFileSync(join(dir, 'users/joe.yaml'), `${JOE.replace('joe', 'ann').replace('  groups: admins\n', '  email: ann@example.com\n')}---\n${JOE}`);
    const { status, report: r } = json(dir);
    expect(reported(r)).toEqual([]);
    expect([status, r.summary.suppressed]).toEqual([0, { baseline: 3, exception: 0 }]);
  });

  it('reports a second problem of the same rule in the same object at another path, alone', () => {
    const dir = baselined();
    writeFileSync(join(dir, 'users/jane.yaml'), `${JANE}  disabled: "true"\n`);
    const { status, report: r } = json(dir);
    expect(status).toBe(1);
    expect(reported(r)).toEqual([['users/jane.yaml', 'schema/type', 'error', 8, 13]]);
    expect(r.summary.suppressed).toEqual({ baseline: 3, exception: 0 });
  });

  it('reports a fixed problem once as baseline/unused at its entry, and --prune removes only that entry', () => {
    const dir = baselined();
    writeFileSync(join(dir, 'users/jane.yaml'), JANE.replace('"3"', '3'));
    const { status, report: r } = json(dir);
    expect(status).toBe(0);
    expect(reported(r)).toEqual([['.platlint-baseline.json', 'baseline/unused', 'warning', 5, 5]]);
    const unused = r.results.find((result) => result.file === '.platlint-baseline.json')?.diagnostics[0];
    expect(unused?.message).toBe('The baseline entry for schema/type at "/spec/tokenGeneration" of User/jane in users/jane.yaml matches no problem.');
    expect([unused?.endLine, unused?.endColumn]).toEqual([5, 105]);
    expect(runCli(['--max-warnings', '0'], { cwd: dir }).status).toBe(1);
    // A run that does not lint the entry's file cannot judge it.
    expect(reported(json(dir, ['users/joe.yaml']).report)).toEqual([]);

    const prune = runCli(['baseline', '--prune'], { cwd: dir });
    expect([prune.status, prune.stderr]).toEqual([0, 'platlint: wrote .platlint-baseline.json: removed 1 entry, 2 entries left\n']);
    expect(readFileSync(join(dir, '.platlint-baseline.json'), 'utf8')).toBe(BASELINE.replace(/ {4}\{"file":"users\/jane.yaml".*\n/, ''));
    const after = json(dir);
    expect([after.status, reported(after.report), after.report.summary.suppressed]).toEqual([0, [], { baseline: 2, exception: 0 }]);
  });

  it('says which exception took over a baselined problem, and why a problem no longer matches', () => {
    const dir = baselined();
    writeFileSync(join(dir, '.platlint.yaml'), 'rules: {}\nexceptions:\n  - rules: [schema/type]\n    objects: [User/jane]\n    reason: Migrated by a script (PLAT-7)\n');
    writeFileSync(join(dir, 'users/joe.yaml'), JOE.replace('  groups', '  # platlint-disable-next-line schema/type -- kept\n  groups'));
    const { status, report: r } = json(dir);
    expect([status, reported(r)]).toEqual([0, [['.platlint-baseline.json', 'baseline/unused', 'warning', 5, 5], ['.platlint-baseline.json', 'baseline/unused', 'warning', 6, 5]]]);
    const [takenOver, silenced] = r.results.find((result) => result.file === '.platlint-baseline.json')?.diagnostics ?? [];
    expect([takenOver?.message, takenOver?.note]).toEqual([
      'The baseline entry for schema/type at "/spec/tokenGeneration" of User/jane in users/jane.yaml is taken over by the exception at .platlint.yaml:3.',
      'The exception suppresses that problem now (an exception wins over the baseline): run `platlint baseline --prune` to remove the entry.',
    ]);
    expect([silenced?.message, silenced?.note]).toEqual([
      'The baseline entry for schema/type at "/spec/groups" of User/joe in users/joe.yaml matches no problem.',
      'Its problem is no longer reported (fixed, or turned off by a directive): run `platlint baseline --prune` to remove the entry, or it hides the next problem of its kind there.',
    ]);
    expect(r.summary.suppressed).toEqual({ baseline: 1, exception: 1 });
    expect(runCli(['baseline', '--prune'], { cwd: dir }).stderr).toBe('platlint: wrote .platlint-baseline.json: removed 2 entries, 1 entry left\n');
  });

  it('is left alone by --fix, as exceptions are; --fix --no-baseline fixes the baselined problems, then --prune', () => {
    const legacy = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: ann\n  selfLink: /users/ann\nspec:\n  emial: ann@example.com\n';
    const config = 'exceptions:\n  - rules: [meta/self-link]\n    reason: Removed with the next export\n';
    const dir = gitTree('platlint-baseline-fix-', { '.platlint.yaml': config, 'users/ann.yaml': legacy });
    expect(runCli(['baseline'], { cwd: dir }).stderr).toBe('platlint: wrote .platlint-baseline.json: 1 entry\n');
    const fix = runCli(['--fix'], { cwd: dir });
    expect([fix.status, fix.stdout]).toEqual([0, '1 suppressed by the baseline, 1 by an exception.\n']);
    expect(readFileSync(join(dir, 'users/ann.yaml'), 'utf8')).toBe(legacy);
    const all = runCli(['--fix', '--no-baseline'], { cwd: dir });
    expect([all.status, all.stdout]).toEqual([0, '✔ Fixed 1 problem in 1 file.\n1 suppressed by an exception.\n']);
    // The baselined misspelling is fixed; the excepted selfLink stays.
    expect(readFileSync(join(dir, 'users/ann.yaml'), 'utf8')).toBe(legacy.replace('emial', 'email'));
    expect(runCli(['baseline', '--prune'], { cwd: dir }).stderr).toBe('platlint: wrote .platlint-baseline.json: removed 1 entry, 0 entries left\n');
  });

  it('does not judge the entries of a rule the run turned off', () => {
    const dir = baselined();
    const { status, report: r } = json(dir, ['--rule', 'schema/type=off']);
    expect([status, reported(r), r.summary.suppressed]).toEqual([0, [], { baseline: 1, exception: 0 }]);
    const prune = runCli(['baseline', '--prune', '--rule', 'schema/type=off'], { cwd: dir });
    expect(prune.stderr).toBe('platlint: wrote .platlint-baseline.json: removed 0 entries, 3 entries left\n');
  });

  it('lives beside the configuration file, with paths relative to it, wherever platlint runs', () => {
    const dir = repository();
    const run = runCli(['baseline', '.'], { cwd: join(dir, 'users') });
    expect([run.status, run.stderr]).toEqual([0, 'platlint: wrote ../.platlint-baseline.json: 2 entries\n']);
    expect(readFileSync(join(dir, '.platlint-baseline.json'), 'utf8')).toBe(BASELINE.replace(/ {4}\{"file":"config.*\n/, ''));
    expect(json(join(dir, 'users')).status).toBe(0);
    // The entries of the files it did not lint stay.
    expect(runCli(['baseline', 'config'], { cwd: dir }).stderr).toBe('platlint: wrote .platlint-baseline.json: 3 entries\n');
    expect(readFileSync(join(dir, '.platlint-baseline.json'), 'utf8')).toBe(BASELINE);
  });

  it('--prune never adds an entry', () => {
    const dir = baselined();
    writeFileSync(join(dir, 'users/jane.yaml'), `${JANE}  disabled: "true"\n`);
    const prune = runCli(['baseline', '--prune'], { cwd: dir });
    expect([prune.status, prune.stderr]).toEqual([0, 'platlint: wrote .platlint-baseline.json: removed 0 entries, 3 entries left\n']);
    expect(readFileSync(join(dir, '.platlint-baseline.json'), 'utf8')).toBe(BASELINE);
    expect(json(dir).status).toBe(1);
  });

  it('without --prune, rewrites the whole set: the new problem is accepted', () => {
    const dir = baselined();
    writeFileSync(join(dir, 'users/jane.yaml'), `${JANE.replace('"3"', '3')}  disabled: "true"\n`);
    const run = runCli(['baseline'], { cwd: dir });
    expect([run.status, run.stderr]).toEqual([0, 'platlint: wrote .platlint-baseline.json: 3 entries\n']);
    expect(readFileSync(join(dir, '.platlint-baseline.json'), 'utf8')).toBe(BASELINE.replace('/spec/tokenGeneration', '/spec/disabled'));
    expect(json(dir).status).toBe(0);
  });

  it('tells apart, by a hash of the message, problems of one rule on one path of one object', () => {
    const directives = (...ids: string[]): string => `${JANE.replace('"3"', '3')}${ids.map((id) => `# platlint-disable-next-line ${id}\n`).join('')}`;
    const dir = tempTree('platlint-baseline-hash-', { 'jane.yaml': directives('user/email', 'meta/self-link') });
    expect(runCli(['baseline'], { cwd: dir }).stderr).toBe('platlint: wrote .platlint-baseline.json: 2 entries\n');
    const entries = (JSON.parse(readFileSync(join(dir, '.platlint-baseline.json'), 'utf8')) as { entries: Record<string, string>[] }).entries;
    expect(entries.map((e) => [e.object, e.rule, e.path, e.hash?.length])).toEqual([
      ['User/jane', 'directive/unused', '', 10],
      ['User/jane', 'directive/unused', '', 10],
    ]);
    expect(json(dir).status).toBe(0);
    writeFileSync(join(dir, 'jane.yaml'), directives('user/email', 'meta/self-link', 'schema/type'));
    const { status, report: r } = json(dir);
    expect([status, reported(r), r.summary.suppressed]).toEqual([0, [['jane.yaml', 'directive/unused', 'warning', 10, 1]], { baseline: 2, exception: 0 }]);
    expect(r.results[0]?.diagnostics[0]?.message).toBe('# platlint-disable-next-line schema/type suppresses nothing here.');
  });

  it('writes one entry for problems that say the same on one path, and the next run finds it used', () => {
    // After the TAB the parser says "this key does not line up" of two keys: one message twice, on the path "".
    const tabbed = readFileSync(join(ROOT, 'fixtures/yaml/duplicate-key/valid-after-syntax-error.yaml'), 'utf8');
    const dir = tempTree('platlint-baseline-same-', { 'jane.yaml': tabbed });
    const first = json(dir, ['--no-baseline']);
    expect(reported(first.report)).toEqual([
      ['jane.yaml', 'yaml/syntax', 'error', 10, 1],
      ['jane.yaml', 'yaml/syntax', 'error', 11, 3],
      ['jane.yaml', 'yaml/syntax', 'error', 13, 3],
    ]);
    expect(runCli(['baseline'], { cwd: dir }).stderr).toBe('platlint: wrote .platlint-baseline.json: 2 entries\n');
    const { status, report: r } = json(dir);
    expect([status, reported(r), r.summary.suppressed]).toEqual([0, [], { baseline: 3, exception: 0 }]);
  });

  it('--no-baseline reports every problem', () => {
    const dir = baselined();
    const { status, report: r } = json(dir, ['--no-baseline']);
    expect(status).toBe(1);
    expect(reported(r)).toEqual([
      ['config/platform.yaml', 'container-resources/quantities', 'error', 11, 18],
      ['users/jane.yaml', 'schema/type', 'error', 6, 20],
      ['users/joe.yaml', 'schema/type', 'error', 6, 11],
    ]);
    expect(r.summary.suppressed).toEqual({ baseline: 0, exception: 0 });
  });

  it('--baseline FILE names another file, for writing and reading; a missing one is an error', () => {
    const dir = repository();
    mkdirSync(join(dir, 'ci'));
    expect(runCli(['baseline', '--baseline', 'ci/known.json'], { cwd: dir }).stderr).toBe('platlint: wrote ci/known.json: 3 entries\n');
    expect(readFileSync(join(dir, 'ci/known.json'), 'utf8')).toBe(BASELINE.replace(/"file":"/g, '"file":"../'));
    expect(json(dir, ['--baseline', 'ci/known.json']).status).toBe(0);
    expect(json(dir).status).toBe(1);
    const missing = runCli(['--baseline', 'nowhere.json'], { cwd: dir });
    expect([missing.status, missing.stdout]).toEqual([2, '']);
    expect(missing.stderr).toBe(`platlint: cannot read baseline ${join(dir, 'nowhere.json')}: ENOENT: no such file or directory\n`);
  });

  it('a file that is not a baseline is one line and exit 2', () => {
    const dir = repository();
    writeFileSync(join(dir, '.platlint-baseline.json'), '{"version": 1, "entries": [{"file": 1}]}');
    const run = runCli([], { cwd: dir });
    expect([run.status, run.stdout, run.stderr]).toEqual([2, '', `platlint: ${join(dir, '.platlint-baseline.json')}: entry 1 needs "file", "object", "rule" and "path" strings\n`]);
  });

  it('matches a renamed rule by its former id', () => {
    const dir = baselined();
    const file = join(dir, '.platlint-baseline.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('container-resources/quantities', 'resources/quantities'));
    const { status, report: r } = json(dir);
    expect([status, reported(r), r.summary.suppressed]).toEqual([0, [], { baseline: 3, exception: 0 }]);
  });
});
