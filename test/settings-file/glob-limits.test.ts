/**
 * Globs past what micromatch (and the ignore files' `ignore` package) can compile, in every place a user writes one:
 * one line at its place and exit 2, never "internal error"; in a linted file, a diagnostic.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { globProblem } from '../../src/engine/globs.js';
import { tempTree } from '../helpers/files.js';
import { runCli } from '../helpers/cli.js';

const LONG = 'a'.repeat(70_000);
const TOO_LONG = 'the glob is 70,000 characters long; a glob has at most 65,536';
/** A key of the config file as its field is named: cut to 60 characters. */
const KEY = `${'a'.repeat(59)}…`;
const BROKEN = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  username: jane\n  tokenGeneration: "3"\n';
const TYPE_MESSAGE = 'schema/type spec.tokenGeneration must be an integer, not string; remove the quotes to write a number.';

function project(files: Record<string, string>): string {
  return tempTree('platlint-globs-', files);
}

interface JsonReport {
  results: { file: string; diagnostics: { ruleId: string; line: number; column: number; message: string }[] }[];
}

function diagnosticsOf(stdout: string): string[] {
  return (JSON.parse(stdout) as JsonReport).results.flatMap((r) => r.diagnostics.map((d) => `${r.file}:${d.line}:${d.column} ${d.ruleId} ${d.message}`));
}

describe('the glob check', () => {
  it.each([
    ['', 'an empty glob matches nothing'],
    [LONG, TOO_LONG],
    // Under picomatch's limit, but a run of plain characters past what the JavaScript engine compiles.
    ['a'.repeat(40_000), 'the glob (40,000 characters) is too large to compile (Regular expression too large)'],
    ['a'.repeat(65_536), 'the glob (65,536 characters) is too large to compile (Regular expression too large)'],
  ])('refuses %#', (glob, problem) => {
    expect(globProblem(glob)).toBe(problem);
  });

  it.each([['*.yaml'], ['security/*'], ['*'.repeat(65_536)], [`{${'a,'.repeat(1000)}b}/**`]])('accepts %#', (glob) => {
    expect(globProblem(glob)).toBeUndefined();
  });

  it('checks with the library that will compile the glob when it is not micromatch', () => {
    // micromatch reads `{` as a brace; a library that escapes it makes one long run of plain characters.
    const braces = '{'.repeat(40_000);
    expect(globProblem(braces)).toBeUndefined();
    expect(globProblem(braces, (glob) => void new RegExp(glob.replace(/[{}]/g, '\\$&')).test(''))).toBe('the glob (40,000 characters) is too large to compile (Regular expression too large)');
  });
});

describe('a glob micromatch cannot compile in .platlint.yaml', () => {
  it.each([
    ['ignore', `ignore: ["${LONG}"]\n`, '1:10', 'ignore.0'],
    ['overrides[].files', `overrides:\n  - files: ["${LONG}"]\n    rules: {schema/type: off}\n`, '2:13', 'overrides.0.files.0'],
    ['a key of overrides[].rules', `overrides:\n  - files: ["*.yaml"]\n    rules: {"${LONG}": off}\n`, '3:13', `overrides.0.rules.${KEY}`],
    ['a key of rules', `rules:\n  schema/type: warn\n  ? "${LONG}"\n  : off\n`, '3:5', `rules.${KEY}`],
    ['embedded[].files', `embedded:\n  - files: ["${LONG}"]\n    at: config\n`, '2:13', 'embedded.0.files.0'],
    ['exceptions[].rules', `exceptions:\n  - rules: ["${LONG}"]\n    reason: reviewed\n`, '2:13', 'exceptions.0.rules.0'],
    ['exceptions[].files', `exceptions:\n  - rules: ["*"]\n    files: ["${LONG}"]\n    reason: reviewed\n`, '3:13', 'exceptions.0.files.0'],
    ['exceptions[].objects', `exceptions:\n  - rules: ["*"]\n    objects: ["${LONG}"]\n    reason: reviewed\n`, '3:15', 'exceptions.0.objects.0'],
    ['an empty glob in ignore', 'ignore: ["legacy/**", ""]\n', '1:23', 'ignore.1'],
  ])('in %s is one line at its place, exit 2', (_, config, place, field) => {
    const dir = project({ '.platlint.yaml': config, 'u.yaml': BROKEN });
    const problem = field === 'ignore.1' ? 'an empty glob matches nothing' : TOO_LONG;
    expect(runCli(['u.yaml'], { cwd: dir })).toEqual({ status: 2, stdout: '', stderr: `platlint: ${join(dir, '.platlint.yaml')}:${place}: ${field}: ${problem}\n` });
  });

  it('is reported with the file\'s other mistakes, in file order', () => {
    const dir = project({ '.platlint.yaml': `rules:\n  schema/type: loud\nignore: ["${LONG}"]\n`, 'u.yaml': BROKEN });
    const file = join(dir, '.platlint.yaml');
    expect(runCli(['u.yaml'], { cwd: dir }).stderr).toBe(
      `platlint: ${file}:2:16: rules.schema/type: must be one of off, info, warn, warning, error, on, 0, 1, 2\nplatlint: ${file}:3:10: ignore.0: ${TOO_LONG}\n`,
    );
  });
});

