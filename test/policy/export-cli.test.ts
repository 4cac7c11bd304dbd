import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { VERSION } from '../../src/cli/version.js';
import { runCli, ROOT } from '../helpers/cli.js';
import { docBlock } from '../docs/doc-blocks.js';
import { policy, removeTempDirs, tempDir } from './helpers.js';

afterAll(removeTempDirs);
vi.setConfig({ testTimeout: 60_000 });

/**
 * The export of the docs' example policy (docs/cluster-policies.md) and of the built-in twins, exactly. A difference
 * fails: review the new output by eye, then rewrite them with `UPDATE_GOLDEN=1 npx vitest run test/policy/export-cli.test.ts`.
 */
const GOLDEN = join(import.meta.dirname, 'golden');
const update = process.env['UPDATE_GOLDEN'] === '1';

function golden(file: string, actual: string): void {
  const path = join(GOLDEN, file);
  if (update) {
    mkdirSync(GOLDEN, { recursive: true });
    writeFileSync(path, actual);
  }
  expect(existsSync(path), `${file} is missing; write it with UPDATE_GOLDEN=1`).toBe(true);
  // The version label is the one thing a release changes.
  expect(actual).toBe(readFileSync(path, 'utf8').replaceAll('platlint.dev/version: 0.1.0', `platlint.dev/version: ${VERSION}`));
}

const CONFIG_SKIP = 'platlint: acme/audit-retention: not exported: a Config rule: the platform keeps its Config as YAML text in a Secret, which CEL cannot parse\n';

/** The docs' example project: its policy pack and settings, as the page writes them. */
function docsProject(): string {
  const dir = tempDir({
    'policies/access/policy.yaml': docBlock('docs/cluster-policies.md', 'Export', 'acme/no-cluster-admin'),
    '.platlint.yaml': docBlock('docs/cluster-policies.md', 'Export', 'export:'),
  });
  mkdirSync(join(dir, 'cluster'));
  return dir;
}

const kinds = (yaml: string): unknown[] => parseAllDocuments(yaml).map((d) => (d.toJS() as { kind: string }).kind);
const actionsOf = (yaml: string): unknown[] => parseAllDocuments(yaml).flatMap((d) => ((d.toJS() as { spec: { validationActions?: string[] } }).spec.validationActions ?? []));

