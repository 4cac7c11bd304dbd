/** A settings file shared between repositories, named in `extends`, end to end: the built CLI in throwaway folders. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { hostileFile, refusalOf, tempTree, type HostileFile } from '../helpers/files.js';
import { ruleIdsAndSeverities } from '../helpers/json-report.js';

vi.setConfig({ testTimeout: 60_000 });

/** A User with a quoted number (schema/type) and a null group (yaml/ambiguous-scalar), granted every verb. */
const USER = [
  'apiVersion: management.platform/v1',
  'kind: User',
  'metadata:',
  '  name: jane',
  'spec:',
  '  tokenGeneration: "3"',
  '  username: jane',
  '  groups: [admins, ~]',
  '  access:',
  '    - name: all',
  '      verbs: ["*"]',
  '      users: [admin]',
  '',
].join('\n');

/** The organisation's policy: no access rule grants every verb. */
const POLICY = [
  'apiVersion: platlint/v1',
  'kind: Policy',
  'metadata:',
  '  name: org',
  'spec:',
  '  rules:',
  '    - id: org/no-wildcard-verbs',
  '      description: Disallow access rules that grant every verb',
  '      severity: error',
  '      match: {kinds: [User]}',
  '      given: spec.access[*]',
  '      expression: "!self.verbs.exists(v, v == \'*\')"',
  '      message: list the verbs the rule needs',
  '',
].join('\n');

/** An organisation's shared settings beside a project that extends them. */
function organisation(shared: string, project: string): { root: string; repo: string } {
  const root = tempTree('platlint-extends-cli-', {
    'org-settings/platlint.yaml': shared,
    'org-settings/policies/org.yaml': POLICY,
    'repo/.platlint.yaml': project,
    'repo/users/jane.yaml': USER,
  });
  return { root, repo: join(root, 'repo') };
}

const SHARED = ['rules:', '  yaml/ambiguous-scalar: error', '  security/wildcard-access: off', 'policies: [./policies]', ''].join('\n');

describe('extends: a settings file', () => {
  it('lints with the shared file\'s rules and policies, under the project\'s own entries', () => {
    const { repo } = organisation(SHARED, 'extends: [../org-settings/platlint.yaml]\nrules:\n  schema/type: warn\n');
    const run = runCli(['users/', '--format', 'json'], { cwd: repo });
    expect(ruleIdsAndSeverities(run.stdout)).toEqual(['schema/type:warning', 'yaml/ambiguous-scalar:error', 'org/no-wildcard-verbs:error']);
    expect(run.status).toBe(1);
    // Each worker thread reads the same settings files as the main thread.
    writeFileSync(join(repo, 'users/john.yaml'), USER.replace('name: jane', 'name: john'));
    const threads = runCli(['users/', '--format', 'json', '--threads', '2'], { cwd: repo }).stdout;
    expect(ruleIdsAndSeverities(threads)).toEqual([...ruleIdsAndSeverities(run.stdout), ...ruleIdsAndSeverities(run.stdout)]);
    expect(threads).toBe(runCli(['users/', '--format', 'json', '--threads', '1'], { cwd: repo }).stdout);
  });

  it('shows in print-config which file each setting comes from', () => {
    const { root, repo } = organisation(SHARED, 'extends: [../org-settings/platlint.yaml]\nrules:\n  schema/type: warn\n');
    const json = runCli(['print-config', 'users/jane.yaml', '--format', 'json'], { cwd: repo });
    const printed = JSON.parse(json.stdout) as { extends: string[]; presets: string[]; policies: string[]; rules: Record<string, { source: unknown }> };
    expect(printed.extends).toEqual([join(root, 'org-settings/platlint.yaml')]);
    expect(printed.presets).toEqual(['recommended']);
    expect(printed.policies).toEqual(['../org-settings/policies']);
    expect(printed.rules['yaml/ambiguous-scalar']?.source).toEqual({ type: 'config', file: join(root, 'org-settings/platlint.yaml'), line: 2 });
    expect(printed.rules['schema/type']?.source).toEqual({ type: 'config', file: join(repo, '.platlint.yaml'), line: 3 });
    const stylish = runCli(['print-config', 'users/jane.yaml'], { cwd: repo }).stdout.split('\n');
    expect(stylish.slice(1, 5)).toEqual(['Config:     .platlint.yaml', 'Extends:    ../org-settings/platlint.yaml', 'Presets:    recommended', 'Policies:   ../org-settings/policies']);
    expect(stylish.find((line) => line.startsWith('  yaml/ambiguous-scalar '))?.replace(/ +/g, ' ')).toBe(' yaml/ambiguous-scalar error rules at ../org-settings/platlint.yaml:2');
  });

  it('says the shared file\'s mistakes at their lines there, exit 2', () => {
    const { root, repo } = organisation('rules:\n  user/nope: off\nexceptions:\n  - rules: [user/icon]\n    reason: r\n', 'extends: [../org-settings/platlint.yaml, ./missing.yaml]\n');
    const shared = join(root, 'org-settings/platlint.yaml');
    expect(runCli(['users/'], { cwd: repo })).toEqual({
      status: 2,
      stdout: '',
      stderr: [
        `platlint: ${join(repo, '.platlint.yaml')}:1:42: extends.1: cannot read ./missing.yaml: ENOENT: no such file or directory`,
        `platlint: ${shared}:2:3: rules.user/nope: matches no rule (see platlint rules)`,
        `platlint: ${shared}:3:1: exceptions: only the project's own settings file holds exceptions, not a file it extends`,
        '',
      ].join('\n'),
    });
  });

  it('lints again from the cache when the shared file changes', () => {
    const { root, repo } = organisation(SHARED, 'extends: [../org-settings/platlint.yaml]\n');
    const cached = ['users/', '--format', 'json', '--cache', '--cache-location', join(root, 'cache.json')];
    expect(ruleIdsAndSeverities(runCli(cached, { cwd: repo }).stdout)).toEqual(['schema/type:error', 'yaml/ambiguous-scalar:error', 'org/no-wildcard-verbs:error']);
    writeFileSync(join(root, 'org-settings/platlint.yaml'), SHARED.replace('yaml/ambiguous-scalar: error', 'yaml/ambiguous-scalar: off'));
    expect(ruleIdsAndSeverities(runCli(cached, { cwd: repo }).stdout)).toEqual(['schema/type:error', 'org/no-wildcard-verbs:error']);
  });

  it.each<HostileFile>(['a FIFO', 'a link to /dev/zero'])('refuses a shared file that is %s at its entry, without reading it', (kind) => {
    const { root, repo } = organisation(SHARED, 'extends: [../org-settings/hostile.yaml]\n');
    hostileFile(root, 'org-settings/hostile.yaml', kind);
    expect(runCli(['users/'], { cwd: repo })).toEqual({
      status: 2,
      stdout: '',
      stderr: `platlint: ${join(repo, '.platlint.yaml')}:1:11: extends.0: cannot read ../org-settings/hostile.yaml: ${refusalOf(kind)}\n`,
    });
  });
});
