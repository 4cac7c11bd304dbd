/** `platlint diff` and `lint --base` end to end, through the built CLI (`platlint patch`: patch.test.ts). */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { report, spans } from '../helpers/json-report.js';
import { sarifValidator } from '../formatters/sarif-schema.js';
import { user } from '../helpers/manifests.js';

/** A User whose username is its name, at a token generation: `tokenGeneration` is line 7. */
const withGeneration = (name: string, generation: number): string => user(`  username: ${name}\n  tokenGeneration: ${generation}\n`, name);


const diff = (rule: string, name: string, extra: string[] = []) =>
  runCli(['diff', `fixtures/change/${rule}/${name}.old.yaml`, `fixtures/change/${rule}/${name}.yaml`, '--format', 'json', ...extra]);

describe('platlint diff OLD NEW', () => {
  it('change/identity: a rename (paired by uid), a namespace and a creationTimestamp, at their new values', () => {
    const run = diff('identity', 'renamed');
    expect(run.status).toBe(1);
    expect(spans(run.stdout)).toEqual([
      ['change/identity', 'error', 4, 9, 4, 19],
      ['change/identity', 'error', 5, 14, 5, 20],
      ['change/identity', 'error', 9, 22, 9, 44],
    ]);
    expect(report(run.stdout).results[0]?.diagnostics[0]?.message).toBe('metadata.name cannot be updated: it was "jane-doe", now "jane-smith".');
  });

  it('change/identity: a changed kind', () => {
    const run = diff('identity', 'kind');
    expect(run.status).toBe(1);
    expect(spans(run.stdout)).toEqual([['change/identity', 'error', 2, 7, 2, 13]]);
  });

  it('change/resource-version: a different one is an error, a missing one a warning at metadata', () => {
    const conflict = diff('resource-version', 'conflict');
    expect(conflict.status).toBe(1);
    expect(spans(conflict.stdout)).toEqual([['change/resource-version', 'error', 6, 20, 6, 26]]);
    const missing = diff('resource-version', 'missing');
    expect(missing.status).toBe(0);
    expect(spans(missing.stdout)).toEqual([['change/resource-version', 'warning', 3, 1, 3, 9]]);
    expect(diff('resource-version', 'missing', ['--max-warnings', '0']).status).toBe(1);
  });

  it('change/finalizers: an entry added during deletion, at its line; removals are fine', () => {
    const run = diff('finalizers', 'added');
    expect(run.status).toBe(1);
    expect(spans(run.stdout)).toEqual([['change/finalizers', 'error', 12, 7, 12, 26]]);
    expect(spans(diff('finalizers', 'removed').stdout)).toEqual([]);
  });

  it('change/server-fields, change/token-generation and change/disabled', () => {
    const generation = diff('server-fields', 'generation');
    expect(generation.status).toBe(0);
    expect(spans(generation.stdout, ['change/', 'meta/'])).toEqual([['change/server-fields', 'warning', 7, 15, 7, 16]]);
    const raised = diff('token-generation', 'raised');
    expect(raised.status).toBe(0);
    expect(spans(raised.stdout)).toEqual([['change/token-generation', 'info', 12, 20, 12, 21]]);
    expect(spans(diff('token-generation', 'lowered').stdout)).toEqual([['change/token-generation', 'warning', 12, 20, 12, 21]]);
    const disabled = diff('disabled', 'disabled');
    expect(disabled.status).toBe(0);
    expect(spans(disabled.stdout)).toEqual([['change/disabled', 'info', 13, 13, 13, 17]]);
  });

  it('identical objects give no change/ diagnostic; several objects pair by identity, not by order', () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-diff-'));
    writeFileSync(join(dir, 'old.yaml'), `${withGeneration('ann', 1)}---\n${withGeneration('bob', 1)}`);
    writeFileSync(join(dir, 'same.yaml'), `${withGeneration('ann', 1)}---\n${withGeneration('bob', 1)}`);
    writeFileSync(join(dir, 'new.yaml'), `${withGeneration('bob', 2)}---\n${withGeneration('ann', 1)}`);
    const same = runCli(['diff', 'old.yaml', 'same.yaml', '--format', 'json'], { cwd: dir });
    expect(same.status).toBe(0);
    expect(spans(same.stdout)).toEqual([]);
    const swapped = runCli(['diff', 'old.yaml', 'new.yaml', '--format', 'json'], { cwd: dir });
    expect(spans(swapped.stdout)).toEqual([['change/token-generation', 'info', 7, 20, 7, 21]]);
  });

  it('an object renamed without a uid is still compared when it is the only one left in its file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-diff-rename-'));
    writeFileSync(join(dir, 'old.yaml'), user('  username: jane\n', 'jane-doe'));
    writeFileSync(join(dir, 'new.yaml'), user('  username: jane\n', 'jane-smith'));
    const run = runCli(['diff', 'old.yaml', 'new.yaml', '--format', 'json'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(spans(run.stdout)).toEqual([['change/identity', 'error', 4, 9, 4, 19]]);
  });

  it('NEW as a directory: files other than the matching one pair by identity only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-diff-dir-'));
    mkdirSync(join(dir, 'new'));
    writeFileSync(join(dir, 'old.yaml'), withGeneration('ann', 1));
    writeFileSync(join(dir, 'new', 'ann.yaml'), withGeneration('ann', 2));
    writeFileSync(join(dir, 'new', 'bob.yaml'), withGeneration('bob', 1));
    const run = runCli(['diff', 'old.yaml', 'new', '--format', 'json'], { cwd: dir });
    expect(report(run.stdout).results.map((r) => [r.file, spans(JSON.stringify({ results: [r] }))])).toEqual([
      ['new/ann.yaml', [['change/token-generation', 'info', 7, 20, 7, 21]]],
      ['new/bob.yaml', []],
    ]);
  });

  it('an OLD that cannot be read is one line and exit 2', () => {
    const run = runCli(['diff', 'no/such/old.yaml', 'fixtures/change/identity/renamed.yaml']);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('platlint: cannot read no/such/old.yaml: ENOENT: no such file or directory\n');
  });
});

