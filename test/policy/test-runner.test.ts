import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runPolicyTest } from '../../src/cli/policy-command.js';
import type { CliIo } from '../../src/cli/io.js';
import { UsageError } from '../../src/cli/settings.js';
import { PolicyTestError, runPolicyTests } from '../../src/project/policy-tests.js';
import { countCases } from '../../src/project/policy-test-results.js';
import { formatPolicyTestText } from '../../src/formatters/policy-test.js';
import { ROOT } from '../helpers/cli.js';
import { NO_CLUSTER_ADMIN_RULE, policy, removeTempDirs, tempDir, userWithRoles } from './helpers.js';

afterAll(removeTempDirs);

/** The text report's lines of a run, and its counts. */
function run(dir: string, cwd: string): { lines: string[]; passed: number; failed: number } {
  const cases = runPolicyTests(dir, cwd);
  return { lines: formatPolicyTestText(cases).split('\n').slice(0, -1), ...countCases(cases) };
}

const TEXT = { format: [], outputFile: [] };

function fakeIo(cwd: string): CliIo & { stdout: string; stderr: string[] } {
  const io = {
    cwd,
    color: false,
    stdout: '',
    stderr: [] as string[],
    out(text: string) {
      io.stdout += text;
    },
    error(line: string) {
      io.stderr.push(line);
    },
    readStdin: async () => ({ bytes: new Uint8Array() }),
  };
  return io;
}


describe('platlint policy test', () => {
  it('the example packs pass', () => {
    const summary = run('fixtures/policies', ROOT);
    expect(summary.lines.filter((l) => !l.startsWith('PASS - '))).toEqual(['9 passed, 0 failed']);
    expect([summary.passed, summary.failed]).toEqual([9, 0]);
    expect(summary.lines.at(-1)).toBe('9 passed, 0 failed');
    expect(summary.lines).toContain('PASS - fixtures/policies/no-cluster-admin/tests/invalid.yaml');
  });

  it('reports missing and unexpected diagnostics like conftest verify', () => {
    const dir = tempDir({
      'packs/acme/policy.yaml': policy(NO_CLUSTER_ADMIN_RULE),
      'packs/acme/tests/good.yaml': userWithRoles('    - name: cluster-admin # expect: acme/no-cluster-admin\n'),
      'packs/acme/tests/bad.yaml': userWithRoles('    - name: platform-viewer # expect: acme/no-cluster-admin\n    - name: cluster-admin\n'),
      'packs/broken/policy.yaml': policy(NO_CLUSTER_ADMIN_RULE.replace('acme/no-cluster-admin', 'acme/broken').replace("!= 'cluster-admin'", '!=')),
    });
    const summary = run('packs', dir);
    expect(summary.lines).toEqual([
      'FAIL - packs/acme/tests/bad.yaml',
      '  line 8: expected acme/no-cluster-admin, but it reported nothing there',
      '  line 9: unexpected acme/no-cluster-admin: cluster-admin must be requested through the access process',
      'PASS - packs/acme/tests/good.yaml',
      'FAIL - packs/broken - the policy does not load:',
      "  packs/broken/policy.yaml:11:32: error: Expression: CEL syntax error: mismatched input '<EOF>' expecting an expression (policy/invalid)",
      'WARN - packs/broken - no test fixtures in packs/broken/tests',
      '1 passed, 2 failed',
    ]);
    expect([summary.passed, summary.failed]).toEqual([1, 2]);
  });

  it('a failing evaluation fails the fixture', () => {
    const dir = tempDir({
      'pack/policy.yaml': policy(NO_CLUSTER_ADMIN_RULE.replace("self.name != 'cluster-admin'", 'self.role != 1')),
      'pack/tests/user.yaml': userWithRoles('    - name: cluster-admin\n'),
    });
    const summary = run('pack', dir);
    expect(summary.lines[0]).toBe('FAIL - pack/tests/user.yaml');
    expect(summary.lines[1]).toMatch(/^ {2}pack\/policy\.yaml:11:19: error: The policy rule acme\/no-cluster-admin could not be evaluated on 1 document .*it first failed on User "jane-doe" in pack\/tests\/user\.yaml: no such key: role[^\n]* \(policy\/evaluation-error\)$/);
    expect(summary.lines.at(-1)).toBe('0 passed, 1 failed');
  });

  it('a directory that does not exist or holds no policy is an error', () => {
    const dir = tempDir({ 'empty/notes.txt': 'x' });
    expect(() => runPolicyTests('nope', dir)).toThrow(new PolicyTestError('no such directory: nope'));
    expect(() => runPolicyTests('empty', dir)).toThrow(new PolicyTestError('no policy files (*.yaml, *.yml) in empty'));
  });

  it('runPolicyTest: exit codes 0, 1 and 2, output through CliIo', async () => {
    const ok = fakeIo(process.cwd());
    expect(await runPolicyTest('fixtures/policies', TEXT, ok, {})).toBe(0);
    expect(ok.stdout.endsWith('\n9 passed, 0 failed\n')).toBe(true);
    expect(ok.stderr).toEqual([]);

    const dir = tempDir({
      'pack/policy.yaml': policy(NO_CLUSTER_ADMIN_RULE),
      'pack/tests/user.yaml': userWithRoles('    - name: cluster-admin\n'),
    });
    const failing = fakeIo(dir);
    expect(await runPolicyTest('pack', TEXT, failing, {})).toBe(1);
    expect(failing.stdout).toBe('FAIL - pack/tests/user.yaml\n  line 8: unexpected acme/no-cluster-admin: cluster-admin must be requested through the access process\n0 passed, 1 failed\n');

    const bad = fakeIo(dir);
    expect(await runPolicyTest('missing', TEXT, bad, {})).toBe(2);
    expect(bad.stderr).toEqual(['platlint: no such directory: missing']);
    expect(bad.stdout).toBe('');
  });
});