describe('platlint policy export', () => {
  it("writes the docs' example policy: a policy and a binding per User rule; the Config rule stays in CI, said on stderr", () => {
    const run = runCli(['policy', 'export'], { cwd: docsProject() });
    expect([run.status, run.stderr]).toEqual([0, CONFIG_SKIP]);
    golden('acme-access.yaml', run.stdout);
    expect(kinds(run.stdout)).toEqual(['ValidatingAdmissionPolicy', 'ValidatingAdmissionPolicyBinding', 'ValidatingAdmissionPolicy', 'ValidatingAdmissionPolicyBinding']);
  });

  it('--builtin: the CEL twins of the built-in User rules', () => {
    const run = runCli(['policy', 'export', '--builtin', '--no-config'], { cwd: tempDir({}) });
    expect([run.status, run.stderr]).toEqual([0, '']);
    golden('builtin.yaml', run.stdout);
  });

  it('-o writes the file whole, through the one writer; a folder that is not there is exit 2, nothing written', () => {
    const dir = docsProject();
    const run = runCli(['policy', 'export', '-o', 'cluster/policies.yaml'], { cwd: dir });
    expect(run).toEqual({ status: 0, stdout: '', stderr: CONFIG_SKIP });
    expect(readFileSync(join(dir, 'cluster/policies.yaml'), 'utf8')).toBe(runCli(['policy', 'export'], { cwd: dir }).stdout);
    expect(runCli(['policy', 'export', '-o', 'missing/policies.yaml'], { cwd: dir })).toEqual({ status: 2, stdout: '', stderr: 'platlint: cannot write missing/policies.yaml: ENOENT: no such file or directory\n' });
    chmodSync(join(dir, 'cluster'), 0o500);
    try {
      const refused = runCli(['policy', 'export', '-o', 'cluster/policies.yaml'], { cwd: dir });
      // Root writes anywhere; anyone else is refused and the old file stays.
      if (refused.status === 2) expect(refused.stderr).toBe('platlint: cannot write cluster/policies.yaml: EACCES (the old file is kept)\n');
      expect(readFileSync(join(dir, 'cluster/policies.yaml'), 'utf8')).toBe(runCli(['policy', 'export'], { cwd: dir }).stdout);
    } finally {
      chmodSync(join(dir, 'cluster'), 0o700);
    }
  });

  it('--validation-actions sets every binding; what the API server refuses is a usage error', () => {
    const dir = docsProject();
    const warn = runCli(['policy', 'export', '--validation-actions', 'Warn,audit'], { cwd: dir });
    expect(warn.status).toBe(0);
    expect(actionsOf(warn.stdout)).toEqual(['Warn', 'Audit', 'Warn', 'Audit']);
    expect(runCli(['policy', 'export', '--validation-actions', 'Deny,Warn'], { cwd: dir })).toEqual({
      status: 2,
      stdout: '',
      stderr: 'platlint: --validation-actions: Deny and Warn cannot go together (the API server refuses them: a denial already says what the warning would)\n',
    });
    expect(runCli(['policy', 'export', '--validation-actions', 'Block'], { cwd: dir }).stderr).toBe('platlint: --validation-actions: "Block" is not a validation action (use Deny, Warn or Audit, separated by commas)\n');
    expect(runCli(['policy', 'export', '--validation-actions', 'Warn,Warn'], { cwd: dir }).stderr).toBe('platlint: --validation-actions: Warn is given twice\n');
  });

  it('--kubernetes-version must serve admissionregistration.k8s.io/v1 (1.30 on), as must the settings\' kubernetesVersion', () => {
    const dir = docsProject();
    const versions = '(use 1.30, 1.31, 1.32, 1.33, 1.34, 1.35, 1.36, 1.37)';
    expect(runCli(['policy', 'export', '--kubernetes-version', '1.29'], { cwd: dir })).toEqual({
      status: 2,
      stdout: '',
      stderr: `platlint: --kubernetes-version: "1.29" is no version to export for: ValidatingAdmissionPolicy is admissionregistration.k8s.io/v1 from Kubernetes 1.30 ${versions}\n`,
    });
    writeFileSync(join(dir, '.platlint.yaml'), 'policies: [policies/]\nkubernetesVersion: "1.28"\n');
    expect(runCli(['policy', 'export'], { cwd: dir }).stderr).toBe(
      `platlint: kubernetesVersion in ${join(dir, '.platlint.yaml')}: "1.28" is no version to export for: ValidatingAdmissionPolicy is admissionregistration.k8s.io/v1 from Kubernetes 1.30 ${versions}\n`,
    );
    expect(runCli(['policy', 'export', '--kubernetes-version', '1.30'], { cwd: dir }).status).toBe(0);
  });

  it('the settings give the severities: a rule set to warn is bound with Warn, a rule turned off is not exported', () => {
    const dir = docsProject();
    writeFileSync(join(dir, '.platlint.yaml'), 'policies: [policies/]\nrules:\n  acme/no-cluster-admin: warn\n  acme/no-wildcard-verbs: off\n  user/icon: off\n  user/access-verbs: info\n');
    const run = runCli(['policy', 'export', '--builtin'], { cwd: dir });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe(`platlint: acme/no-wildcard-verbs: not exported: it is off in the settings\n${CONFIG_SKIP}platlint: user/icon: not exported: it is off in the settings\n`);
    const docs = parseAllDocuments(run.stdout).map((d) => d.toJS() as { kind: string; metadata: { name: string }; spec: { validationActions?: string[] } });
    const bound = (name: string): string[] | undefined => docs.find((d) => d.kind === 'ValidatingAdmissionPolicyBinding' && d.metadata.name === name)?.spec.validationActions;
    expect(bound('platlint.acme.no-cluster-admin')).toEqual(['Warn']);
    expect(bound('platlint.user.access-verbs')).toEqual(['Audit']);
    expect(bound('platlint.user.access-verbs.redundant')).toEqual(['Audit']);
    expect(bound('platlint.user.email')).toEqual(['Deny']);
  });

  it('binds the groups of export.groups besides management.platform', () => {
    const run = runCli(['policy', 'export'], { cwd: docsProject() });
    const first = parseAllDocuments(run.stdout)[0]?.toJS() as { spec: { matchConstraints: { resourceRules: { apiGroups: string[] }[] } } };
    expect(first.spec.matchConstraints.resourceRules[0]?.apiGroups).toEqual(['management.platform', 'storage.platform.example']);
  });

  it('exports nothing from policies that do not load: their mistakes, exit 2', () => {
    const dir = tempDir({ 'policy.yaml': policy('    - id: acme/typo\n      description: Disallow x\n      severity: error\n      expression: "self.exist(x)"\n      message: m\n') });
    const run = runCli(['policy', 'export', 'policy.yaml', '-o', 'out.yaml'], { cwd: dir });
    expect(run).toEqual({
      status: 2,
      stdout: '',
      stderr: "platlint: policy.yaml:10:31: error: Expression: CEL type error: undeclared reference to 'x' (in container '') (policy/invalid)\nplatlint: policy export: nothing was written; fix the policies first\n",
    });
    expect(existsSync(join(dir, 'out.yaml'))).toBe(false);
    expect(runCli(['policy', 'export', 'missing.yaml'], { cwd: dir }).stderr).toBe('platlint: missing.yaml: no such policy file or directory\nplatlint: policy export: nothing was written; fix the policies first\n');
  });

  it('with nothing to export, says what to give', () => {
    expect(runCli(['policy', 'export', '--no-config'], { cwd: tempDir({}) })).toEqual({
      status: 2,
      stdout: '',
      stderr: 'platlint: policy export has nothing to export: name policy files or directories, list them in .platlint.yaml (policies), or give --builtin\n',
    });
  });

  it('a ValidatingAdmissionPolicy among the policies is one already: left as it is, said on stderr', () => {
    const dir = docsProject();
    const exported = runCli(['policy', 'export', '--builtin', '--no-config'], { cwd: dir }).stdout;
    writeFileSync(join(dir, 'vap.yaml'), exported.split('\n---\n').slice(0, 2).join('\n---\n'));
    const run = runCli(['policy', 'export', 'vap.yaml'], { cwd: dir });
    expect(run).toEqual({ status: 0, stdout: '', stderr: 'platlint: vap/platlint.user.access-verbs: not exported: it is a ValidatingAdmissionPolicy already\nplatlint: policy export: no rule could be exported\n' });
  });

  it('is in the help', () => {
    expect(runCli(['policy', 'export', '--help'], { cwd: ROOT }).stdout).toContain('--validation-actions <actions>');
  });
});
