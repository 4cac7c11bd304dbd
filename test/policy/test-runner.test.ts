import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { runPolicyTest } from '../../src/cli/policy-command.js';
import type { CliIo } from '../../src/cli/io.js';
import { PolicyTestError, runPolicyTests } from '../../src/project/policy-tests.js';
import { ROOT } from '../helpers/cli.js';
import { policy, tempDir, removeTempDirs } from './helpers.js';
import { user } from '../helpers/manifests.js';

afterAll(removeTempDirs);

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
    readStdin: async () => new Uint8Array(),
  };
  return io;
}

const RULE = `    - id: acme/no-cluster-admin
      description: Disallow cluster-admin
      severity: error
      given: spec.clusterRoles[*]
      expression: "self.name != 'cluster-admin'"
      message: cluster-admin must be requested through the access process
`;

const USER = (roles: string): string => user(`  username: jane.doe\n  clusterRoles:\n${roles}`, 'jane-doe');

describe('platlint policy test', () => {
  it('the example packs pass', () => {
    const summary = runPolicyTests('fixtures/policies', ROOT);
    expect(summary.lines.filter((l) => !l.startsWith('PASS - '))).toEqual(['9 passed, 0 failed']);
    expect(summary).toMatchObject({ passed: 9, failed: 0 });
    expect(summary.lines.at(-1)).toBe('9 passed, 0 failed');
    expect(summary.lines).toContain('PASS - fixtures/policies/no-cluster-admin/tests/invalid.yaml');
  });

  it('reports missing and unexpected diagnostics like conftest verify', () => {
    const dir = tempDir({
      'packs/acme/policy.yaml': policy(RULE),
      'packs/acme/tests/good.yaml': USER('    - name: cluster-admin # expect: acme/no-cluster-admin\n'),
      'packs/acme/tests/bad.yaml': USER('    - name: platform-viewer # expect: acme/no-cluster-admin\n    - name: cluster-admin\n'),
      'packs/broken/policy.yaml': policy(RULE.replace('acme/no-cluster-admin', 'acme/broken').replace("!= 'cluster-admin'", '!=')),
    });
    const summary = runPolicyTests('packs', dir);
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
      'pack/policy.yaml': policy(RULE.replace("self.name != 'cluster-admin'", 'self.role != 1')),
      'pack/tests/user.yaml': USER('    - name: cluster-admin\n'),
    });
    const summary = runPolicyTests('pack', dir);
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
    expect(await runPolicyTest('fixtures/policies', ok)).toBe(0);
    expect(ok.stdout.endsWith('\n9 passed, 0 failed\n')).toBe(true);
    expect(ok.stderr).toEqual([]);

    const dir = tempDir({
      'pack/policy.yaml': policy(RULE),
      'pack/tests/user.yaml': USER('    - name: cluster-admin\n'),
    });
    const failing = fakeIo(dir);
    expect(await runPolicyTest('pack', failing)).toBe(1);
    expect(failing.stdout).toBe('FAIL - pack/tests/user.yaml\n  line 8: unexpected acme/no-cluster-admin: cluster-admin must be requested through the access process\n0 passed, 1 failed\n');

    const bad = fakeIo(dir);
    expect(await runPolicyTest('missing', bad)).toBe(2);
    expect(bad.stderr).toEqual(['platlint: no such directory: missing']);
    expect(bad.stdout).toBe('');
  });
});

describe('policy test with old/new fixture pairs', () => {
  it('X.yaml beside X.old.yaml is linted as an update; X.old.yaml is not a fixture of its own', () => {
    const summary = runPolicyTests('fixtures/policies/token-generation-grows', ROOT);
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
    const summary = runPolicyTests('p', dir);
    expect(summary.lines).toEqual(['FAIL - p/tests/up.yaml', '  line 6: expected acme/token-generation-only-grows, but it reported nothing there', '0 passed, 1 failed']);
  });
});
