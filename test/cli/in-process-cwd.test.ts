import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/program.js';
import { BROKEN_USER, CLEAN_USER, runCli } from '../helpers/cli.js';
import { tempTree } from '../helpers/files.js';

/** `main` in process, in `cwd`, with its output kept. */
async function mainIn(cwd: string, argv: readonly string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const status = await main(argv, { cwd, color: false, out: (text) => (stdout += text), error: (line) => (stderr += `${line}\n`), readStdin: async () => ({ bytes: new Uint8Array() }) });
  return { status, stdout, stderr };
}

const SELF_LINK_USER = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\n  selfLink: /x\nspec:\n  email: jane@example.com\n';

// The CLI's directory is `io.cwd` (src/cli/io.ts), not the process's: these runs name files relative to a folder that
// is not the process's directory, and must do what the command does when started there.
describe('main(argv, io) in process', () => {
  it('lints files and folders named relative to io.cwd, on the main thread and on worker threads', async () => {
    const dir = tempTree('platlint-in-process-', { 'a.yaml': BROKEN_USER, 'users/b.yaml': CLEAN_USER, 'users/c.yaml': BROKEN_USER });
    for (const threads of ['1', '2']) {
      const args = ['a.yaml', 'users', '--format', 'json', '--threads', threads];
      const inProcess = await mainIn(dir, args);
      const command = runCli(args, { cwd: dir });
      expect(inProcess).toEqual({ status: command.status, stdout: command.stdout, stderr: command.stderr });
      const report = JSON.parse(inProcess.stdout) as { results: { file: string; ioError?: string; diagnostics: { ruleId: string }[] }[] };
      expect(report.results.map((r) => [r.file, r.ioError, r.diagnostics.map((d) => d.ruleId)])).toEqual([
        ['a.yaml', undefined, ['schema/type']],
        ['users/b.yaml', undefined, []],
        ['users/c.yaml', undefined, ['schema/type']],
      ]);
    }
  });

  it('--fix writes the file in io.cwd', async () => {
    const dir = tempTree('platlint-in-process-fix-', { 'u.yaml': SELF_LINK_USER });
    expect((await mainIn(dir, ['u.yaml', '--fix'])).status).toBe(0);
    expect(readFileSync(join(dir, 'u.yaml'), 'utf8')).toBe(CLEAN_USER);
  });

  it('diff and patch read their operands relative to io.cwd', async () => {
    const dir = tempTree('platlint-in-process-update-', {
      'old.yaml': CLEAN_USER,
      'new.yaml': CLEAN_USER.replace('jane@example.com', 'jane@example.org'),
      'patch.yaml': '- {op: replace, path: /spec/email, value: jane@example.org}\n',
    });
    const diff = await mainIn(dir, ['diff', 'old.yaml', 'new.yaml', '--format', 'json']);
    expect([diff.status, diff.stderr]).toEqual([0, '']);
    expect((JSON.parse(diff.stdout) as { results: { file: string }[] }).results.map((r) => r.file)).toEqual(['new.yaml']);
    const patched = await mainIn(dir, ['patch', 'old.yaml', 'patch.yaml', '--print']);
    expect(patched).toEqual({ status: 0, stdout: CLEAN_USER.replace('jane@example.com', 'jane@example.org'), stderr: '' });
  });
});