describe('policy test --format and -o', () => {
  const failingPack = (): string => tempDir({ 'pack/policy.yaml': policy(NO_CLUSTER_ADMIN_RULE), 'pack/tests/user.yaml': userWithRoles('    - name: cluster-admin\n') });

  it('writes each format to stdout or to the -o after it (its folder made), exit code by the tests', async () => {
    const dir = failingPack();
    const io = fakeIo(dir);
    expect(await runPolicyTest('pack', { format: ['json', 'junit'], outputFile: ['reports/policy-tests.json'] }, io, {})).toBe(1);
    expect(io.stderr).toEqual([]);
    expect(io.stdout).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="platlint policy test" tests="1" failures="1" errors="0">\n/);
    const report = JSON.parse(readFileSync(join(dir, 'reports/policy-tests.json'), 'utf8')) as { tests: { name: string; status: string }[]; summary: unknown };
    expect(report.tests.map((t) => [t.name, t.status])).toEqual([['pack/tests/user.yaml', 'fail']]);
    expect(report.summary).toEqual({ passed: 0, failed: 1, warned: 0 });
  });

  it('on GitHub Actions the default report is the text with annotations; an unknown format is a usage error', async () => {
    const dir = failingPack();
    const io = fakeIo(dir);
    expect(await runPolicyTest('pack', TEXT, io, { GITHUB_ACTIONS: 'true' })).toBe(1);
    expect(io.stdout.split('\n')).toEqual([
      'FAIL - pack/tests/user.yaml',
      '  line 8: unexpected acme/no-cluster-admin: cluster-admin must be requested through the access process',
      '0 passed, 1 failed',
      '::error file=pack/tests/user.yaml,line=8,col=7,endLine=8,endColumn=26,title=policy test%3A pack/tests/user.yaml::unexpected acme/no-cluster-admin: cluster-admin must be requested through the access process',
      '',
    ]);
    await expect(runPolicyTest('pack', { format: ['jsn'], outputFile: [] }, fakeIo(dir), {})).rejects.toThrow(new UsageError('unknown format "jsn"; did you mean "json"? (use text, json, junit, github)'));
  });

  it('a report that cannot be written is one line and exit code 2; the other reports are written', async () => {
    const dir = failingPack();
    writeFileSync(join(dir, 'blocked'), 'a file, not a folder');
    const io = fakeIo(dir);
    expect(await runPolicyTest('pack', { format: ['json', 'text'], outputFile: ['blocked/report.json', 'report.txt'] }, io, {})).toBe(2);
    expect(io.stderr).toEqual([expect.stringMatching(/^platlint: cannot write blocked\/report\.json: /)]);
    expect(readFileSync(join(dir, 'report.txt'), 'utf8')).toMatch(/^FAIL - pack\/tests\/user\.yaml\n/);
    expect(io.stdout).toBe('');
  });
});

describe('policy test with old/new fixture pairs', () => {
  it('X.yaml beside X.old.yaml is linted as an update; X.old.yaml is not a fixture of its own', () => {
    const summary = run('fixtures/policies/token-generation-grows', ROOT);
    expect(summary.lines).toEqual([
      'PASS - fixtures/policies/token-generation-grows/tests/lowered.yaml',
      'PASS - fixtures/policies/token-generation-grows/tests/no-old-version.yaml',
      'PASS - fixtures/policies/token-generation-grows/tests/raised.yaml',
      '3 passed, 0 failed',
    ]);
  });

  it('a marker the update does not produce fails the pair', () => {
    const dir = tempDir({
      'p/policy.yaml': readFileSync('fixtures/policies/token-generation-grows/policy.yaml', 'utf8'),
      'p/tests/up.old.yaml': 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: a\nspec:\n  tokenGeneration: 1\n',
      'p/tests/up.yaml': 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: a\nspec:\n  tokenGeneration: 2 # expect: acme/token-generation-only-grows\n',
    });
    const summary = run('p', dir);
    expect(summary.lines).toEqual(['FAIL - p/tests/up.yaml', '  line 6: expected acme/token-generation-only-grows, but it reported nothing there', '0 passed, 1 failed']);
  });
});