describe('a glob that cannot be compiled elsewhere', () => {
  it('--rule: a one-line usage error, exit 2', () => {
    const dir = project({ 'u.yaml': BROKEN });
    expect(runCli([`--rule=${LONG}=off`, 'u.yaml'], { cwd: dir })).toEqual({ status: 2, stdout: '', stderr: `platlint: --rule ${'a'.repeat(119)}…: ${TOO_LONG}\n` });
    expect(runCli(['--rule', ' =off', 'u.yaml'], { cwd: dir })).toEqual({ status: 2, stdout: '', stderr: 'platlint: --rule  =off: an empty glob matches nothing\n' });
  });

  it('--rule of print-config and patch: the same usage error', () => {
    const dir = project({ 'u.yaml': BROKEN, 'p.yaml': '- {op: replace, path: /spec/username, value: joe}\n' });
    const expected = { status: 2, stdout: '', stderr: `platlint: --rule ${'a'.repeat(119)}…: ${TOO_LONG}\n` };
    expect(runCli(['print-config', 'u.yaml', `--rule=${LONG}=off`], { cwd: dir })).toEqual(expected);
    expect(runCli(['patch', 'u.yaml', 'p.yaml', `--rule=${LONG}=off`], { cwd: dir })).toEqual(expected);
  });

  it.each(['.platlintignore', '.gitignore'])('a line of %s: one line at its place, exit 2, and the other files and patterns still count', (name) => {
    const dir = project({ [name]: `legacy/\n${LONG}\n`, 'legacy/u.yaml': BROKEN, 'users/u.yaml': BROKEN });
    const run = runCli(['.', '--format', 'json'], { cwd: dir });
    expect(run.stderr).toBe(`platlint: ${join(dir, name)}:2:1: ${TOO_LONG}\n`);
    expect(run.status).toBe(2);
    expect(diagnosticsOf(run.stdout)).toEqual([`users/u.yaml:7:20 ${TYPE_MESSAGE}`]);
  });

  it('a pattern of an ignore file under the length limit that the `ignore` package cannot compile', () => {
    // micromatch reads the braces as braces; `ignore` escapes them into one run of plain characters too long to compile.
    const dir = project({ '.platlintignore': `${'{'.repeat(40_000)}\n`, 'u.yaml': BROKEN });
    const run = runCli(['.', '--format', 'json'], { cwd: dir });
    expect(run.stderr).toBe(`platlint: ${join(dir, '.platlintignore')}:1:1: the glob (40,000 characters) is too large to compile (Regular expression too large)\n`);
    expect(run.status).toBe(2);
    expect(diagnosticsOf(run.stdout)).toEqual([`u.yaml:7:20 ${TYPE_MESSAGE}`]);
  });

  it('an inline directive of a linted file: directive/unknown-rule at the comment, and the file is linted', () => {
    const dir = project({ 'u.yaml': `# platlint-disable-next-line ${LONG}\n${BROKEN}` });
    const run = runCli(['u.yaml', '--format', 'json'], { cwd: dir });
    expect(diagnosticsOf(run.stdout)).toEqual([
      `u.yaml:1:1 directive/unknown-rule # platlint-disable-next-line names "${'a'.repeat(119)}…", which is no rule and matches none.`,
      `u.yaml:8:20 ${TYPE_MESSAGE}`,
    ]);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('');
  });

  it("a policy's match.names: policy/invalid at the glob", () => {
    const policy = `apiVersion: platlint/v1\nkind: Policy\nmetadata: {name: acme}\nspec:\n  rules:\n    - id: acme/named\n      description: Require a display name\n      severity: error\n      match: {names: ["${LONG}"]}\n      expression: has(self.spec.displayName)\n      message: set spec.displayName\n`;
    const dir = project({ 'policy.yaml': policy, 'u.yaml': BROKEN });
    const run = runCli(['u.yaml', '--policy', 'policy.yaml', '--format', 'json'], { cwd: dir });
    expect(diagnosticsOf(run.stdout)).toEqual([`u.yaml:7:20 ${TYPE_MESSAGE}`, `policy.yaml:9:23 policy/invalid Invalid glob "${'a'.repeat(119)}…": ${TOO_LONG}`]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
  });
});
