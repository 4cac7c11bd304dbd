/**
 * Control characters from a linted file (a value's `\e` escape, a raw ESC byte, a file's name) are shown as Unicode's
 * control pictures in what is written for a terminal, never sent to it: a file in a pull request must not be able to
 * clear the reviewer's screen, retitle the window or hide a line.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { terminalLines, terminalText } from '../../src/formatters/ansi.js';
import { formatStylish } from '../../src/formatters/stylish.js';
import { runCli } from '../helpers/cli.js';
import { tempTree } from '../helpers/files.js';
import { resultOf } from '../formatters/inputs.js';

const ESCAPED = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: "a\\e]0;PWNED\\a\\e[2Jb"\nspec:\n  username: jane\n';
const RAW = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: a\u001b]0;PWNED\u0007b\nspec:\n  username: jane\n  emial: jane@example.com\n';
/** A file's name can hold an escape sequence too. */
const HOSTILE_NAME = 'u\u001b[2J.yaml';
/** A control character other than tab and the report's own line breaks. */
const CONTROL = /[^\P{Cc}\t\n]/u;

describe('terminalText', () => {
  it('shows each C0 control but tab, DEL and each C1 control as one character', () => {
    expect(terminalText('a\u0000\u0007\u001b[2J\r\n\u007f\u009b\tz')).toBe('a\u2400\u2407\u241b[2J\u240d\u240a\u2421\ufffd\tz');
    expect(terminalText('plain, ü 漢字 🙂 and ␛ stay')).toBe('plain, ü 漢字 🙂 and ␛ stay');
  });

  it('terminalLines keeps the line feeds of text of several lines, and pictures the rest, a carriage return too', () => {
    expect(terminalLines('a\u0000\u001b[2J\r\n\u007f\u009b\tz\n')).toBe('a\u2400\u241b[2J\u240d\n\u2421\ufffd\tz\n');
  });

  it('keeps the carets of a code frame under what they mark', () => {
    const result = { ...resultOf('u.yaml', { line: 2, column: 9, endLine: 2, endColumn: 15, message: 'bad \u001b[31m' }), frameLines: new Map([[1, 'a: 1'], [2, '  name: a\u001b]0;x']]) };
    expect(formatStylish([result], { color: false, cwd: '/' }).split('\n').slice(0, 7)).toEqual([
      'u.yaml',
      '  2:9      error    bad ␛[31m  a/b',
      '',
      '    1 | a: 1',
      '  > 2 |   name: a␛]0;x',
      '      |         ^^^^^^',
      '',
    ]);
  });
});

