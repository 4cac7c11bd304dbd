/** `platlint patch BASE PATCH` end to end, through the built CLI. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { report, spans, type JsonReport } from '../helpers/json-report.js';

describe('platlint patch BASE PATCH', () => {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-patch-'));
  const base = join(dir, 'user.yaml');
  writeFileSync(base, 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane-doe\n  resourceVersion: "4711"\n  annotations:\n    owner: platform-team\nspec:\n  username: jane\n  email: jane@example.com\n');
  const write = (name: string, text: string): string => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };

  it("the spec's example: add /metadata/annotations/<key> with ~1 in the key, clean and printed", () => {
    const patch = write('spec-example.json', '[{"op": "add", "path": "/metadata/annotations/example.com~1team", "value": "platform"}]\n');
    const run = runCli(['patch', base, patch, '--format', 'json']);
    expect(run.status).toBe(0);
    expect(report(run.stdout).results.flatMap((r) => r.diagnostics)).toEqual([]);
    const printed = runCli(['patch', '--print', base, patch]);
    expect(printed.status).toBe(0);
    expect(printed.stdout).toBe(
      'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane-doe\n  resourceVersion: "4711"\n  annotations:\n    owner: platform-team\n    example.com/team: platform\nspec:\n  username: jane\n  email: jane@example.com\n',
    );
  });

  const cases: [string, string, [string, string, number, number, number, number][]][] = [
      ['document/mapping', 'patch/document', [['patch/document', 'error', 1, 1, 1, 8]]],
      ['operation/unknown', 'patch/operation', [['patch/operation', 'error', 1, 7, 1, 13]]],
      ['operation/missing', 'patch/operation', [['patch/operation', 'error', 1, 3, 1, 10], ['patch/operation', 'error', 3, 3, 3, 20], ['patch/operation', 'error', 5, 3, 5, 11]]],
      ['pointer/escape', 'patch/pointer', [['patch/pointer', 'error', 2, 9, 2, 24], ['patch/pointer', 'error', 5, 9, 5, 34], ['patch/pointer', 'error', 7, 9, 7, 11]]],
      ['path-not-found/remove', 'patch/path-not-found', [['patch/path-not-found', 'error', 2, 9, 2, 26]]],
      ['path-not-found/unescaped', 'patch/path-not-found', [['patch/path-not-found', 'error', 6, 9, 6, 47]]],
      ['test-failed/stale', 'patch/test-failed', [['patch/test-failed', 'error', 3, 10, 3, 16]]],
      // The patched object is an update of the base, so the transition rules see the new resourceVersion too.
      ['server-field/write', 'patch/server-field', [['patch/server-field', 'warning', 2, 9, 2, 34], ['change/resource-version', 'error', 3, 10, 3, 16], ['patch/server-field', 'warning', 5, 9, 5, 22]]],
  ];
  it.each(cases)('%s: %s at its operation in the patch file', (name, _, expected) => {
    const [rule, file] = name.split('/');
    const run = runCli(['patch', `fixtures/patch/${rule}/base.yaml`, `fixtures/patch/${rule}/${file}.patch.yaml`, '--format', 'json']);
    expect(spans(run.stdout)).toEqual(expected);
    expect(report(run.stdout).results[0]?.file).toBe(`fixtures/patch/${rule}/${file}.patch.yaml`);
    expect(run.status).toBe(expected.some((e) => e[1] === 'error') ? 1 : 0);
  });

  it('an unknown field written by the patch is reported in the patch file, at the key it adds or inside the value', () => {
    const patch = write('unknown.json', '[\n  {"op": "add", "path": "/spec/colour", "value": "blue"},\n  {"op": "add", "path": "/spec/owner", "value": {"user": "jane", "tema": "a"}}\n]\n');
    const run = runCli(['patch', base, patch, '--format', 'json']);
    expect(run.status).toBe(1);
    const [inPatch, inBase] = report(run.stdout).results;
    expect(inPatch?.file).toBe(patch);
    expect(inPatch?.diagnostics.map((d) => [d.ruleId, d.line, d.column, d.endColumn, d.path])).toEqual([
      ['schema/unknown-field', 2, 25, 39, '/0/path'],
      ['schema/unknown-field', 3, 66, 72, '/1/value/tema'],
    ]);
    expect(inBase?.diagnostics).toEqual([]);
  });

  it('writes -o reports as lint does: into new folders, relative to the working directory, exit 2 when one cannot be written', () => {
    const patch = write('reports.json', '[{"op": "add", "path": "/spec/colour", "value": "blue"}]\n');
    const run = runCli(['patch', base, patch, '--format', 'sarif', '-o', 'out/patch.sarif', '--format', 'json'], { cwd: dir });
    expect(run.status).toBe(1);
    const sarif = JSON.parse(readFileSync(join(dir, 'out', 'patch.sarif'), 'utf8')) as { runs: { results: { ruleId: string }[]; tool: { driver: { rules: { id: string; fullDescription?: unknown }[] } } }[] };
    expect(sarif.runs[0]?.results.map((r) => r.ruleId)).toEqual(['schema/unknown-field']);
    // The rule's doc page, as lint's SARIF has it.
    expect(sarif.runs[0]?.tool.driver.rules[0]?.fullDescription).toBeDefined();
    expect(report(run.stdout).results.flatMap((r) => r.diagnostics.map((d) => d.ruleId))).toEqual(['schema/unknown-field']);

    writeFileSync(join(dir, 'a-file'), '');
    const unwritable = runCli(['patch', base, patch, '--format', 'json', '-o', 'a-file/patch.json'], { cwd: dir });
    expect(unwritable.status).toBe(2);
    expect(unwritable.stderr).toBe('platlint: cannot write a-file/patch.json: a-file is not a directory\n');
  });

  it('diagnostics about values the patch did not write point into the base', () => {
    const patch = write('keeps.json', '[{"op": "replace", "path": "/spec/username", "value": "jane2"}]\n');
    const broken = write('broken-base.yaml', 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane-doe\nspec:\n  username: jane\n  colour: blue\n');
    const run = runCli(['patch', broken, patch, '--format', 'json']);
    const [inPatch, inBase] = report(run.stdout).results;
    expect(inPatch?.diagnostics).toEqual([]);
    expect(inBase?.diagnostics.map((d) => [d.ruleId, d.line, d.column])).toEqual([['schema/unknown-field', 7, 3]]);
  });

  it('plain lint skips a JSON Patch kept in YAML, as it skips other YAML files', () => {
    const run = runCli(['lint', 'fixtures/examples/update/broken.patch.yaml', '--format', 'json']);
    expect(run.status).toBe(0);
    const parsed = JSON.parse(run.stdout) as JsonReport & { summary: { skipped: number } };
    expect(parsed.results.flatMap((r) => r.diagnostics)).toEqual([]);
    expect(parsed.summary.skipped).toBe(1);
  });

  it('--print exits 1 with the problems on stderr when the patch cannot apply; bad input is exit 2', () => {
    const patch = write('fails.yaml', '- op: remove\n  path: /spec/displayName\n');
    const run = runCli(['patch', '--print', base, patch]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`${patch}:2:9: error: The path /spec/displayName of the remove operation does not exist. (patch/path-not-found)\n`);
    const two = write('two.yaml', 'a: 1\n---\nb: 2\n');
    const twoDocs = runCli(['patch', two, patch]);
    expect(twoDocs.status).toBe(2);
    expect(twoDocs.stderr).toBe(`platlint: ${two}: the base must be one document, not 2\n`);
    expect(runCli(['patch', base, join(dir, 'missing.json')]).status).toBe(2);
  });
});

describe('patch: bad input and secrets', () => {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-patch-input-'));
  const write = (name: string, text: string | Buffer): string => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  const patch = write('p.json', '[{"op": "add", "path": "/c", "value": 1}]');

  it('an empty base or a binary file is one line and exit 2; a recursive alias and absurd nesting are syntax errors', () => {
    // The parser reports an alias inside its own anchor's node (issue 18), so the base never gets as far as reading.
    const cyclic = runCli(['patch', '--print', write('cyclic.yaml', 'a: &x\n  b: *x\n'), patch]);
    expect([cyclic.status, cyclic.stderr]).toEqual([1, `${join(dir, 'cyclic.yaml')}:2:6: error: YAML syntax error: alias *x is inside the node its anchor names, which makes an endless structure. (yaml/syntax)\n`]);
    expect(runCli(['patch', write('empty.yaml', ''), patch]).stderr).toBe(`platlint: ${join(dir, 'empty.yaml')}: the base must be one document, not 0\n`);
    const binary = runCli(['patch', write('binary.yaml', Buffer.from([0xff, 0xfe, 0x00, 0x41])), patch]);
    expect(binary.status).toBe(2);
    expect(binary.stderr.split('\n')).toHaveLength(2);
    const deep = runCli(['patch', '--print', write('deep.json', `${'['.repeat(20000)}${']'.repeat(20000)}`), patch]);
    expect(deep.status).toBe(1);
    expect(deep.stderr).not.toMatch(/\n\s+at /);
  });

  it('a failing test of a credential shows neither the credential nor the guess', () => {
    const base = write('config.yaml', 'apiVersion: management.platform/v1\nkind: Config\nmetadata:\n  name: config\nstatus:\n  auth:\n    oidc:\n      issuerUrl: https://login.example.com\n      clientId: platform\n      clientSecret: s3cr3t-value-1\n');
    const guess = write('guess.yaml', '- op: test\n  path: /status/auth/oidc/clientSecret\n  value: s3cr3t-guess-2\n');
    for (const args of [['patch', base, guess, '--format', 'json'], ['patch', base, guess], ['patch', '--print', base, guess]]) {
      const run = runCli(args);
      expect(run.status).toBe(1);
      expect(run.stdout + run.stderr).toContain('The test of /status/auth/oidc/clientSecret fails: the value is ****, not ****.');
      expect(run.stdout + run.stderr).not.toMatch(/s3cr3t/);
    }
  });

  it('masks a credential under a misspelt secret key too, in the test and in the value a patch writes', () => {
    const base = write('misspelt.yaml', 'apiVersion: management.platform/v1\nkind: Config\nmetadata:\n  name: config\nstatus:\n  auth:\n    oidc:\n      issuerUrl: https://login.example.com\n      clientId: platform\n      clientSecert: s3cr3t-value-1\n');
    const guess = write('misspelt-guess.yaml', '- op: test\n  path: /status/auth/oidc/clientSecert\n  value: s3cr3t-guess-2\n- op: add\n  path: /status/auth/oidc/pasword\n  value: s3cr3t-new-3\n');
    for (const args of [['patch', base, guess, '--format', 'json'], ['patch', base, guess], ['patch', '--print', base, guess]]) {
      const run = runCli(args);
      expect(run.status).toBe(1);
      expect(run.stdout + run.stderr).toContain('The test of /status/auth/oidc/clientSecert fails: the value is ****, not ****.');
      expect(run.stdout + run.stderr).not.toMatch(/s3cr3t/);
    }
  });
});

describe('patch from stdin', () => {
  it('reads PATCH from - and refuses both from stdin', () => {
    const run = runCli(['patch', '--print', 'fixtures/patch/document/base.yaml', '-'], { input: '[{"op": "add", "path": "/spec/groups/-", "value": "admins"}]' });
    expect(run.status).toBe(0);
    expect(run.stdout.endsWith('  groups:\n    - developers\n    - admins\n')).toBe(true);
    const both = runCli(['patch', '-', '-']);
    expect([both.status, both.stderr]).toEqual([2, 'platlint: only one of BASE and PATCH can be read from stdin (-)\n']);
  });
});
