import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { tempTree } from '../helpers/files.js';
import { BIN, runCli } from '../helpers/cli.js';

// Each test starts the built CLI several times: slow on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

/** The CLI as a newcomer meets it (issue 14): every point through the built CLI, exact exit codes and stderr lines. */

const CLEAN_USER = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  email: jane@example.com\n';
const BROKEN_USER = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  tokenGeneration: "3"\n';
/** One error that --fix fixes (a misspelt field with a single near name) and one warning it does not. */
const FIXABLE_USER = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\n  selfLink: /x\nspec:\n  emial: jane@example.com\n';

function project(files: Record<string, string>): string {
  return tempTree('platlint-newcomer-', files);
}

function files(stdout: string): string[] {
  return (JSON.parse(stdout) as { results: { file: string }[] }).results.map((r) => r.file);
}

describe('every exit 2 prints one line naming the cause', () => {
  it('a missing --policy path', () => {
    const dir = project({ 'u.yaml': CLEAN_USER });
    expect(runCli(['--policy', 'no-such-dir/', 'u.yaml'], { cwd: dir })).toEqual({
      status: 2,
      stdout: '',
      stderr: 'platlint: policy no-such-dir/: no such policy file or directory\n',
    });
  });

  it('a missing policies: path in .platlint.yaml', () => {
    const dir = project({ '.platlint.yaml': 'policies: [team-policies]\n', 'u.yaml': CLEAN_USER });
    expect(runCli(['u.yaml'], { cwd: dir })).toMatchObject({ status: 2, stderr: 'platlint: policy team-policies: no such policy file or directory\n' });
  });

  it('a folder without YAML files, allowed by --no-error-on-unmatched-pattern', () => {
    const dir = project({ 'docs/readme.md': '# nothing to lint\n' });
    expect(runCli(['docs'], { cwd: dir })).toEqual({
      status: 2,
      stdout: '',
      stderr: 'platlint: no YAML files (*.yaml, *.yml) to lint in docs (--no-error-on-unmatched-pattern allows this)\n',
    });
    expect(runCli([], { cwd: join(dir, 'docs') })).toMatchObject({
      status: 2,
      stderr: 'platlint: no YAML files (*.yaml, *.yml) to lint in the current directory (--no-error-on-unmatched-pattern allows this)\n',
    });
    expect(runCli(['docs', '--no-error-on-unmatched-pattern'], { cwd: dir })).toEqual({ status: 0, stdout: '', stderr: '' });
    expect(runCli(['docs/*.yaml', '--no-error-on-unmatched-pattern'], { cwd: dir })).toEqual({ status: 0, stdout: '', stderr: '' });
  });

  it('platlint policy without a subcommand, or with an unknown one', () => {
    expect(runCli(['policy'])).toEqual({ status: 2, stdout: '', stderr: 'platlint: policy needs a subcommand: platlint policy test <dir>\n' });
    expect(runCli(['policy', 'tset'])).toEqual({ status: 2, stdout: '', stderr: 'platlint: unknown policy subcommand "tset" (use: platlint policy test <dir>)\n' });
  });

  it('every error line has the platlint: prefix, commander errors included', () => {
    const dir = project({ 'u.yaml': BROKEN_USER });
    const runs = [
      runCli(['nope.yaml', 'u.yaml'], { cwd: dir }),
      runCli(['--bogus']),
      runCli(['--format', 'xml', '-'], { input: CLEAN_USER }),
      runCli(['explain']),
    ];
    for (const run of runs) {
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/^platlint: [^\n]+\n$/);
    }
    expect(runs[1]?.stderr).toBe("platlint: unknown option '--bogus'\n");
  });
});

describe('did-you-mean on the command line', () => {
  it('for --rule, --format and explain', () => {
    expect(runCli(['--rule', 'schema/tpye=off', '-'], { input: CLEAN_USER })).toMatchObject({
      status: 2,
      stderr: 'platlint: --rule schema/tpye=off: unknown rule "schema/tpye"; did you mean "schema/type"?\n',
    });
    expect(runCli(['--format', 'jsno', '-'], { input: CLEAN_USER })).toMatchObject({
      status: 2,
      stderr: 'platlint: unknown format "jsno"; did you mean "json"? (use stylish, json, sarif, github, junit)\n',
    });
    expect(runCli(['explain', 'auth/saml-cca'])).toMatchObject({ status: 2, stderr: 'platlint: unknown rule "auth/saml-cca"; did you mean "auth/saml-ca"?\n' });
  });
});

