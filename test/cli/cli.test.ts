import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { reportSchema } from '../../src/formatters/report-schema.js';
import { runCli } from '../helpers/cli.js';

const CLEAN_USER = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  email: jane@example.com\n';
const BROKEN_USER = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  tokenGeneration: "3"\n';

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'platlint-cli-'));
}

describe('exit codes', () => {
  it('exits 0 on a clean file and prints nothing', () => {
    const run = runCli(['-'], { input: CLEAN_USER });
    expect(run).toEqual({ status: 0, stdout: '', stderr: '' });
  });

  it('exits 1 when there are lint errors, with a stylish report', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'user.yaml'), BROKEN_USER);
    const run = runCli(['user.yaml'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe(
      [
        'user.yaml',
        '  6:20     error    spec.tokenGeneration must be an integer, not string; remove the quotes to write a number.  schema/type',
        '',
        '    5 | spec:',
        '  > 6 |   tokenGeneration: "3"',
        '      |                    ^^^',
        '',
        '',
        '✖ 1 problem (1 error, 0 warnings, 0 infos) in 1 file with problems (1 file linted)',
        '',
      ].join('\n'),
    );
  });

  it('exits 2 for a missing path but still lints the other inputs', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'user.yaml'), BROKEN_USER);
    const run = runCli(['nope.yaml', 'user.yaml', '--format', 'json'], { cwd: dir });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('platlint: no such file or directory: nope.yaml\n');
    expect(JSON.parse(run.stdout).summary.errors).toBe(1);
  });

  it('exits 2 with one line for an unknown format or option', () => {
    expect(runCli(['--format', 'xml', '-'], { input: CLEAN_USER })).toMatchObject({ status: 2, stderr: expect.stringMatching(/^platlint: unknown format "xml" \(use [a-z, ]+\)\n$/) });
    expect(runCli(['--bogus']).status).toBe(2);
  });

  it('exits 2 for a glob that matches nothing and an unknown --rule', () => {
    expect(runCli(['fixtures/**/*.nothing'])).toMatchObject({ status: 2, stderr: 'platlint: no files match the pattern fixtures/**/*.nothing (--no-error-on-unmatched-pattern allows this)\n' });
    expect(runCli(['--rule', 'no/such=off', '-'], { input: CLEAN_USER })).toMatchObject({ status: 2, stderr: 'platlint: --rule no/such=off: unknown rule "no/such" (see platlint rules)\n' });
  });

  it('exits 1 above --max-warnings and 0 at or below it', () => {
    const warning = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  username: jane\n  tokenGeneration: 010\n';
    expect(runCli(['--max-warnings', '0', '-'], { input: warning }).status).toBe(1);
    expect(runCli(['--max-warnings', '5', '-'], { input: warning }).status).toBe(0);
    expect(runCli(['--quiet', '-'], { input: warning })).toEqual({ status: 0, stdout: '', stderr: '' });
  });

  it('lets --rule turn a rule off', () => {
    expect(runCli(['--rule', 'schema/type=off', '-'], { input: BROKEN_USER }).status).toBe(0);
    expect(runCli(['--rule', 'schema/type=warn', '-'], { input: BROKEN_USER }).status).toBe(0);
  });
});

