import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli } from '../helpers/cli.js';
import { tempTree } from '../helpers/files.js';

const FIXTURE = readFileSync(join(ROOT, 'fixtures/policies/no-cluster-admin/tests/invalid.yaml'));

describe('policies through the CLI', () => {
  it('platlint policy test fixtures/policies passes, with the closing line', () => {
    const run = runCli(['policy', 'test', 'fixtures/policies']);
    expect(run.status).toBe(0);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('9 passed, 0 failed');
  });

  it('--policy adds the rules to the lint, at the matched item', () => {
    // Through stdin: named as a file, a fixture of a policy in force is skipped (see policy-fixtures.test.ts).
    const run = runCli(['--policy', 'fixtures/policies/no-cluster-admin', '-', '--format', 'json'], { input: FIXTURE });
    expect(run.status).toBe(1);
    const diagnostics = JSON.parse(run.stdout).results.flatMap((r: { diagnostics: { ruleId: string; line: number; column: number; endColumn: number }[] }) => r.diagnostics);
    expect(diagnostics.filter((d: { ruleId: string }) => d.ruleId === 'acme/no-cluster-admin').map((d: { line: number; column: number; endColumn: number }) => [d.line, d.column, d.endColumn])).toEqual([[13, 7, 26]]);
  });

  it('policy rules take severities from --rule globs and show in rules and explain', () => {
    const run = runCli(['--policy', 'fixtures/policies/no-cluster-admin', '--rule', 'acme/*=off', '-', '--format', 'json'], { input: FIXTURE });
    expect(JSON.parse(run.stdout).results[0].diagnostics.filter((d: { ruleId: string }) => d.ruleId.startsWith('acme/'))).toEqual([]);
    expect(runCli(['rules', '--policy', 'fixtures/policies']).stdout).toMatch(/^acme\/no-cluster-admin\s+acme\s+error\s+Disallow the cluster-admin cluster role/m);
    expect(runCli(['explain', '--policy', 'fixtures/policies', 'acme/no-cluster-admin']).stdout.startsWith('# acme/no-cluster-admin\n')).toBe(true);
  });

  it('policy rules take severities from .platlint.yaml rules, by id or glob, and an id no policy defines matches no rule', () => {
    const policy = readFileSync(join(ROOT, 'fixtures/policies/no-cluster-admin/policy.yaml'), 'utf8');
    const acme = (config: string, args: string[] = []) => {
      const dir = tempTree('platlint-policy-rules-', { '.platlint.yaml': config, 'policies/access.yaml': policy });
      const run = runCli([...args, '-', '--format', 'json'], { input: FIXTURE, cwd: dir });
      const diagnostics = run.status === 2 ? [] : (JSON.parse(run.stdout).results[0].diagnostics as { ruleId: string; severity: string }[]);
      // One problem of each kind is enough to tell the severities: the fixture has two wildcard verbs.
      const seen = [...new Map(diagnostics.filter((d) => d.ruleId.startsWith('acme/')).map((d) => [d.ruleId, d.severity])).entries()];
      return { dir, status: run.status, stderr: run.stderr, acme: seen };
    };
    expect(acme('policies: [policies]\n').acme).toEqual([['acme/no-cluster-admin', 'error'], ['acme/no-wildcard-verbs', 'error']]);
    expect(acme('policies: [policies]\nrules:\n  acme/no-cluster-admin: warn\n')).toMatchObject({ status: 1, stderr: '', acme: [['acme/no-cluster-admin', 'warning'], ['acme/no-wildcard-verbs', 'error']] });
    expect(acme('policies: [policies]\nrules:\n  acme/*: info\n  acme/no-wildcard-verbs: off\n')).toMatchObject({ status: 0, acme: [['acme/no-cluster-admin', 'info']] });
    expect(acme('policies: [policies]\noverrides:\n  - files: ["**"]\n    rules:\n      acme/no-cluster-admin: off\n').acme).toEqual([['acme/no-wildcard-verbs', 'error']]);
    // Policies named on the command line count too.
    expect(acme('rules:\n  acme/no-cluster-admin: warn\n', ['--policy', 'policies']).acme).toEqual([['acme/no-cluster-admin', 'warning'], ['acme/no-wildcard-verbs', 'error']]);

    const typo = acme('policies: [policies]\nrules:\n  acme/no-cluster-admn: warn\n');
    expect([typo.status, typo.stderr]).toEqual([2, `platlint: ${join(typo.dir, '.platlint.yaml')}:3:3: rules.acme/no-cluster-admn: matches no rule; did you mean "acme/no-cluster-admin"?\n`]);
    const noPolicy = acme('rules:\n  acme/no-cluster-admin: warn\n');
    expect([noPolicy.status, noPolicy.stderr]).toEqual([2, `platlint: ${join(noPolicy.dir, '.platlint.yaml')}:2:3: rules.acme/no-cluster-admin: matches no rule (see platlint rules)\n`]);
  });

  it('a broken policy is reported at its own position and the run exits 1', () => {
    const run = runCli(['--policy', 'test/policy/data/broken-cel.yaml', 'fixtures/examples/maximal-user.yaml', '--format', 'json']);
    const report = JSON.parse(run.stdout);
    expect(run.status).toBe(1);
    expect(report.results.map((r: { file: string }) => r.file)).toEqual(['fixtures/examples/maximal-user.yaml', 'test/policy/data/broken-cel.yaml']);
    expect(report.results[1].diagnostics.map((d: { ruleId: string; line: number }) => [d.ruleId, d.line])).toEqual([['policy/invalid', 9]]);
  });

  it('a policy file in the paths linted, with a load problem and an evaluation error, is one result, at the end, and one file in the summary', () => {
    const policy = `apiVersion: platlint/v1
kind: Policy
metadata: {name: acme}
spec:
  rules:
    - id: acme/icon
      description: Require an https icon
      severity: error
      given: spec
      expression: "self.icon.startsWith('https://')"
      message: m
    - id: acme/broken
      description: Broken syntax
      severity: error
      expression: "self.x > 1 +"
      message: m
`;
    const user = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  email: jane@example.com\n';
    const dir = tempTree('platlint-policy-summary-', { '.platlint.yaml': 'policies: [policy.yaml]\n', 'policy.yaml': policy, 'jane.yaml': user });
    // Three producers report on policy.yaml: the loader (a load problem), the linting of the paths (not a platform
    // object) and the evaluation at the end of the run (an evaluation error). It is one result, in the order of lines.
    const json = runCli(['.', '--format', 'json'], { cwd: dir });
    expect(json.status).toBe(1);
    const report = JSON.parse(json.stdout);
    expect(report.results.map((r: { file: string; diagnostics: { ruleId: string }[] }) => [r.file, r.diagnostics.map((d) => d.ruleId)])).toEqual([
      ['jane.yaml', []],
      ['policy.yaml', ['policy/evaluation-error', 'policy/invalid']],
    ]);
    expect(report.results[1].diagnostics.map((d: { line: number; column: number }) => [d.line, d.column])).toEqual([[10, 19], [15, 32]]);
    expect(report.results[1].skipped).toEqual([{ document: 0, line: 1, path: '', reason: 'apiVersion platlint/v1, kind Policy: not a management.platform object' }]);
    expect(report.summary).toMatchObject({ files: 2, filesWithProblems: 1, skippedFiles: 0, lintedFiles: 2, errors: 2 });
    const stylish = runCli(['.'], { cwd: dir });
    expect(stylish.stdout.trimEnd().split('\n').at(-1)).toBe('✖ 2 problems (2 errors, 0 warnings, 0 infos) in 1 file with problems (2 files linted)');
  });

  it('a YAML error in a policy file that is linted too is reported once', () => {
    const dir = tempTree('platlint-policy-syntax-', { 'policy.yaml': 'apiVersion: platlint/v1\nkind: Policy\nmetadata: {name: [\n' });
    const run = runCli(['--policy', 'policy.yaml', 'policy.yaml', '--format', 'json'], { cwd: dir });
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.results.map((r: { file: string; diagnostics: { ruleId: string; line: number; column: number }[] }) => [r.file, r.diagnostics.map((d) => [d.ruleId, d.line, d.column])])).toEqual([
      ['policy.yaml', [['yaml/syntax', 3, 18]]],
    ]);
    expect(report.summary).toMatchObject({ files: 1, filesWithProblems: 1, errors: 1 });
  });

  it('kubernetesVersion chooses the CEL environment: ip() is unknown before 1.30; the cache holds per version', () => {
    const policyFile = `apiVersion: platlint/v1
kind: Policy
metadata:
  name: acme
spec:
  rules:
    - id: acme/ip-literal
      description: Require a valid IP in the label
      severity: error
      expression: "!has(object.metadata.labels.ip) || isIP(object.metadata.labels.ip)"
      message: the ip label is not an IP address
`;
    const user = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\n  labels:\n    ip: 10.0.0.256\nspec:\n  username: jane\n';
    const dir = tempTree('platlint-k8s-version-', { 'policy.yaml': policyFile, 'user.yaml': user, '.platlint.yaml': 'kubernetesVersion: "1.29"\npolicies: [policy.yaml]\n' });
    const ids = (stdout: string): string[] =>
      JSON.parse(stdout).results.flatMap((r: { diagnostics: { ruleId: string; message: string }[] }) => r.diagnostics.filter((d) => d.ruleId.startsWith('acme/') || d.ruleId === 'policy/invalid').map((d) => `${d.ruleId}: ${d.message}`));
    const old = runCli(['user.yaml', '--cache', '--format', 'json'], { cwd: dir });
    expect(old.status).toBe(1);
    expect(ids(old.stdout)).toEqual([`policy/invalid: Expression: CEL type error: undeclared reference to 'isIP' (in container '')`]);
    writeFileSync(join(dir, '.platlint.yaml'), 'kubernetesVersion: "1.30"\npolicies: [policy.yaml]\n');
    const now = runCli(['user.yaml', '--cache', '--format', 'json'], { cwd: dir });
    expect(ids(now.stdout)).toEqual(['acme/ip-literal: the ip label is not an IP address']);
    writeFileSync(join(dir, '.platlint.yaml'), 'kubernetesVersion: 1.30\npolicies: [policy.yaml]\n');
    expect(runCli(['user.yaml'], { cwd: dir })).toMatchObject({
      status: 2,
      stderr: `platlint: ${join(dir, '.platlint.yaml')}:1:20: kubernetesVersion: must be one of 1.23, 1.24, 1.25, 1.26, 1.27, 1.28, 1.29, 1.30, 1.31, 1.32, 1.33, 1.34, 1.35, 1.36, 1.37 (write it quoted, "1.30": unquoted, 1.3 is a number)\n`,
    });
  });

  it('policy test runs the policies in the kubernetesVersion of the settings', () => {
    const pack = {
      'pack/policy.yaml': `apiVersion: platlint/v1
kind: Policy
metadata:
  name: acme
spec:
  rules:
    - id: acme/semver
      description: Require a semantic version label
      severity: error
      expression: "isSemver(object.metadata.labels.version)"
      message: not a semantic version
`,
      'pack/tests/user.yaml': 'apiVersion: management.platform/v1 # expect: acme/semver\nkind: User\nmetadata:\n  name: jane\n  labels:\n    version: "1.2"\nspec:\n  username: jane\n',
    };
    const newest = tempTree('platlint-k8s-version-', pack);
    expect(runCli(['policy', 'test', 'pack'], { cwd: newest })).toMatchObject({ status: 0 });
    const old = tempTree('platlint-k8s-version-', { ...pack, '.platlint.yaml': 'kubernetesVersion: "1.32"\n' });
    const run = runCli(['policy', 'test', 'pack'], { cwd: old });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`undeclared reference to 'isSemver' (in container '')`);
  });

  it('prints the policy schema', () => {
    expect(JSON.parse(runCli(['schema', 'policy']).stdout).title).toMatch(/policy/i);
  });
});