function git(cwd: string, ...args: string[]): void {
  const run = spawnSync('git', ['-c', 'user.name=platlint', '-c', 'user.email=platlint@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
}

describe('platlint lint --base REF', () => {
  const jane = (extra: string, generation: number): string => user(`  username: jane\n  colour: blue\n${extra}  tokenGeneration: ${generation}\n`, 'jane-doe');
  const repo = mkdtempSync(join(tmpdir(), 'platlint-base-'));
  git(repo, 'init', '-q', '-b', 'main');
  mkdirSync(join(repo, 'users'));
  writeFileSync(join(repo, 'users', 'jane.yaml'), jane('', 1));
  git(repo, 'add', '.');
  git(repo, 'commit', '-q', '-m', 'jane');
  // The change: the file moves, keeps its old problem, gains a new one and raises the token generation.
  mkdirSync(join(repo, 'people'));
  renameSync(join(repo, 'users', 'jane.yaml'), join(repo, 'people', 'jane.yaml'));
  writeFileSync(join(repo, 'people', 'jane.yaml'), jane('  shoeSize: 42\n', 2));

  it('marks what the change introduced; a moved file still matches by identity', () => {
    const run = runCli(['lint', '--base', 'HEAD', 'people', '--format', 'json'], { cwd: repo });
    expect(run.status).toBe(1);
    const diagnostics = report(run.stdout).results.flatMap((r) => r.diagnostics);
    expect(diagnostics.map((d) => [d.ruleId, d.line, d.introduced])).toEqual([
      ['schema/unknown-field', 7, false],
      ['schema/unknown-field', 8, true],
      ['change/token-generation', 9, true],
    ]);
  });

  it('--new-only reports and exits only by what the change introduced', () => {
    const run = runCli(['lint', '--base', 'HEAD', '--new-only', 'people', '--format', 'json'], { cwd: repo });
    expect(run.status).toBe(1);
    expect(report(run.stdout).results.flatMap((r) => r.diagnostics).map((d) => [d.ruleId, d.line])).toEqual([
      ['schema/unknown-field', 8],
      ['change/token-generation', 9],
    ]);
    // Only the old problem left: --new-only passes, plain lint does not.
    const clean = mkdtempSync(join(tmpdir(), 'platlint-base-clean-'));
    git(clean, 'init', '-q', '-b', 'main');
    writeFileSync(join(clean, 'jane.yaml'), jane('', 1));
    git(clean, 'add', '.');
    git(clean, 'commit', '-q', '-m', 'jane');
    writeFileSync(join(clean, 'jane.yaml'), `# reviewed\n${jane('', 1)}`);
    const newOnly = runCli(['lint', '--base', 'HEAD', '--new-only', '.', '--format', 'json'], { cwd: clean });
    expect(newOnly.status).toBe(0);
    expect(report(newOnly.stdout).results.flatMap((r) => r.diagnostics)).toEqual([]);
    expect(runCli(['lint', '.'], { cwd: clean }).status).toBe(1);
  });

  it('SARIF carries baselineState', () => {
    const run = runCli(['lint', '--base', 'HEAD', 'people', '--format', 'sarif'], { cwd: repo });
    const results = (JSON.parse(run.stdout) as { runs: { results: { ruleId: string; baselineState?: string }[] }[] }).runs[0]?.results ?? [];
    expect(results.map((r) => [r.ruleId, r.baselineState])).toEqual([
      ['schema/unknown-field', 'unchanged'],
      ['schema/unknown-field', 'new'],
      ['change/token-generation', 'new'],
    ]);
  });

  it('SARIF carries baselineState on every result: suppressed ones (their base counted with its own) and problems of the baseline file', () => {
    const based = mkdtempSync(join(tmpdir(), 'platlint-base-sarif-'));
    git(based, 'init', '-q', '-b', 'main');
    writeFileSync(join(based, 'jane.yaml'), jane('', 1));
    // The old problem (colour) is baselined; the entry for a problem that is not there is baseline/unused.
    const entries = ['{"file":"jane.yaml","object":"User/jane-doe","rule":"schema/type","path":"/spec/username"}', '{"file":"jane.yaml","object":"User/jane-doe","rule":"schema/unknown-field","path":"/spec/colour"}'];
    writeFileSync(join(based, '.platlint-baseline.json'), `{\n  "version": 1,\n  "entries": [\n    ${entries.join(',\n    ')}\n  ]\n}\n`);
    git(based, 'add', '.');
    git(based, 'commit', '-q', '-m', 'jane');
    writeFileSync(join(based, 'jane.yaml'), jane('  shoeSize: 42\n', 1));
    const run = runCli(['lint', '--base', 'HEAD', 'jane.yaml', '--format', 'sarif'], { cwd: based });
    expect([run.status, run.stderr]).toEqual([1, '']);
    const log = JSON.parse(run.stdout) as { runs: { results: { ruleId: string; baselineState?: string; suppressions?: unknown[]; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };
    expect(sarifValidator()(log)).toBeUndefined();
    expect(log.runs[0]?.results.map((r) => [r.locations[0]?.physicalLocation.artifactLocation.uri, r.ruleId, r.baselineState, r.suppressions !== undefined])).toEqual([
      ['jane.yaml', 'schema/unknown-field', 'new', false],
      ['jane.yaml', 'schema/unknown-field', 'unchanged', true],
      ['.platlint-baseline.json', 'baseline/unused', 'new', false],
    ]);
    const json = report(runCli(['lint', '--base', 'HEAD', 'jane.yaml', '--format', 'json'], { cwd: based }).stdout);
    expect(json.results[0]?.suppressed?.map((d) => [d.ruleId, d.line, d.introduced])).toEqual([['schema/unknown-field', 7, false]]);
  });

  it('a revision that is not there, --new-only without --base, or no repository: one line, exit 2', () => {
    const bad = runCli(['lint', '--base', 'no-such-branch', 'people'], { cwd: repo });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe('platlint: --base: "no-such-branch" is not a commit in this repository (fetch it first, e.g. git fetch origin no-such-branch)\n');
    const newOnly = runCli(['lint', '--new-only', 'people'], { cwd: repo });
    expect(newOnly.status).toBe(2);
    expect(newOnly.stderr).toBe('platlint: --new-only needs --base REF (what the change is measured against)\n');
    const outside = mkdtempSync(join(tmpdir(), 'platlint-no-repo-'));
    writeFileSync(join(outside, 'jane.yaml'), jane('', 1));
    const noRepo = runCli(['lint', '--base', 'HEAD', '.'], { cwd: outside, env: { GIT_CEILING_DIRECTORIES: tmpdir() } });
    expect(noRepo.status).toBe(2);
    expect(noRepo.stderr).toMatch(/^platlint: --base: git rev-parse failed: not a git repository/);
  });

  it('plain lint starts no git process; --base does', () => {
    const bin = mkdtempSync(join(tmpdir(), 'platlint-fake-git-'));
    const marker = join(bin, 'git-was-run');
    writeFileSync(join(bin, 'git'), `#!/bin/sh\necho "$@" >> "${marker}"\nexit 1\n`);
    chmodSync(join(bin, 'git'), 0o755);
    const env = { PATH: `${bin}:${process.env['PATH'] ?? ''}` };
    expect(runCli(['lint', 'people'], { cwd: repo, env }).status).toBe(1);
    expect(existsSync(marker)).toBe(false);
    expect(runCli(['lint', '--base', 'HEAD', 'people'], { cwd: repo, env }).status).toBe(2);
    expect(readFileSync(marker, 'utf8')).toMatch(/^rev-parse/);
  });
});

describe('policies with oldObject and oldSelf', () => {
  const pack = 'fixtures/policies/token-generation-grows';

  it('diff runs them at the new version, with the old values in the message', () => {
    const run = runCli(['diff', `${pack}/tests/lowered.old.yaml`, `${pack}/tests/lowered.yaml`, '--policy', pack, '--format', 'json']);
    expect(run.status).toBe(1);
    const diagnostics = report(run.stdout).results.flatMap((r) => r.diagnostics).filter((d) => d.ruleId.startsWith('acme/'));
    expect(diagnostics.map((d) => [d.ruleId, d.severity, d.line, d.column, d.endLine, d.endColumn, d.message])).toEqual([
      ['acme/token-generation-only-grows', 'error', 8, 20, 8, 21, 'spec.tokenGeneration of jane-doe goes back from 5 to 4; raise it above 5 to invalidate the tokens'],
      ['acme/token-generation-kept', 'error', 10, 1, 10, 35, 'spec.tokenGeneration was set and is now removed, which resets it to 0; keep it, or raise it'],
    ]);
  });

  it('explain says a rule that reads the old version runs only on updates', () => {
    const page = runCli(['explain', '--policy', pack, 'acme/token-generation-only-grows']).stdout;
    expect(page).toContain('It reads the previous version (`oldObject`, `oldSelf`), so it runs only when a document is linted as an update');
  });

  it('plain lint does not run them (there is no old version)', () => {
    // Through stdin: named as a file, a fixture of a policy in force is not linted at all.
    const run = runCli(['lint', '-', '--policy', pack, '--format', 'json'], { input: readFileSync(join(process.cwd(), pack, 'tests/lowered.yaml')) });
    expect(run.status).toBe(0);
    expect((JSON.parse(run.stdout) as { summary: { skippedFiles: number } }).summary.skippedFiles).toBe(0);
    expect(report(run.stdout).results.flatMap((r) => r.diagnostics).filter((d) => d.ruleId.startsWith('acme/') || d.ruleId.startsWith('policy/'))).toEqual([]);
  });

  it('lint --base runs them against the revision', () => {
    const repo = mkdtempSync(join(tmpdir(), 'platlint-base-policy-'));
    git(repo, 'init', '-q', '-b', 'main');
    writeFileSync(join(repo, 'users.yaml'), readFileSync(join(process.cwd(), pack, 'tests/lowered.old.yaml'), 'utf8'));
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'users');
    writeFileSync(join(repo, 'users.yaml'), readFileSync(join(process.cwd(), pack, 'tests/lowered.yaml'), 'utf8'));
    const run = runCli(['lint', '--base', 'HEAD', '--policy', join(process.cwd(), pack), 'users.yaml', '--format', 'json'], { cwd: repo });
    expect(run.status).toBe(1);
    expect(report(run.stdout).results.flatMap((r) => r.diagnostics).filter((d) => d.ruleId.startsWith('acme/')).map((d) => [d.ruleId, d.line, d.introduced])).toEqual([
      ['acme/token-generation-only-grows', 8, true],
      ['acme/token-generation-kept', 10, true],
    ]);
  });
});
