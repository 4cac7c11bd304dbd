/**
 * Which objects a ValidatingAdmissionPolicy checks, through the CLI: resource rules and exclusions, resource names,
 * object and namespace selectors, matchPolicy, and objects of any kind (a Deployment) in the linted files.
 */
import { describe, expect, it } from 'vitest';
import { binding, docs, policy, user, USERS_RULES, vapRun } from './helpers.js';

const DENY_ALL = '  validations:\n    - expression: "false"\n      message: checked\n';

/** The names of the objects the policy reported, in file order. */
function checked(constraints: string, objects: string, more: Record<string, string> = {}): string[] {
  const run = vapRun({ 'p.yaml': docs(policy('p', `${constraints}${DENY_ALL}`), binding('b', 'p', '[Deny]')), 'objects.yaml': objects, ...more }, ['--policy', 'p.yaml', 'objects.yaml']);
  expect(run.stderr).toBe('');
  const text = run.report ? (run.report.results.find((r) => r.file === 'objects.yaml')?.diagnostics ?? []) : [];
  const lines = objects.split('\n');
  const reported = text.filter((d) => d.ruleId === 'vap/p');
  // Each at the object's metadata.name value, with the policy's message at the binding's severity.
  expect(reported.map((d) => [d.severity, d.column, d.message])).toEqual(reported.map(() => ['error', 9, 'checked']));
  return reported.map((d) => (lines[d.line - 1] ?? '').trim());
}

const deployment = (name: string, namespace = '', labels = ''): string =>
  `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: ${name}\n${namespace ? `  namespace: ${namespace}\n` : ''}${labels ? `  labels: {${labels}}\n` : ''}spec:\n  replicas: 3\n`;

