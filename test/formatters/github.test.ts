import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FileResult } from '../../src/engine/types.js';
import { escapeData, escapeProperty, formatGithub, relativeToCwd } from '../../src/formatters/github.js';
import { CWD, fixedContext, fixedResults, resultOf, skippedFileResults } from './inputs.js';

const format = (...results: FileResult[]): string => formatGithub(results, { color: false, cwd: CWD });

describe('github escaping (as @actions/core escapes)', () => {
  it('escapes %, CR and LF in data, % first', () => {
    expect(escapeData('100% done\r\nnext %0A')).toBe('100%25 done%0D%0Anext %250A');
  });

  it('escapes : and , as well in properties', () => {
    expect(escapeProperty('C:\\dir\\a,b.yaml\n%')).toBe('C%3A\\dir\\a%2Cb.yaml%0A%25');
  });

  it('escapes the message and every property of a command', () => {
    const out = format(resultOf('odd: name, 100%.yaml', { ruleId: 'acme/x:y,z', message: 'a: b, c\n50%' }));
    expect(out).toBe('::error file=odd%3A name%2C 100%25.yaml,line=1,col=1,endLine=1,endColumn=2,title=acme/x%3Ay%2Cz::a: b, c%0A50%25\n');
  });

  it('puts the note on the line after the message, escaped like it', () => {
    const out = format(resultOf('a.yaml', { message: 'Bad value.', note: 'Why: 100% sure.' }));
    expect(out).toBe('::error file=a.yaml,line=1,col=1,endLine=1,endColumn=2,title=a/b::Bad value.%0AWhy: 100%25 sure.\n');
  });

  it('a message cannot start a command of its own', () => {
    const out = format(resultOf('a.yaml', { message: 'x\n::set-output name=a::b\r::add-mask::y' }));
    expect(out.split('\n').filter(Boolean)).toHaveLength(1);
  });
});

describe('github commands', () => {
  it('one line per diagnostic: error, warning and notice for info', () => {
    const out = format(
      resultOf('a.yaml', { severity: 'error', line: 3, column: 5, endLine: 3, endColumn: 9, ruleId: 'schema/type', message: 'bad' }),
      resultOf('b.yaml', { severity: 'warning', message: 'meh' }, { severity: 'info', message: 'fyi' }),
    );
    expect(out).toBe(
      [
        '::error file=a.yaml,line=3,col=5,endLine=3,endColumn=9,title=schema/type::bad',
        '::warning file=b.yaml,line=1,col=1,endLine=1,endColumn=2,title=a/b::meh',
        '::notice file=b.yaml,line=1,col=1,endLine=1,endColumn=2,title=a/b::fyi',
        '',
      ].join('\n'),
    );
  });

  it('leaves columns out of a range over several lines (GitHub rejects them there)', () => {
    expect(format(resultOf('a.yaml', { line: 2, column: 3, endLine: 4, endColumn: 1 }))).toBe('::error file=a.yaml,line=2,endLine=4,title=a/b::m\n');
  });

  it('names files relative to the working directory, with forward slashes', () => {
    expect(format(resultOf(join(CWD, 'users', 'a.yaml'), {}))).toMatch(/^::error file=users\/a\.yaml,/);
    expect(format(resultOf('users/a.yaml', {}))).toMatch(/^::error file=users\/a\.yaml,/);
    expect(format(resultOf('/elsewhere/a.yaml', {}))).toMatch(/^::error file=\/elsewhere\/a\.yaml,/);
  });

  it('prints nothing for clean files, and an error for an unreadable one', () => {
    expect(format(resultOf('a.yaml', {}))).toBe('::error file=a.yaml,line=1,col=1,endLine=1,endColumn=2,title=a/b::m\n');
    expect(format({ file: 'a.yaml', documents: 1, skipped: 0, diagnostics: [] })).toBe('');
    expect(format({ file: 'a.yaml', documents: 0, skipped: 0, diagnostics: [], ioError: 'cannot read a.yaml: EACCES' })).toBe('::error file=a.yaml::cannot read a.yaml: EACCES\n');
  });

  it('says what was not linted only with --verbose, as one notice per skipped file or object', () => {
    expect(formatGithub(skippedFileResults(), fixedContext)).toBe('');
    expect(formatGithub(skippedFileResults(), { ...fixedContext, verbose: true })).toBe(
      '::notice file=chart/templates/u.yaml,line=4,title=not linted::Not linted: templated YAML, not YAML until rendered\n' +
        '::notice file=users.yaml,line=9,title=not linted::Not linted: apiVersion v1, kind ConfigMap: not a management.platform object\n',
    );
  });

  it('prints each diagnostic of the hand-built results on one line', () => {
    const out = formatGithub(fixedResults(), fixedContext);
    const lines = out.split('\n');
    expect(lines.pop()).toBe('');
    const diagnostics = fixedResults().reduce((n, r) => n + r.diagnostics.length + (r.ioError ? 1 : 0), 0);
    expect(lines).toHaveLength(diagnostics);
    for (const line of lines) expect(line).toMatch(/^::(error|warning|notice) file=[^:,]+(,line=\d+(,col=\d+)?,endLine=\d+(,endColumn=\d+)?,title=[^:,]+)?::[^\r\n]*$/);
  });
});

describe('relativeToCwd', () => {
  it('is undefined outside the working directory and for the directory itself', () => {
    expect(relativeToCwd('../a.yaml', CWD)).toBeUndefined();
    expect(relativeToCwd('/work/projectile/a.yaml', CWD)).toBeUndefined();
    expect(relativeToCwd('.', CWD)).toBeUndefined();
    expect(relativeToCwd('./x/../a.yaml', CWD)).toBe('a.yaml');
    expect(relativeToCwd('..a.yaml', CWD)).toBe('..a.yaml');
  });
});
