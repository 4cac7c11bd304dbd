/** `--ignore-pattern GLOB`: files left out for one run, as the configuration's `ignore` leaves them out. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTree } from '../helpers/files.js';
import { BROKEN_USER, runCli } from '../helpers/cli.js';

interface Report {
  results: { file: string }[];
}

function linted(stdout: string): string[] {
  return (JSON.parse(stdout) as Report).results.map((result) => result.file);
}

const TREE = { 'fresh/u.yaml': BROKEN_USER, 'legacy/u.yaml': BROKEN_USER, 'legacy/deep/v.yaml': BROKEN_USER, 'u.old.yaml': BROKEN_USER };

describe('--ignore-pattern', () => {
  it('leaves out what each glob matches, in walked directories and among named files', () => {
    const dir = tempTree('platlint-ignore-', TREE);
    const run = runCli(['--format', 'json', '--ignore-pattern', 'legacy/**', '--ignore-pattern', '*.old.yaml', '.'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(linted(run.stdout)).toEqual(['fresh/u.yaml']);
    const named = runCli(['--ignore-pattern', 'legacy/**', 'legacy/u.yaml'], { cwd: dir });
    // As a pre-commit hook passes every staged file: an ignored one is left out without a word.
    expect(named).toEqual({ status: 0, stdout: '', stderr: '' });
  });

  it('is relative to the working directory, not to the configuration file, and adds to its ignore', () => {
    const dir = tempTree('platlint-ignore-', { ...TREE, '.platlint.yaml': 'ignore: ["fresh/**"]\n' });
    const run = runCli(['--format', 'json', '--ignore-pattern', 'u.yaml', '.'], { cwd: join(dir, 'legacy') });
    expect(linted(run.stdout)).toEqual(['deep/v.yaml']);
    expect(linted(runCli(['--format', 'json', '--ignore-pattern', 'u.old.yaml', '.'], { cwd: dir }).stdout)).toEqual(['legacy/deep/v.yaml', 'legacy/u.yaml']);
  });

  it('leaves every file out: a directory with nothing to lint is exit 2, as with the configuration', () => {
    const dir = tempTree('platlint-ignore-', TREE);
    expect(runCli(['--ignore-pattern', '**', '.'], { cwd: dir })).toEqual({
      status: 2,
      stdout: '',
      stderr: 'platlint: no YAML files (*.yaml, *.yml) to lint in the current directory (--no-error-on-unmatched-pattern allows this)\n',
    });
  });

  it('is a usage error for a glob that cannot be one', () => {
    expect(runCli(['--ignore-pattern', '', 'fixtures/examples/'])).toEqual({ status: 2, stdout: '', stderr: 'platlint: --ignore-pattern "": an empty glob matches nothing\n' });
    const long = 'a'.repeat(70_000);
    const run = runCli(['--ignore-pattern', long, 'fixtures/examples/']);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`platlint: --ignore-pattern "${'a'.repeat(119)}…": the glob is 70,000 characters long; a glob has at most 65,536\n`);
  });

  it('applies to --print-config and to platlint baseline', () => {
    const dir = tempTree('platlint-ignore-', TREE);
    const printed = runCli(['--print-config', 'legacy/u.yaml', '--ignore-pattern', 'legacy/**'], { cwd: dir });
    expect((JSON.parse(printed.stdout) as { ignored: boolean }).ignored).toBe(true);
    expect(runCli(['baseline', '--ignore-pattern', 'legacy/**', '--ignore-pattern', '*.old.yaml', '.'], { cwd: dir }).status).toBe(0);
    const baseline = JSON.parse(readFileSync(join(dir, '.platlint-baseline.json'), 'utf8')) as { entries: { file: string }[] };
    expect([...new Set(baseline.entries.map((entry) => entry.file))]).toEqual(['fresh/u.yaml']);
  });
});

describe('--no-ignore, and --verbose on a named file that is ignored', () => {
  it("lints what the configuration's ignore and --ignore-pattern leave out, walked or named", () => {
    const dir = tempTree('platlint-ignore-', { ...TREE, '.platlint.yaml': 'ignore: ["legacy/**"]\n' });
    const all = runCli(['--format', 'json', '--no-ignore', '--ignore-pattern', '*.old.yaml', '.'], { cwd: dir });
    expect(all.status).toBe(1);
    expect(linted(all.stdout)).toEqual(['fresh/u.yaml', 'legacy/deep/v.yaml', 'legacy/u.yaml', 'u.old.yaml']);
    const named = runCli(['--format', 'json', '--no-ignore', 'legacy/u.yaml'], { cwd: dir });
    expect(named.status).toBe(1);
    expect(linted(named.stdout)).toEqual(['legacy/u.yaml']);
    const printed = runCli(['--print-config', 'legacy/u.yaml', '--no-ignore'], { cwd: dir });
    expect((JSON.parse(printed.stdout) as { ignored: boolean }).ignored).toBe(false);
  });

  it('--verbose names each named file it leaves out, on stderr; a walked one it does not', () => {
    const dir = tempTree('platlint-ignore-', { ...TREE, '.platlint.yaml': 'ignore: ["legacy/**"]\n' });
    const run = runCli(['--verbose', '--ignore-pattern', '*.old.yaml', 'legacy/u.yaml', 'u.old.yaml', 'legacy/'], { cwd: dir });
    expect(run).toEqual({
      status: 2,
      stdout: 'No problems in 0 files linted.\n',
      stderr:
        'platlint: no YAML files (*.yaml, *.yml) to lint in legacy/ (--no-error-on-unmatched-pattern allows this)\n' +
        "platlint: legacy/u.yaml is ignored (the configuration's ignore or --ignore-pattern; --no-ignore lints it)\n" +
        "platlint: u.old.yaml is ignored (the configuration's ignore or --ignore-pattern; --no-ignore lints it)\n",
    });
  });
});

describe('stdin under an ignored --stdin-filename', () => {
  const dir = tempTree('platlint-ignore-stdin-', { '.platlint.yaml': 'ignore: ["generated/**"]\n' });

  it('is left out as the named file would be: nothing reported, exit 0; --verbose says so, by the name given', () => {
    expect(runCli(['--format', 'json', '--stdin-filename', 'generated/u.yaml', '-'], { cwd: dir, input: BROKEN_USER })).toEqual({
      status: 0,
      stdout: '{"version":1,"results":[],"summary":{"files":0,"filesWithProblems":0,"documents":0,"skipped":0,"skippedFiles":0,"errors":0,"warnings":0,"infos":0,"fixableErrors":0,"fixableWarnings":0,"fixableInfos":0,"fixed":0,"fixedFiles":0,"suppressed":{"baseline":0,"exception":0},"lintedFiles":0}}\n',
      stderr: '',
    });
    const absolute = join(dir, 'generated/u.yaml');
    expect(runCli(['--verbose', '--ignore-pattern', 'other/**', '--stdin-filename', absolute, '-'], { cwd: dir, input: BROKEN_USER })).toEqual({
      status: 0,
      stdout: 'No problems in 0 files linted.\n',
      stderr: `platlint: ${absolute} is ignored (the configuration's ignore or --ignore-pattern; --no-ignore lints it)\n`,
    });
    expect(runCli(['--format', 'json', '--ignore-pattern', 'u.yaml', '--stdin-filename', 'u.yaml', '-'], { cwd: dir, input: BROKEN_USER }).status).toBe(0);
  });

  it('is linted with --no-ignore, and under a name nothing ignores', () => {
    const unignored = runCli(['--format', 'json', '--no-ignore', '--stdin-filename', 'generated/u.yaml', '-'], { cwd: dir, input: BROKEN_USER });
    expect([unignored.status, linted(unignored.stdout)]).toEqual([1, ['generated/u.yaml']]);
    const elsewhere = runCli(['--format', 'json', '--stdin-filename', 'users/u.yaml', '-'], { cwd: dir, input: BROKEN_USER });
    expect([elsewhere.status, linted(elsewhere.stdout)]).toEqual([1, ['users/u.yaml']]);
  });
});
