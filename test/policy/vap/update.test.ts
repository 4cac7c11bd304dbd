/**
 * Updates: an object linted as a change of a previous version is an UPDATE request with `oldObject`, through
 * `platlint diff`, `lint --base` and `platlint patch`; a plain lint is a CREATE, which a policy on UPDATE skips.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { gitTree } from '../../helpers/files.js';
import { report } from '../../helpers/json-report.js';
import { binding, docs, policy, rows, user, vapRun } from './helpers.js';

const GROWS = docs(
  policy(
    'grows',
    `  matchConstraints:\n    resourceRules:\n      - {apiGroups: [management.platform, apps], apiVersions: [v1], operations: [UPDATE], resources: [users, deployments]}\n  validations:\n    - expression: "object.spec.tokenGeneration >= oldObject.spec.tokenGeneration"\n      messageExpression: "request.operation + ' ' + request.options.kind + ': tokenGeneration ' + string(oldObject.spec.tokenGeneration) + ' -> ' + string(object.spec.tokenGeneration)"\n      fieldPath: spec.tokenGeneration\n`,
  ),
  binding('grows', 'grows', '[Deny]'),
);
const generation = (n: number): string => user('jane', `  username: jane\n  tokenGeneration: ${n}\n`);

describe('UPDATE with oldObject', () => {
  it('platlint diff OLD NEW: a transition check sees both versions; a plain lint is a CREATE the policy skips', () => {
    const files = { 'p.yaml': GROWS, 'old.yaml': generation(5), 'new.yaml': generation(3) };
    const diff = vapRun(files, ['diff', '--policy', 'p.yaml', 'old.yaml', 'new.yaml']);
    expect(diff.status).toBe(1);
    expect(diff.rows).toEqual([['vap/grows', 'error', 'new.yaml', 7, 20, 'UPDATE UpdateOptions: tokenGeneration 5 -> 3']]);
    expect(vapRun({ ...files, 'old.yaml': generation(2) }, ['diff', '--policy', 'p.yaml', 'old.yaml', 'new.yaml']).rows).toEqual([]);
    expect(vapRun(files, ['--policy', 'p.yaml', 'new.yaml']).rows).toEqual([]);
  });

  it('a Deployment is paired with its previous version too', () => {
    const deployment = (n: number): string => `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  tokenGeneration: ${n}\n`;
    const diff = vapRun({ 'p.yaml': GROWS, 'old.yaml': deployment(2), 'new.yaml': deployment(1) }, ['diff', '--policy', 'p.yaml', 'old.yaml', 'new.yaml']);
    expect(diff.rows).toEqual([['vap/grows', 'error', 'new.yaml', 6, 20, 'UPDATE UpdateOptions: tokenGeneration 2 -> 1']]);
  });

  it('lint --base REF: the object at REF is the old version, and the problem is one the change introduced', () => {
    const dir = gitTree('platlint-vap-base-', { '.platlint.yaml': 'policies: [p.yaml]\n', 'p.yaml': GROWS, 'users/jane.yaml': generation(5) }, { commit: true });
    writeFileSync(join(dir, 'users/jane.yaml'), generation(4));
    const run = runCli(['--base', 'main', 'users', '--format', 'json'], { cwd: dir });
    expect(run.status).toBe(1);
    const json = report(run.stdout);
    expect(rows(json)).toEqual([['vap/grows', 'error', 'users/jane.yaml', 7, 20, 'UPDATE UpdateOptions: tokenGeneration 5 -> 4']]);
    expect(json.results[0]?.diagnostics[0]?.introduced).toBe(true);
  });

  it('platlint patch BASE PATCH: the patched object against BASE, at the value the patch wrote', () => {
    const patch = '- op: replace\n  path: /spec/tokenGeneration\n  value: 1\n';
    const run = vapRun({ 'p.yaml': GROWS, 'base.yaml': generation(5), 'patch.yaml': patch }, ['patch', '--policy', 'p.yaml', 'base.yaml', 'patch.yaml']);
    expect(run.status).toBe(1);
    expect(run.rows).toEqual([['vap/grows', 'error', 'patch.yaml', 3, 10, 'UPDATE UpdateOptions: tokenGeneration 5 -> 1']]);
  });
});
