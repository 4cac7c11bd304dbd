/**
 * `platlint policy test` on kaptest suites (github.com/pfnet/kaptest's kaptest.yaml, unchanged) and on platlint's own
 * fixtures of ValidatingAdmissionPolicies: what passes, what a failing case prints, what cannot run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../../helpers/cli.js';
import { tempTree } from '../../helpers/files.js';

const POLICIES = readFileSync(join(ROOT, 'fixtures/vap/kaptest/deployments.yaml'), 'utf8');
const RESOURCES = readFileSync(join(ROOT, 'fixtures/vap/kaptest/deployments.test/resources.yaml'), 'utf8');
const SUITE = 'suite.test/kaptest.yaml';

function suite(testSuites: string, files: Record<string, string> = {}): ReturnType<typeof runCli> {
  const manifest = `validatingAdmissionPolicies:\n  - ../policies.yaml\nresources:\n  - resources.yaml\ntestSuites:\n${testSuites}`;
  const dir = tempTree('platlint-kaptest-', { 'policies.yaml': POLICIES, 'suite.test/resources.yaml': RESOURCES, [SUITE]: manifest, ...files });
  return runCli(['policy', 'test', '.'], { cwd: dir });
}

describe('kaptest suites', () => {
  it('the repository\'s suites and fixtures pass: every case of every policy, CREATE, UPDATE and DELETE', () => {
    const run = runCli(['policy', 'test', 'fixtures/vap']);
    expect(run.status).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('PASS - fixtures/vap/kaptest/')).map((l) => l.slice('PASS - fixtures/vap/kaptest/deployments.test/kaptest.yaml - '.length))).toEqual([
      'replicas-limit - (CREATE) Deployment:small',
      'replicas-limit - (CREATE) Deployment:large',
      'replicas-limit - (UPDATE) Deployment:small -> large',
      'keep-immutable - (UPDATE) Deployment:frozen -> large',
      'keep-immutable - (UPDATE) Deployment:small -> large',
      'keep-immutable - (CREATE) Deployment:large',
      'deletable - (DELETE) Deployment:frozen',
      'deletable - (DELETE) Deployment:small',
      'replicas-by-params - (CREATE) Deployment:small (param: limits)',
      'replicas-by-params - (CREATE) Deployment:large (param: shop/limits)',
      'replicas-by-namespace - (CREATE) Deployment:shop/small',
      'replicas-by-namespace - (CREATE) Deployment:large',
      'no-default-service-account - (CREATE) Deployment:small',
      'no-default-service-account - (CREATE) Deployment:small',
      'broken-at-runtime - (CREATE) Deployment:small',
    ]);
    expect(lines.slice(-4)).toEqual(['PASS - fixtures/vap/users/tests/invalid.yaml', 'PASS - fixtures/vap/users/tests/token-generation.yaml', 'PASS - fixtures/vap/users/tests/valid.yaml', '18 passed, 0 failed']);
  });

  it('a failing case prints what was expected and what each validation said', () => {
    const run = suite(
      '  - policy: replicas-by-params\n    tests:\n      - object: {kind: Deployment, name: large}\n        param: {name: limits}\n        expect: admit\n  - policy: keep-immutable\n    tests:\n      - object: {kind: Deployment, name: large}\n        expect: deny\n      - object: {kind: Deployment, name: small}\n        oldObject: {kind: Deployment, name: small}\n        expect: error\n',
    );
    expect(run.status).toBe(1);
    expect(run.stdout.split('\n')).toEqual([
      'FAIL - suite.test/kaptest.yaml - replicas-by-params - (CREATE) Deployment:large (param: limits) - expected ADMIT, got DENY',
      '  validations[0]: DENY: replicas must be at most 4 (reason Invalid)',
      'FAIL - suite.test/kaptest.yaml - keep-immutable - (CREATE) Deployment:large - expected DENY, got SKIP',
      '  matchConstraints do not match CREATE of deployments in apps, v1',
      'FAIL - suite.test/kaptest.yaml - keep-immutable - (UPDATE) Deployment:small -> small - expected ERROR, got SKIP',
      '  match condition "was-immutable" is false',
      '0 passed, 3 failed',
      '',
    ]);
  });

  it('a case that cannot be set up fails, saying why; so does a policy the manifest does not load', () => {
    const run = suite(
      '  - policy: replicas-limit\n    tests:\n      - object: {kind: Deployment, name: missing}\n        expect: admit\n      - object: {kind: Deployment, name: small, group: extensions}\n        expect: admit\n  - policy: replicas-by-params\n    tests:\n      - object: {kind: Deployment, name: small}\n        expect: admit\n  - policy: nowhere\n    tests: []\n',
    );
    expect(run.stdout.split('\n')).toEqual([
      'FAIL - suite.test/kaptest.yaml - replicas-limit - (CREATE) Deployment:missing - expected ADMIT, got SETUP ERROR',
      '  neither object nor oldObject found',
      'FAIL - suite.test/kaptest.yaml - replicas-limit - (CREATE) Deployment:small - expected ADMIT, got SETUP ERROR',
      '  neither object nor oldObject found',
      'FAIL - suite.test/kaptest.yaml - replicas-by-params - (CREATE) Deployment:small - expected ADMIT, got SETUP ERROR',
      '  get param: param name is empty',
      'FAIL - suite.test/kaptest.yaml - nowhere - policy not found in ../policies.yaml',
      '0 passed, 4 failed',
      '',
    ]);
  });

  it('an invalid manifest, and a file it names that cannot be read (exit 2)', () => {
    const dir = tempTree('platlint-kaptest-bad-', { 'a/kaptest.yaml': 'validatingAdmissionPolicies: [p.yaml]\nresources: []\ntestSuites: []\n', 'b/kaptest.yaml': 'validatingAdmissionPolicies: [missing.yaml]\nresources: [r.yaml]\ntestSuites:\n  - policy: x\n    tests: []\n' });
    const run = runCli(['policy', 'test', '.'], { cwd: dir });
    expect(run.status).toBe(2);
    expect(run.stdout.split('\n')).toEqual([
      'FAIL - a/kaptest.yaml - invalid manifest: at least one resources is required',
      'FAIL - b/kaptest.yaml - cannot read b/missing.yaml: cannot read the policy (ENOENT: no such file or directory)',
      '0 passed, 2 failed',
      '',
    ]);
  });

  it('a syntax error in a policy file or in the manifest is said at its line, as in any file', () => {
    const broken = suite('  - policy: replicas-limit\n    tests:\n      - object: {kind: Deployment, name: small}\n        expect: admit\n', { 'policies.yaml': `${POLICIES}---\nmetadata: {name: [x}\n` });
    expect([broken.status, ...broken.stdout.split('\n')]).toEqual([
      1,
      'FAIL - suite.test/kaptest.yaml - a policy does not load:',
      `  policies.yaml:${POLICIES.split('\n').length + 1}:11: error: YAML syntax error: the { here is never closed. (yaml/syntax)`,
      `  policies.yaml:${POLICIES.split('\n').length + 1}:18: error: YAML syntax error: the [ here is never closed. (yaml/syntax)`,
      'PASS - suite.test/kaptest.yaml - replicas-limit - (CREATE) Deployment:small',
      '1 passed, 1 failed',
      '',
    ]);
    const manifest = tempTree('platlint-kaptest-syntax-', { 'kaptest.yaml': 'validatingAdmissionPolicies: [p.yaml]\nresources: [r.yaml]\ntestSuites:\n  - policy: p\n    tests: [\n' });
    const run = runCli(['policy', 'test', 'kaptest.yaml'], { cwd: manifest });
    expect([run.status, run.stdout]).toEqual([1, 'FAIL - kaptest.yaml - unmarshal manifest YAML: kaptest.yaml:5:12: error: YAML syntax error: the [ here is never closed. (yaml/syntax)\n0 passed, 1 failed\n']);
  });

  it('a policy that does not compile is said at its expression, in the layout of every problem line', () => {
    const bad = `apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata:\n  name: broken\nspec:\n  matchConstraints:\n    resourceRules:\n      - apiGroups: [apps]\n        apiVersions: [v1]\n        operations: [CREATE]\n        resources: [deployments]\n  validations:\n    - expression: "object.spec.replicas <"\n`;
    const run = suite('  - policy: replicas-limit\n    tests:\n      - object: {kind: Deployment, name: small}\n        expect: admit\n', { 'policies.yaml': `${POLICIES}---\n${bad}` });
    const line = POLICIES.split('\n').length + 13;
    expect([run.status, ...run.stdout.split('\n')]).toEqual([
      1,
      'FAIL - suite.test/kaptest.yaml - a policy does not load:',
      `  policies.yaml:${line}:42: error: validations[0].expression: CEL syntax error: mismatched input '<EOF>' expecting an expression (policy/invalid)`,
      'PASS - suite.test/kaptest.yaml - replicas-limit - (CREATE) Deployment:small',
      '1 passed, 1 failed',
      '',
    ]);
  });

  it('a kaptest manifest may be named on its own; another file is refused', () => {
    const run = runCli(['policy', 'test', 'fixtures/vap/kaptest/deployments.test/kaptest.yaml']);
    expect([run.status, run.stdout.trimEnd().split('\n').at(-1)]).toEqual([0, '15 passed, 0 failed']);
    const refused = runCli(['policy', 'test', 'fixtures/vap/kaptest/deployments.yaml']);
    expect([refused.status, refused.stderr]).toEqual([2, 'platlint: fixtures/vap/kaptest/deployments.yaml is neither a directory nor a kaptest manifest\n']);
  });
});