describe('inputs', () => {
  it('reads stdin and names it with --stdin-filename', () => {
    const run = runCli(['-', '--stdin-filename', 'users/jane.yaml', '--format', 'json'], { input: BROKEN_USER });
    const report = JSON.parse(run.stdout);
    expect(report.results[0].file).toBe('users/jane.yaml');
    expect(report.results[0].diagnostics[0]).toMatchObject({ ruleId: 'schema/type', line: 6, column: 20, endLine: 6, endColumn: 23, path: '/spec/tokenGeneration', document: 0 });
  });

  it('walks directories for .yaml and .yml files, skipping node_modules', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.yaml'), BROKEN_USER);
    writeFileSync(join(dir, 'b.yml'), BROKEN_USER);
    writeFileSync(join(dir, 'c.txt'), BROKEN_USER);
    const nested = join(dir, 'node_modules');
    mkdirSync(nested);
    writeFileSync(join(nested, 'd.yaml'), BROKEN_USER);
    const report = JSON.parse(runCli(['.', '--format', 'json'], { cwd: dir }).stdout);
    expect(report.results.map((r: { file: string }) => r.file)).toEqual(['a.yaml', 'b.yml']);
  });

  it('expands globs', () => {
    const report = JSON.parse(runCli(['fixtures/yaml/**/valid*.yaml', '--format', 'json']).stdout);
    expect(report.results.map((r: { file: string }) => r.file)).toEqual([
      'fixtures/yaml/ambiguous-scalar/valid-non-specific-tag.yaml',
      'fixtures/yaml/ambiguous-scalar/valid.yaml',
      'fixtures/yaml/collection-key/valid.yaml',
      'fixtures/yaml/duplicate-key/valid-after-syntax-error.yaml',
      'fixtures/yaml/duplicate-key/valid-other-tools.yaml',
      'fixtures/yaml/duplicate-key/valid.yaml',
      'fixtures/yaml/invalid-value/valid.yaml',
      'fixtures/yaml/syntax/valid-tabs.yaml',
      'fixtures/yaml/syntax/valid-templated.yaml',
      'fixtures/yaml/syntax/valid.yaml',
    ]);
  });
});

describe('the JSON report', () => {
  it('validates against the report schema and has the documented shape', () => {
    const run = runCli(['fixtures/examples', '--format', 'json']);
    const report = JSON.parse(run.stdout);
    const validate = new Ajv({ strict: false }).compile(reportSchema);
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(Object.keys(report)).toEqual(['version', 'results', 'summary']);
    expect(report.version).toBe(1);
    expect(report.summary.files).toBe(report.results.length);
    expect(report.summary.errors).toBeGreaterThan(0);
  });

  it('is printed by platlint schema report', () => {
    const run = runCli(['schema', 'report']);
    expect(JSON.parse(run.stdout)).toEqual(JSON.parse(JSON.stringify(reportSchema)));
  });

  it('writes to a file with -o', () => {
    const out = join(tempDir(), 'report.json');
    const run = runCli(['-', '--format', 'json', '-o', out], { input: BROKEN_USER });
    expect(run.stdout).toBe('');
    expect(JSON.parse(readFileSync(out, 'utf8')).summary.errors).toBe(1);
  });
});

describe('commands', () => {
  it('platlint rules lists id, category, severity and description', () => {
    const run = runCli(['rules']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^ID\s+CATEGORY\s+SEVERITY\s+FIX\s+DESCRIPTION$/m);
    expect(run.stdout).toMatch(/^schema\/unknown-field\s+schema\s+error\s+yes\s+Disallow fields the spec does not define$/m);
    const json = JSON.parse(runCli(['rules', '--format', 'json']).stdout);
    expect(json.find((r: { id: string }) => r.id === 'yaml/syntax')).toMatchObject({ category: 'yaml', severity: 'error', fixable: false });
  });

  it('platlint explain prints the doc page; an unknown id exits 2', () => {
    expect(runCli(['explain', 'yaml/duplicate-key']).stdout.startsWith('# yaml/duplicate-key\n')).toBe(true);
    expect(runCli(['explain', 'nope/nope'])).toMatchObject({ status: 2, stderr: 'platlint: unknown rule "nope/nope" (see platlint rules)\n' });
  });

  it('platlint schema prints the JSON Schemas', () => {
    const user = JSON.parse(runCli(['schema', 'User']).stdout);
    expect(user.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(user.properties.spec.properties.access.items.required).toEqual(['verbs']);
    expect(JSON.parse(runCli(['schema', 'Config']).stdout).properties.status).toBeDefined();
  });
});
