import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { Client, TEST_MS, workspace } from '../lsp/client.js';
import { manifest, user } from '../helpers/manifests.js';

const POLICY = [
  'apiVersion: platlint/v1',
  'kind: Policy',
  'metadata:',
  '  name: acme',
  'spec:',
  '  rules:',
  '    - id: acme/email',
  '      description: Require an email address',
  '      severity: error',
  '      match: {kinds: [User]}',
  '      given: spec',
  '      expression: "has(self.email)"',
  '      message: acme needs spec.email',
  '',
].join('\n');

/** A User without an email: line 5 is `spec:`, where acme/email reports. */
const noEmail = (name: string, specComment = ''): string => manifest('User', name, `spec:${specComment}\n  username: ${name}\n`);
const WITH_EMAIL = user('  email: jane@example.com\n');

/** The README's layout: `policies: [policies/]`, a pack per folder, its fixtures in `tests/`, manifests elsewhere. */
function repository(extra: Record<string, string> = {}): string {
  return workspace({
    '.platlint.yaml': 'policies: [policies/]\n',
    'policies/acme/policy.yaml': POLICY,
    'policies/acme/tests/invalid.yaml': noEmail('bob', ' # expect: acme/email'),
    'policies/acme/tests/valid.yaml': WITH_EMAIL,
    'users/jane.yaml': WITH_EMAIL,
    ...extra,
  });
}

const REASON = 'policy test fixture; run `platlint policy test`';

describe('policy test fixtures: lint skips them', () => {
  it('platlint . skips the fixtures of a configured policy, counted and listed with the skipped files', () => {
    const cwd = repository();
    expect(runCli([], { cwd })).toEqual({ status: 0, stdout: '', stderr: '' });
    expect(runCli(['--verbose'], { cwd })).toEqual({
      status: 0,
      stdout: [
        'Skipped, not linted:',
        `  policies/acme/tests/invalid.yaml:1  ${REASON}`,
        `  policies/acme/tests/valid.yaml:1  ${REASON}`,
        // A policy file comes after the files linted, with the problems found when it is loaded and run, if any.
        '  policies/acme/policy.yaml:1  apiVersion platlint/v1, kind Policy: not a management.platform object',
        '',
        'No problems in 1 file linted, 3 files skipped.',
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it('a fixture named on the command line (as pre-commit passes files) is skipped too, in every format', () => {
    const cwd = repository({ 'users/bob.yaml': noEmail('bob') });
    const files = ['policies/acme/tests/invalid.yaml', 'users/bob.yaml'];
    const stylish = runCli(files, { cwd });
    expect(stylish.status).toBe(1);
    expect(stylish.stdout.trimEnd().split('\n').at(-1)).toBe('✖ 1 problem (1 error, 0 warnings, 0 infos) in 1 file with problems (1 file linted), 1 file skipped (--verbose lists them)');
    expect(stylish.stdout).not.toContain('tests/invalid.yaml');

    const json = JSON.parse(runCli([...files, '--format', 'json'], { cwd }).stdout) as { results: unknown[]; summary: Record<string, number> };
    expect(json.results[0]).toEqual({ file: 'policies/acme/tests/invalid.yaml', diagnostics: [], skipped: [{ line: 1, path: '', reason: REASON }] });
    expect([json.summary['files'], json.summary['lintedFiles'], json.summary['skippedFiles'], json.summary['errors']]).toEqual([2, 1, 1, 1]);

    expect(runCli([...files, '--format', 'github', '--verbose'], { cwd }).stdout.split('\n')[0]).toBe(
      `::notice file=policies/acme/tests/invalid.yaml,line=1,title=not linted::Not linted: ${REASON}`,
    );
    expect(runCli([...files, '--format', 'junit'], { cwd }).stdout).toContain(
      `<testcase classname="platlint" name="policies/acme/tests/invalid.yaml">\n      <skipped message="Not linted: ${REASON}">line 1: ${REASON}</skipped>\n    </testcase>`,
    );
  });

  it('--policy makes a pack\'s fixtures fixtures too; without any policy they are plain manifests', () => {
    const cwd = workspace({ 'acme/policy.yaml': POLICY, 'acme/tests/invalid.yaml': noEmail('bob', ' # expect: acme/email') });
    expect(runCli(['--policy', 'acme', 'acme/tests/invalid.yaml'], { cwd })).toEqual({ status: 0, stdout: '', stderr: '' });
    const plain = runCli(['acme/tests/invalid.yaml', '--format', 'json'], { cwd });
    expect(JSON.parse(plain.stdout).summary.skippedFiles).toBe(0);
  });

  it('platlint policy test still runs them', () => {
    const cwd = repository();
    expect(runCli(['policy', 'test', 'policies'], { cwd })).toEqual({
      status: 0,
      stdout: 'PASS - policies/acme/tests/invalid.yaml\nPASS - policies/acme/tests/valid.yaml\n2 passed, 0 failed\n',
      stderr: '',
    });
  });
});

describe('policy test fixtures in the language server', () => {
  it('shows what platlint policy test says of the fixture, each mismatch at its line', async () => {
    const client = new Client(repository());
    await client.initialize();
    const passing = await client.open('policies/acme/tests/invalid.yaml', noEmail('bob', ' # expect: acme/email'));
    expect((await client.diagnostics(passing)).diagnostics).toEqual([]);

    // The marker moved to line 4: nothing is reported there, and the diagnostic on line 5 is not expected.
    await client.change(passing, noEmail('bob').replace('name: bob', 'name: bob # expect: acme/email'));
    expect((await client.diagnostics(passing)).diagnostics.map((d) => [d.code, d.severity, d.range, d.message])).toEqual([
      ['policy/fixture-mismatch', 1, { start: { line: 3, character: 0 }, end: { line: 3, character: 32 } }, 'policy test: expected acme/email, but it reported nothing there'],
      ['policy/fixture-mismatch', 1, { start: { line: 4, character: 0 }, end: { line: 4, character: 4 } }, 'policy test: unexpected acme/email: acme needs spec.email'],
    ]);
    // The previous version of a fixture is no test of its own: policy test says nothing of it, nor does the editor.
    const previous = await client.open('policies/acme/tests/invalid.old.yaml', noEmail('bob'));
    expect((await client.diagnostics(previous)).diagnostics).toEqual([]);
    expect(client.messages).toEqual([]);
    await client.stop();
  }, TEST_MS);
});