describe('configuration mistakes', () => {
  it('come all in one run, in file order, with did-you-mean', () => {
    const dir = project({
      '.platlint.yaml': 'extends: [recomended]\nrule:\n  schema/type: off\nignore: 3\nrules:\n  schema/typo: warn\n  yaml/syntax: loud\noverrides:\n  - files: ["x/**"]\n    rulez: {}\n',
      'u.yaml': CLEAN_USER,
    });
    const config = join(dir, '.platlint.yaml');
    expect(runCli(['u.yaml'], { cwd: dir })).toEqual({
      status: 2,
      stdout: '',
      stderr: [
        `platlint: ${config}:1:11: extends.0: must be one of recommended, strict, security, export; did you mean "recommended"?`,
        `platlint: ${config}:2:1: (top level): unknown key "rule"; did you mean "rules"?`,
        `platlint: ${config}:4:9: ignore: must be array`,
        `platlint: ${config}:6:3: rules.schema/typo: matches no rule; did you mean "schema/type"?`,
        `platlint: ${config}:7:16: rules.yaml/syntax: must be one of off, info, warn, warning, error, on, 0, 1, 2`,
        `platlint: ${config}:10:5: overrides.0: unknown key "rulez"; did you mean "rules"?`,
        '',
      ].join('\n'),
    });
  });
});

describe('the stylish report', () => {
  it('prints the note dimmed under the code frame, counts files with problems and what --fix can fix', () => {
    const dir = project({ 'a.yaml': FIXABLE_USER, 'b.yaml': CLEAN_USER });
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
});

describe('output files and stdin', () => {
  it('-o creates the folders of the report file', () => {
    const dir = project({ 'u.yaml': BROKEN_USER });
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
    const dir = project({
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
    const dir = project({ '.gitignore': 'generated/\n*.tmp.yaml\n', 'a/.gitignore': '!keep.tmp.yaml\n', 'a/keep.tmp.yaml': CLEAN_USER, 'a/drop.tmp.yaml': CLEAN_USER });
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

describe('progress on a terminal', () => {
  const dir = project(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`users/u${String(i).padStart(2, '0')}.yaml`, CLEAN_USER])));

  /** Runs the CLI on a pseudo-terminal made by script(1): stdout and stderr both go to it. */
  function onTerminal(env: Record<string, string>, cwd = dir): { status: number | null; output: string } {
    const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'CI' && key !== 'GITHUB_ACTIONS' && key !== 'NO_COLOR')) as Record<string, string>;
    const command = `'${process.execPath}' '${BIN}' users`;
    const result = spawnSync('script', ['-qec', command, '/dev/null'], { cwd, env: { ...base, TERM: 'xterm', ...env }, encoding: 'utf8', timeout: 60_000 });
    return { status: result.status, output: result.stdout };
  }

  it('erases its line before each piece of a long report, so that nothing is written on it', () => {
    // 400 broken files: a stylish report several times the 64 kB the CLI writes at a time, while the line is drawn.
    const files = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`users/u${String(i).padStart(3, '0')}.yaml`, BROKEN_USER]));
    const run = onTerminal({ NO_COLOR: '1' }, project(files));
    expect(run.status).toBe(1);
    // Each piece between two erasures is the progress line alone, or report text that starts on a line of its own.
    const pieces = run.output.split('\r\u001b[K').filter(Boolean);
    const reportPieces = pieces.filter((piece) => !/^platlint: linting \d+\/400 files$/.test(piece));
    expect(reportPieces.length).toBeGreaterThan(1);
    for (const piece of reportPieces) expect(piece).not.toContain('platlint: linting');
    expect(reportPieces[0]?.startsWith('users/u000.yaml\r\n')).toBe(true);
  });

  it('shows files done / total on stderr when it is a terminal, and erases it before exiting', () => {
    // .ci/run installs script(1) where it is missing: a machine without it fails here rather than skipping.
    expect(spawnSync('script', ['--version']).error).toBeUndefined();
    const run = onTerminal({});
    expect(run.status).toBe(0);
    expect(run.output).toContain('\r\u001b[Kplatlint: linting 30/30 files');
    expect(run.output.endsWith('\r\u001b[K')).toBe(true);
  });

  it('never in CI, even on a terminal, nor in a pipe', () => {
    expect(onTerminal({ CI: 'true' })).toEqual({ status: 0, output: '' });
    expect(runCli(['users'], { cwd: dir })).toEqual({ status: 0, stdout: '', stderr: '' });
  });
});