describe('resource rules', () => {
  const rule = (fields: string): string => `  matchConstraints:\n    resourceRules:\n      - {${fields}}\n`;

  it('match by group, version, resource and operation; a Deployment is checked by a policy on deployments', () => {
    const objects = docs(deployment('web'), user('jane', '  username: jane\n'), 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n');
    expect(checked(rule('apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments]'), objects)).toEqual(['name: web']);
    expect(checked(rule('apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [deployments]'), objects)).toEqual([]);
    expect(checked(rule('apiGroups: [apps], apiVersions: [v1], operations: [UPDATE], resources: [deployments]'), objects)).toEqual([]);
    expect(checked(rule('apiGroups: ["*"], apiVersions: ["*"], operations: ["*"], resources: ["*"]'), objects)).toEqual(['name: web', 'name: jane', 'name: settings']);
    expect(checked(rule('apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [configmaps, users]'), objects)).toEqual(['name: settings']);
  });

  it('resourceNames limit a rule to objects of those names; exclude rules take objects out', () => {
    const objects = docs(user('jane', '  username: jane\n'), user('bob', '  username: bob\n'), user('ci-bot', '  username: ci-bot\n'));
    const named = rule('apiGroups: [management.platform], apiVersions: [v1], operations: [CREATE], resources: [users], resourceNames: [jane, ci-bot]');
    expect(checked(named, objects)).toEqual(['name: jane', 'name: ci-bot']);
    const excluded = `${USERS_RULES}    excludeResourceRules:\n      - {apiGroups: [management.platform], apiVersions: [v1], operations: ["*"], resources: [users], resourceNames: [ci-bot]}\n`;
    expect(checked(excluded, objects)).toEqual(['name: jane', 'name: bob']);
  });

  it('scope: Namespaced matches objects in a namespace, Cluster the others (a User is cluster-scoped)', () => {
    const objects = docs(deployment('web', 'shop'), user('jane', '  username: jane\n'));
    const all = 'apiGroups: ["*"], apiVersions: ["*"], operations: [CREATE], resources: ["*"]';
    expect(checked(rule(`${all}, scope: Namespaced`), objects)).toEqual(['name: web']);
    expect(checked(rule(`${all}, scope: Cluster`), objects)).toEqual(['name: jane']);
  });

  it('matchPolicy Equivalent matches another version of the same resource, Exact does not', () => {
    const objects = deployment('web');
    const v1beta1 = 'apiGroups: [apps], apiVersions: [v1beta1], operations: [CREATE], resources: [deployments]';
    expect(checked(rule(v1beta1), objects)).toEqual(['name: web']);
    expect(checked(`  matchConstraints:\n    matchPolicy: Exact\n    resourceRules:\n      - {${v1beta1}}\n`, objects)).toEqual([]);
  });

  it('a resource the guess gets wrong is named in admission.resources', () => {
    const objects = 'apiVersion: acme.example/v1\nkind: Cactus\nmetadata:\n  name: spiky\n';
    const cacti = rule('apiGroups: [acme.example], apiVersions: [v1], operations: [CREATE], resources: [cacti]');
    expect(checked(cacti, objects)).toEqual([]);
    expect(checked(cacti, objects, { '.platlint.yaml': 'admission:\n  resources:\n    - {group: acme.example, kind: Cactus, resource: cacti}\n' })).toEqual(['name: spiky']);
  });
});

describe('selectors', () => {
  it('objectSelector: the object\'s labels (or the old object\'s on an update)', () => {
    const objects = docs(user('jane', '  username: jane\n', '  labels: {managed-by: gitops}\n'), user('bob', '  username: bob\n'));
    expect(checked(`${USERS_RULES}    objectSelector:\n      matchLabels: {managed-by: gitops}\n`, objects)).toEqual(['name: jane']);
    expect(checked(`${USERS_RULES}    objectSelector:\n      matchExpressions: [{key: managed-by, operator: DoesNotExist}]\n`, objects)).toEqual(['name: bob']);
  });

  it("namespaceSelector: the labels of the object's Namespace in the linted files; an unknown one has none", () => {
    const namespaces = docs('apiVersion: v1\nkind: Namespace\nmetadata:\n  name: prod\n  labels: {env: production}\n', 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: dev\n  labels: {env: development}\n');
    const objects = docs(deployment('a', 'prod'), deployment('b', 'dev'), deployment('c', 'elsewhere'), deployment('d'));
    const deployments = '    resourceRules:\n      - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments]}\n';
    const production = `  matchConstraints:\n    namespaceSelector:\n      matchLabels: {env: production}\n${deployments}`;
    expect(checked(production, objects, { 'namespaces.yaml': namespaces })).toEqual([]);
    // The Namespaces are read from the linted files, not from the policy's own files only.
    const run = vapRun({ 'p.yaml': docs(policy('p', `${production}${DENY_ALL}`), binding('b', 'p', '[Deny]')), 'objects.yaml': objects, 'namespaces.yaml': namespaces }, ['--policy', 'p.yaml', 'objects.yaml', 'namespaces.yaml']);
    expect(run.rows.map((r) => [r[2], r[3]])).toEqual([['objects.yaml', 4]]);
    const notProduction = `  matchConstraints:\n    namespaceSelector:\n      matchExpressions: [{key: env, operator: NotIn, values: [production]}]\n${deployments}`;
    const all = vapRun({ 'p.yaml': docs(policy('p', `${notProduction}${DENY_ALL}`), binding('b', 'p', '[Deny]')), 'objects.yaml': objects, 'namespaces.yaml': namespaces }, ['--policy', 'p.yaml', '.']);
    // b is in dev, c in a Namespace no file holds (no labels), d in default (no namespace written).
    expect(all.rows.map((r) => [r[2], r[3]])).toEqual([['objects.yaml', 12], ['objects.yaml', 20], ['objects.yaml', 28]]);
  });

  it('a binding narrows the policy with its own matchResources', () => {
    const objects = docs(user('jane', '  username: jane\n', '  labels: {team: ops}\n'), user('bob', '  username: bob\n'));
    const run = vapRun(
      { 'p.yaml': docs(policy('p', `${USERS_RULES}${DENY_ALL}`), binding('ops', 'p', '[Deny]', '  matchResources:\n    objectSelector:\n      matchLabels: {team: ops}\n')), 'objects.yaml': objects },
      ['--policy', 'p.yaml', 'objects.yaml'],
    );
    expect(run.rows.map((r) => r[3])).toEqual([4]);
  });
});

describe('files of other kinds', () => {
  it('are skipped as before when no policy looks at their kind, and linted (not skipped) when one does', () => {
    const files = { 'p.yaml': docs(policy('p', `${USERS_RULES}${DENY_ALL}`), binding('b', 'p', '[Deny]')), 'deploy.yaml': deployment('web') };
    const run = vapRun(files, ['--policy', 'p.yaml', 'deploy.yaml']);
    expect([run.status, run.report?.results[0]?.diagnostics, (run.report as unknown as { summary: { skippedFiles: number } }).summary.skippedFiles]).toEqual([0, [], 1]);
    const rules = '  matchConstraints:\n    resourceRules:\n      - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments]}\n';
    const replicas = '  validations:\n    - expression: "object.spec.replicas <= 2"\n      fieldPath: spec.replicas\n';
    const linted = vapRun({ ...files, 'p.yaml': docs(policy('replicas', `${rules}${replicas}`), binding('b', 'replicas', '[Warn]')) }, ['--policy', 'p.yaml', 'deploy.yaml']);
    expect([linted.status, linted.rows, (linted.report as unknown as { summary: { skippedFiles: number } }).summary.skippedFiles]).toEqual([
      0,
      [['vap/replicas', 'warning', 'deploy.yaml', 6, 13, 'failed expression: object.spec.replicas <= 2']],
      0,
    ]);
  });
});
