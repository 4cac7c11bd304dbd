/** `--no-inline-directives`: `# platlint-disable` comments suppress nothing for one run (ESLint's --no-inline-config). */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempTree } from '../helpers/files.js';

/** docs/rules.md's clean manifest, with a directive that suppresses nothing added. */
const JANE = [
  'apiVersion: management.platform/v1',
  'kind: User',
  'metadata:',
  '  name: jane-doe',
  'spec:',
  '  username: jane',
  '  # platlint-disable-next-line schema/type -- migrated by a script next week',
  '  tokenGeneration: "3"',
  '  email: jane@example.com',
  '  groups: [platform-users, platform-users]  # platlint-disable-line user/duplicates',
  '  # platlint-disable-next-line meta/name',
  '  displayName: Jane',
  '',
].join('\n');

const SUPPRESSED = [
  'jane.yaml:8:20: error: spec.tokenGeneration must be an integer, not string; remove the quotes to write a number. [schema/type]',
  'jane.yaml:10:28: warning: Group "platform-users" is listed twice in spec.groups (first at groups[0]): the user is in a group once, however often it is listed. [user/duplicates]',
  '',
].join('\n');

describe('--no-inline-directives', () => {
  it('reports what the comments suppress, and no comment as unused', () => {
    const dir = tempTree('platlint-directives-', { 'jane.yaml': JANE });
    expect(runCli(['-f', 'concise', 'jane.yaml'], { cwd: dir })).toEqual({
      status: 0,
      stdout: 'jane.yaml:11:3: warning: # platlint-disable-next-line meta/name suppresses nothing here. [directive/unused]\n',
      stderr: '',
    });
    expect(runCli(['-f', 'concise', '--no-inline-directives', 'jane.yaml'], { cwd: dir })).toEqual({ status: 1, stdout: SUPPRESSED, stderr: '' });
  });

  it('holds on worker threads, and a cached result of a run with the comments is not reused', () => {
    const dir = tempTree('platlint-directives-', { 'jane.yaml': JANE, 'john.yaml': JANE.replaceAll('jane', 'john') });
    const parallel = runCli(['-f', 'concise', '--no-inline-directives', '--threads', '2', '.'], { cwd: dir });
    expect(parallel.status).toBe(1);
    expect(parallel.stdout).toBe(SUPPRESSED + SUPPRESSED.replaceAll('jane', 'john'));
    expect(runCli(['-f', 'concise', '--cache', 'jane.yaml'], { cwd: dir }).status).toBe(0);
    expect(existsSync(join(dir, '.platlintcache/cache.json'))).toBe(true);
    expect(runCli(['-f', 'concise', '--cache', '--no-inline-directives', 'jane.yaml'], { cwd: dir })).toEqual({ status: 1, stdout: SUPPRESSED, stderr: '' });
    expect(runCli(['-f', 'concise', '--cache', 'jane.yaml'], { cwd: dir }).status).toBe(0);
  });
});