describe('what platlint writes for a terminal', () => {
  const dir = tempTree('platlint-controls-', { 'escaped.yaml': ESCAPED, 'raw.yaml': RAW, [HOSTILE_NAME]: RAW });

  it.each(['stylish', 'concise'])('%s shows them as pictures, in messages, code frames and file names', (format) => {
    const run = runCli(['--format', format, '--verbose', 'escaped.yaml', 'raw.yaml', HOSTILE_NAME], { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stdout).not.toMatch(CONTROL);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('metadata.name "a␛]0;PWNED␇␛[2Jb" is not a valid object name.');
    expect(run.stdout).toContain('metadata.name "a␛]0;PWNED␇b" is not a valid object name.');
    expect(run.stdout).toContain('u␛[2J.yaml');
  });

  it("github shows them as pictures in the annotations' text and title; the file stays exact, for the annotation to land on it", () => {
    const run = runCli(['--format', 'github', 'escaped.yaml', HOSTILE_NAME], { cwd: dir });
    expect(run.status).toBe(1);
    const lines = run.stdout.split('\n').filter((line) => line.includes('meta/name'));
    expect(lines.map((line) => line.slice(0, line.indexOf('%0A')))).toEqual([
      '::error file=escaped.yaml,line=4,col=9,endLine=4,endColumn=30,title=meta/name::metadata.name "a␛]0;PWNED␇␛[2Jb" is not a valid object name.',
      `::error file=${HOSTILE_NAME},line=4,col=9,endLine=4,endColumn=21,title=meta/name::metadata.name "a␛]0;PWNED␇b" is not a valid object name.`,
    ]);
    // The file property is the only place a control character is left: the runner reads it, nobody sees it.
    expect(run.stdout.replaceAll(`file=${HOSTILE_NAME},`, '')).not.toMatch(CONTROL);
  });

  it("rules, explain and print-config show a policy's control characters as pictures; rules' JSON escapes them", () => {
    const policyDir = tempTree('platlint-controls-policy-', {
      '.platlint.yaml': 'policies: [acme.yaml]\n',
      'acme.yaml': 'apiVersion: platlint/v1\nkind: Policy\nmetadata: {name: acme}\nspec:\n  rules:\n    - id: acme/x\n      description: "Bad \\e[2J\\r desc"\n      severity: error\n      match: {kinds: [User]}\n      expression: "true"\n      message: "msg \\e]0;T\\a"\n',
      [HOSTILE_NAME]: RAW,
    });
    const rules = runCli(['rules'], { cwd: policyDir });
    expect(rules.status).toBe(0);
    expect(rules.stdout).not.toMatch(CONTROL);
    expect(rules.stdout.split('\n').find((line) => line.startsWith('acme/x'))).toMatch(/ error {10}Bad ␛\[2J␍ desc$/);
    const explain = runCli(['explain', 'acme/x'], { cwd: policyDir });
    expect(explain.status).toBe(0);
    expect(explain.stdout).not.toMatch(CONTROL);
    expect(explain.stdout).toContain('Bad ␛[2J␍ desc');
    expect(explain.stdout).toContain('msg ␛]0;T␇');
    const printed = runCli(['print-config', HOSTILE_NAME], { cwd: policyDir });
    expect(printed.status).toBe(0);
    expect(printed.stdout).not.toMatch(CONTROL);
    expect(printed.stdout).toContain('u␛[2J.yaml');
    expect(JSON.parse(runCli(['rules', '--format', 'json'], { cwd: policyDir }).stdout).find((r: { id: string }) => r.id === 'acme/x').description).toBe('Bad \u001b[2J\r desc');
  });

  it('stderr lines show them too', () => {
    const run = runCli(['--verbose', '--ignore-pattern', 'u*', HOSTILE_NAME], { cwd: dir });
    expect(run.stderr).toBe("platlint: u␛[2J.yaml is ignored (the configuration's ignore or --ignore-pattern; --no-ignore lints it)\n");
  });

  it("a line feed in a file's name does not break a stderr line in two; the timing table keeps its lines", () => {
    const named = tempTree('platlint-line-feed-', { 'a\nb.yaml': RAW.replace('  emial: jane@example.com\n', '  selfLink: /x\n') });
    const run = runCli(['--verbose', '--ignore-pattern', 'a*', 'a\nb.yaml'], { cwd: named });
    expect(run.stderr).toBe("platlint: a␊b.yaml is ignored (the configuration's ignore or --ignore-pattern; --no-ignore lints it)\n");
    const timed = runCli(['--timing', '--format', 'json', 'a\nb.yaml'], { cwd: named });
    expect(timed.stderr.split('\n').slice(0, 2)).toEqual([expect.stringMatching(/^Rule +\| Time \(ms\) \| Relative$/), expect.stringMatching(/^:-+\|-+:\|-+:$/)]);
  });

  it('--diff shows them as pictures and says that git apply will not take that hunk; --fix writes the file exactly', () => {
    const run = runCli(['--diff', 'raw.yaml'], { cwd: dir });
    expect(run).toEqual({
      status: 1,
      stdout: [
        '--- a/raw.yaml',
        '+++ b/raw.yaml',
        '@@ -4,4 +4,4 @@',
        '   name: a␛]0;PWNED␇b',
        ' spec:',
        '   username: jane',
        '-  emial: jane@example.com',
        '+  email: jane@example.com',
        '',
      ].join('\n'),
      stderr: 'platlint: the diff of raw.yaml shows control characters as pictures: git apply does not apply a hunk that holds one (--fix does)\nplatlint: --fix would fix 1 problem in 1 file\n',
    });
    expect(runCli(['--fix', '--quiet', 'raw.yaml'], { cwd: dir }).status).toBe(1);
    expect(readFileSync(join(dir, 'raw.yaml'), 'utf8')).toBe(RAW.replace('emial', 'email'));
  });
});
