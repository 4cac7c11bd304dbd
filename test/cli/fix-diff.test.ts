/** `platlint --diff`: what --fix would change, as a unified diff on stdout, nothing written. */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { CLEAN_USER, ROOT, runCli } from '../helpers/cli.js';

const BROKEN_USER_DIFF = `--- a/jane.yaml
+++ b/jane.yaml
@@ -3,17 +3,15 @@
 kind: User
 metadata:
   name: Jane.Doe
-  selfLink: /apis/management.platform/v1/users/jane
 spec:
   displayName: Jane Doe
   username: jane
-  emial: jane@example.com
+  email: jane@example.com
   tokenGeneration: "2"
   groups:
     - platform-admins
-    - platform-admins
   clusterRoles:
     - name: cluster-admin
   access:
-    - verbs: [get, List, "*"]
+    - verbs: [get, list, "*"]
       users: ["*"]
`;

const SECRET = 's3cr3t-Value-9f2';
const CONFIG_WITH_SECRET = `apiVersion: management.platform/v1
kind: Config
metadata:
  name: config
status:
  platformHost: platform.example.com
  auth:
    oidc:
      issuerUrl: https://id.example.com
      clientID: platform
      clientSecret: ${SECRET}
`;

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-diff-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('--diff', () => {
  it('prints the diff of what --fix would write, writes nothing, exits 1; the diff applied gives what --fix writes', () => {
    const dir = project({});
    copyFileSync(join(ROOT, 'fixtures/examples/broken-user.yaml'), join(dir, 'jane.yaml'));
    const before = readFileSync(join(dir, 'jane.yaml'), 'utf8');
    const run = runCli(['--diff', 'jane.yaml'], { cwd: dir });
    expect(run).toEqual({ status: 1, stdout: BROKEN_USER_DIFF, stderr: 'platlint: --fix would fix 4 problems in 1 file\n' });
    expect(readFileSync(join(dir, 'jane.yaml'), 'utf8')).toBe(before);
    expect(runCli(['--fix', 'jane.yaml'], { cwd: dir }).status).toBe(1);
    expect(applyPatch(before, run.stdout)).toBe(readFileSync(join(dir, 'jane.yaml'), 'utf8'));
    // Fixed, nothing is left to change: no output, exit 0, though problems without a fix remain.
    expect(runCli(['--diff', 'jane.yaml'], { cwd: dir })).toEqual({ status: 0, stdout: '', stderr: '' });
  });

  it('keeps CRLF line ends and a byte order mark: the diff applied still gives what --fix writes', () => {
    const text = `\uFEFF${readFileSync(join(ROOT, 'fixtures/examples/broken-user.yaml'), 'utf8').replaceAll('\n', '\r\n')}`;
    const dir = project({ 'jane.yaml': text });
    const run = runCli(['--diff', 'jane.yaml'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('-  emial: jane@example.com\r\n+  email: jane@example.com\r\n');
    runCli(['--fix', 'jane.yaml'], { cwd: dir });
    expect(applyPatch(text, run.stdout)).toBe(readFileSync(join(dir, 'jane.yaml'), 'utf8'));
  });

  it('names files from the working directory, as git apply reads them, and only the files that would change', () => {
    const dir = project({ 'clean.yaml': CLEAN_USER });
    mkdirSync(join(dir, 'sub'));
    copyFileSync(join(ROOT, 'fixtures/examples/broken-user.yaml'), join(dir, 'jane.yaml'));
    const run = runCli(['--diff', join(dir, 'jane.yaml'), '../clean.yaml'], { cwd: join(dir, 'sub') });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe(BROKEN_USER_DIFF.replaceAll('/jane.yaml', '/../jane.yaml'));
  });

  it('masks secrets, and says on stderr that a hunk holding one does not apply', () => {
    const dir = project({ 'config.yaml': CONFIG_WITH_SECRET });
    const run = runCli(['--diff', 'config.yaml'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe(`--- a/config.yaml
+++ b/config.yaml
@@ -7,5 +7,5 @@
   auth:
     oidc:
       issuerUrl: https://id.example.com
-      clientID: platform
+      clientId: platform
       clientSecret: ****
`);
    expect(run.stderr).toBe('platlint: the diff of config.yaml shows secrets masked: git apply does not apply a hunk that holds one (--fix does)\nplatlint: --fix would fix 1 problem in 1 file\n');
    expect(run.stdout + run.stderr).not.toContain(SECRET);
  });

  it('reads stdin under --stdin-filename', () => {
    const text = readFileSync(join(ROOT, 'fixtures/examples/broken-user.yaml'), 'utf8');
    const run = runCli(['--diff', '--stdin-filename', 'jane.yaml', '-'], { input: text });
    expect(run).toEqual({ status: 1, stdout: BROKEN_USER_DIFF, stderr: 'platlint: --fix would fix 4 problems in 1 file\n' });
  });

  it('leaves a file with YAML errors alone, as --fix does', () => {
    const dir = project({ 'two.yaml': 'apiVersion: management.platform/v1\nkind: Config\nmetadata:\n  name: config\n  selfLink: /x\n---\napiVersion: management.platform/v1\nkind: User\nmetadata: {name: [jane\n' });
    const run = runCli(['--diff', 'two.yaml'], { cwd: dir });
    expect(run).toEqual({ status: 0, stdout: '', stderr: 'platlint: two.yaml not fixed: it has YAML errors, and --fix changes only files that parse completely\n' });
  });

  it('colours the diff where stylish would be coloured', () => {
    const dir = project({ 'user.yaml': CLEAN_USER.replace('  name: jane\n', '  name: jane\n  selfLink: /x\n') });
    const run = runCli(['--diff', 'user.yaml'], { cwd: dir, env: { FORCE_COLOR: '1' } });
    expect(run.stdout).toBe(
      '\u001b[1m--- a/user.yaml\u001b[0m\n\u001b[1m+++ b/user.yaml\u001b[0m\n\u001b[36m@@ -2,6 +2,5 @@\u001b[0m\n kind: User\n metadata:\n   name: jane\n\u001b[31m-  selfLink: /x\u001b[0m\n spec:\n   email: jane@example.com\n',
    );
  });

  it.each([
    [['--fix'], '--fix'],
    [['--fix-dry-run'], '--fix-dry-run'],
    [['--format', 'json'], '--format'],
    [['--format', 'json', '-o', 'r.json'], '--format'],
    [['--statistics'], '--statistics'],
  ])('refuses %j: exit 2 and one line', (flags, named) => {
    const run = runCli(['--diff', ...flags, 'fixtures/examples/broken-user.yaml']);
    expect(run).toEqual({ status: 2, stdout: '', stderr: `platlint: --diff cannot be used with ${named}: it prints what --fix would change instead of a report\n` });
  });

  it('is not an option of platlint baseline', () => {
    const run = runCli(['baseline', '--diff', 'fixtures/examples/broken-user.yaml']);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("platlint: unknown option '--diff'\n");
  });
});
