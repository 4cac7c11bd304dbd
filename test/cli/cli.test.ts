import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it, vi } from 'vitest';
import { reportSchema } from '../../src/formatters/report-schema.js';
import { BROKEN_USER, CLEAN_USER, ROOT, runCli } from '../helpers/cli.js';
import { tempTree } from '../helpers/files.js';

// Each test starts the built CLI several times: slow on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

/** One error that --fix fixes (a misspelt field with a single near name) and one warning it does not. */
const FIXABLE_USER = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\n  selfLink: /x\nspec:\n  emial: jane@example.com\n';

function files(stdout: string): string[] {
  return (JSON.parse(stdout) as { results: { file: string }[] }).results.map((r) => r.file);
}

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
    expect(runCli(['--rule', 'no/such=off', '-'], { input: CLEAN_USER })).toMatchObject({ status: 2, stderr: 'platlint: --rule no/such=off: matches no rule (see platlint rules)\n' });
  });

  it('exits 1 above --max-warnings and 0 at or below it', () => {
    const warning = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  username: jane\n  tokenGeneration: 010\n';
    expect(runCli(['--max-warnings', '0', '-'], { input: warning }).status).toBe(1);
    expect(runCli(['--max-warnings', '5', '-'], { input: warning }).status).toBe(0);
    expect(runCli(['--quiet', '-'], { input: warning })).toEqual({ status: 0, stdout: '', stderr: '' });
  });

  it('reports errors only with --quiet, whatever reported the warnings: the files, the policies', () => {
    const dir = tempTree('platlint-quiet-', {
      '.platlint.yaml': 'policies: [policy.yaml]\nrules:\n  policy/invalid: warn\n',
      'policy.yaml': 'apiVersion: platlint/v1\nkind: Policy\nmetadata: {name: acme}\nspec:\n  rules:\n    - id: NotAnId\n      description: Check\n      expression: "true"\n      message: m\n',
      'u.yaml': 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  username: jane\n  tokenGeneration: 010\n',
    });
    const loud = runCli(['u.yaml', '--format', 'json'], { cwd: dir });
    expect(loud.status).toBe(0);
    expect((JSON.parse(loud.stdout) as { results: { file: string; diagnostics: { ruleId: string; severity: string }[] }[] }).results.map((r) => [r.file, r.diagnostics.map((d) => [d.ruleId, d.severity])])).toEqual([
      ['u.yaml', [['yaml/ambiguous-scalar', 'warning']]],
      ['policy.yaml', [['policy/invalid', 'warning']]],
    ]);
    expect(runCli(['u.yaml', '--quiet'], { cwd: dir })).toEqual({ status: 0, stdout: '', stderr: '' });
  });

  it('exits 2 with one line for a --max-warnings that is not a whole number of 0 or more', () => {
    for (const word of ['', ' ', '-1', '1.5', '0x10', '1e3', 'lots']) {
      expect(runCli(['--max-warnings', word, '-'], { input: CLEAN_USER })).toEqual({ status: 2, stdout: '', stderr: `platlint: --max-warnings takes a whole number of 0 or more, not ${JSON.stringify(word)}\n` });
    }
    expect(runCli(['--max-warnings', '007', '-'], { input: CLEAN_USER }).status).toBe(0);
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

  it('lints a file named twice, or found twice, once, by its first name', () => {
    const dir = tempTree('platlint-twice-', { 'a.yaml': BROKEN_USER, 'users/b.yaml': BROKEN_USER });
    const report = JSON.parse(runCli(['a.yaml', './a.yaml', `${dir}/a.yaml`, 'users', 'users/*.yaml', './users/b.yaml', '--format', 'json'], { cwd: dir }).stdout);
    expect(report.results.map((r: { file: string }) => r.file)).toEqual(['a.yaml', 'users/b.yaml']);
    expect(report.summary).toMatchObject({ files: 2, errors: 2 });
  });

  it('expands globs', () => {
    const report = JSON.parse(runCli(['fixtures/yaml/**/valid*.yaml', '--format', 'json']).stdout);
    expect(report.results.map((r: { file: string }) => r.file)).toEqual([
      'fixtures/yaml/ambiguous-scalar/valid-non-specific-tag.yaml',
      'fixtures/yaml/ambiguous-scalar/valid-tags-read-alike.yaml',
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
    expect(report.summary).toEqual({
      files: 8, filesWithProblems: 6, documents: 8, skipped: 1, skippedFiles: 1, lintedFiles: 7,
      errors: 17, warnings: 23, infos: 0, fixableErrors: 5, fixableWarnings: 2, fixableInfos: 0, fixed: 0, fixedFiles: 0,
      suppressed: { baseline: 0, exception: 0 },
    });
  });

  it('validates with suppressed diagnostics and their counts', () => {
    const validate = new Ajv({ strict: false }).compile(reportSchema);
    const report = JSON.parse(readFileSync(join(ROOT, 'test/formatters/golden/json-suppressed.json'), 'utf8'));
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report.summary.suppressed).toEqual({ baseline: 1, exception: 1 });
    report.results[0].suppressed[0].by = 'directive';
    expect(validate(report)).toBe(false);
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

  it('platlint schema prints the JSON Schemas, by names in any case', () => {
    const user = runCli(['schema', 'user']);
    expect(user).toMatchObject({ status: 0, stderr: '' });
    const userSchema = JSON.parse(user.stdout);
    expect(userSchema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(userSchema.properties.kind.const).toBe('User');
    expect(userSchema.properties.spec.properties.access.items.required).toEqual(['verbs']);
    expect(runCli(['schema', 'User']).stdout).toBe(user.stdout);
    const config = runCli(['schema', 'Config']);
    expect(config).toMatchObject({ status: 0, stderr: '' });
    expect(JSON.parse(config.stdout).properties.kind.const).toBe('Config');
    const manifest = JSON.parse(runCli(['schema', 'MANIFEST']).stdout);
    expect(manifest.properties.kind.examples).toEqual(['User', 'Config']);
    expect(manifest.allOf[0].then.properties.kind.enum).toEqual(['User', 'Config']);
    expect(JSON.parse(runCli(['schema', 'Settings']).stdout).$id).toBe('https://platlint.dev/schemas/config.json');
  });

  it('platlint schema config: the Config resource, and one line on stderr saying where the settings schema went', () => {
    const lower = runCli(['schema', 'config']);
    expect(lower.status).toBe(0);
    expect(lower.stdout).toBe(runCli(['schema', 'Config']).stdout);
    expect(lower.stderr).toBe('platlint: `schema config` prints the Config resource schema; the .platlint.yaml schema is now `platlint schema settings`\n');
  });

  it('platlint schema with an unknown name: one line, exit 2', () => {
    expect(runCli(['schema', 'Users'])).toEqual({ status: 2, stdout: '', stderr: 'platlint: unknown schema "Users" (use user, config, manifest, settings, policy, report, policy-test)\n' });
  });
});

describe('the stylish report', () => {
  it('prints the note dimmed under the code frame, counts files with problems and what --fix can fix', () => {
    const dir = tempTree('platlint-cli-', { 'a.yaml': FIXABLE_USER, 'b.yaml': CLEAN_USER });
    const run = runCli(['.'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe(
      [
        'a.yaml',
        '  5:3      warning  metadata.selfLink is deprecated and no longer populated.  meta/self-link',
        '',
        '    4 |   name: jane',
        '  > 5 |   selfLink: /x',
        '      |   ^^^^^^^^',
        '    note: The server ignores it, and the link it held is not maintained. Remove it; an object is addressed by its apiVersion, kind and name.',
        '',
        '  7:3      error    Unknown field "emial" in spec; did you mean "email"?  schema/unknown-field',
        '',
        '    6 | spec:',
        '  > 7 |   emial: jane@example.com',
        '      |   ^^^^^',
        '    note: The platform drops unknown fields silently.',
        '',
        '',
        '✖ 2 problems (1 error, 1 warning, 0 infos) in 1 file with problems (2 files linted)',
        '  1 error and 1 warning fixable with the `--fix` option.',
        '',
      ].join('\n'),
    );
  });

  it('is coloured with FORCE_COLOR even in a pipe, and FORCE_COLOR=0 or NO_COLOR alone keep it plain', () => {
    const colored = runCli(['-'], { input: BROKEN_USER, env: { FORCE_COLOR: '1' } });
    expect(colored.status).toBe(1);
    expect(colored.stdout).toContain('\u001b[31merror  \u001b[0m');
    expect(runCli(['-'], { input: BROKEN_USER, env: { FORCE_COLOR: '0' } }).stdout).not.toContain('\u001b[');
    expect(runCli(['-'], { input: BROKEN_USER }).stdout).not.toContain('\u001b[');
  });

  it('--color colours it in a pipe and --no-color never does, whatever the environment says; the last one given wins', () => {
    const colored = runCli(['--color', '-'], { input: BROKEN_USER, env: { NO_COLOR: '1' } });
    expect(colored.status).toBe(1);
    expect(colored.stdout).toContain('\u001b[31merror  \u001b[0m');
    const plain = runCli(['--no-color', '-'], { input: BROKEN_USER, env: { FORCE_COLOR: '1' } });
    expect(plain.status).toBe(1);
    expect(plain.stdout).toContain('error');
    expect(plain.stdout).not.toContain('\u001b[');
    expect(runCli(['--color', '--no-color', '-'], { input: BROKEN_USER }).stdout).not.toContain('\u001b[');
    expect(runCli(['--no-color', '--color', '-'], { input: BROKEN_USER }).stdout).toContain('\u001b[31merror  \u001b[0m');
    // diff, patch and baseline take them too.
    const diff = runCli(['diff', '--color', 'fixtures/examples/update/user.old.yaml', 'fixtures/examples/update/user.yaml'], { cwd: ROOT });
    expect(diff.status).toBe(1);
    expect(diff.stdout).toContain('\u001b[31merror  \u001b[0m');
  });
});

describe('output files and stdin', () => {
  it('-o creates the folders of the report file', () => {
    const dir = tempTree('platlint-cli-', { 'u.yaml': BROKEN_USER });
    const run = runCli(['u.yaml', '--format', 'sarif', '-o', 'reports/ci/out.sarif'], { cwd: dir });
    expect(run).toMatchObject({ status: 1, stdout: '', stderr: '' });
    expect(JSON.parse(readFileSync(join(dir, 'reports/ci/out.sarif'), 'utf8')).version).toBe('2.1.0');
  });

  it('--fix on stdin refuses without a JSON report to carry the fixed text, and carries it with one', () => {
    expect(runCli(['--fix', '-'], { input: FIXABLE_USER })).toEqual({
      status: 2,
      stdout: '',
      stderr: 'platlint: --fix cannot write the fixed text back to stdin: add --format json (its "output" field carries the fixed text)\n',
    });
    const run = runCli(['--fix', '--format', 'json', '-'], { input: FIXABLE_USER });
    expect(JSON.parse(run.stdout).results[0].output).toBe(FIXABLE_USER.replace('emial', 'email').replace('  selfLink: /x\n', ''));
  });
});

describe('walking directories', () => {
  it('honours .gitignore, .platlintignore and config ignore when walking, never for named files', () => {
    const dir = tempTree('platlint-cli-', {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.gitignore': 'build/\n*.generated.yaml\n',
      'users/.platlintignore': 'drafts/\n',
      '.platlint.yaml': 'ignore: ["legacy/**"]\n',
      'users/jane.yaml': CLEAN_USER,
      'users/drafts/bob.yaml': CLEAN_USER,
      'users/x.generated.yaml': CLEAN_USER,
      'build/users/jane.yaml': CLEAN_USER,
      'legacy/old.yaml': CLEAN_USER,
    });
    expect(files(runCli(['--format', 'json'], { cwd: dir }).stdout)).toEqual(['users/jane.yaml']);
    // Walking a folder below the repository's top still applies the .gitignore above it (and the folder's own)...
    expect(files(runCli(['users', '--format', 'json'], { cwd: dir }).stdout)).toEqual(['users/jane.yaml']);
    expect(files(runCli(['users/**/*.yaml', '--format', 'json'], { cwd: dir }).stdout)).toEqual(['users/jane.yaml']);
    // ...but a folder named on the command line is linted even when an ignore file above it ignores it.
    expect(files(runCli(['build', '--format', 'json'], { cwd: dir }).stdout)).toEqual(['build/users/jane.yaml']);
    // A named file is linted whatever the ignore files say; the config's ignore still applies to it.
    expect(files(runCli(['build/users/jane.yaml', 'users/drafts/bob.yaml', '--format', 'json'], { cwd: dir }).stdout)).toEqual(['build/users/jane.yaml', 'users/drafts/bob.yaml']);
    expect(files(runCli(['legacy/old.yaml', 'users/jane.yaml', '--format', 'json'], { cwd: dir }).stdout)).toEqual(['users/jane.yaml']);
  });

  it('re-includes what a deeper ignore file negates', () => {
    const dir = tempTree('platlint-cli-', { '.gitignore': 'generated/\n*.tmp.yaml\n', 'a/.gitignore': '!keep.tmp.yaml\n', 'a/keep.tmp.yaml': CLEAN_USER, 'a/drop.tmp.yaml': CLEAN_USER });
    expect(files(runCli(['.', '--format', 'json'], { cwd: dir }).stdout)).toEqual(['a/keep.tmp.yaml']);
  });
});

describe('help', () => {
  it('says that lint is the default command', () => {
    const run = runCli(['--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('lint is the default command: platlint [paths...] is platlint lint [paths...].');
    expect(run.stdout).toMatch(/lint \[options\] \[paths\.\.\.\]\s+lint files, directories/);
    expect(runCli(['lint', '--help']).stdout).toContain('--no-error-on-unmatched-pattern');
  });

  it('prints the version package.json has, which the reports carry too', () => {
    const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string };
    expect(runCli(['--version'])).toMatchObject({ status: 0, stdout: `${version}\n` });
    const sarif = JSON.parse(runCli(['fixtures/examples/maximal-user.yaml', '--format', 'sarif']).stdout) as { runs: { tool: { driver: { version: string } } }[] };
    expect(sarif.runs[0]?.tool.driver.version).toBe(version);
  });
});
