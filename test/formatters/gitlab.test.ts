import { describe, expect, it } from 'vitest';
import type { Diagnostic, FileResult, LintedObject } from '../../src/engine/types.js';
import { formatGitlab, type CodeQualityIssue as Issue } from '../../src/formatters/gitlab.js';
import { lintResult } from '../helpers/lint.js';
import { CWD, fixedContext, fixedResults } from './inputs.js';

function issues(results: readonly FileResult[]): Issue[] {
  return JSON.parse(formatGitlab(results, { color: false, cwd: CWD })) as Issue[];
}

function diag(partial: Partial<Diagnostic>): Diagnostic {
  return { ruleId: 'a/b', severity: 'error', message: 'm', line: 1, column: 1, endLine: 1, endColumn: 2, path: '', document: 0, ...partial };
}

function result(diagnostics: Diagnostic[], objects?: LintedObject[]): FileResult {
  return { file: 'users/team.yaml', documents: 2, skipped: 0, diagnostics, ...(objects ? { objects } : {}) };
}

const JANE = '\u0000management.platform/v1\u0000User\u0000\u0000jane';

describe('gitlab Code Quality report', () => {
  it('is an empty array when nothing is reported', () => {
    expect(formatGitlab([], { color: false, cwd: CWD })).toBe('[]\n');
    expect(formatGitlab([result([])], { color: false, cwd: CWD })).toBe('[]\n');
  });

  it('maps severities to major, minor and info, paths relative to the working directory', () => {
    const out = issues([result([diag({ severity: 'error' }), diag({ severity: 'warning', path: '/x' }), diag({ severity: 'info', path: '/y', line: 7 })])]);
    expect(out.map((i) => [i.severity, i.location.path, i.location.lines.begin])).toEqual([
      ['major', 'users/team.yaml', 1],
      ['minor', 'users/team.yaml', 1],
      ['info', 'users/team.yaml', 7],
    ]);
  });

  it('keeps fingerprints when lines move, and tells apart two problems of one rule on one path by their order', () => {
    const objects: LintedObject[] = [{ document: 0, path: '', identity: JANE }];
    const before = issues([result([diag({ path: '/spec/a', line: 4 }), diag({ path: '/spec/a', line: 4, message: 'other' })], objects)]);
    const after = issues([result([diag({ path: '/spec/a', line: 9 }), diag({ path: '/spec/a', line: 9, message: 'other' })], objects)]);
    expect(new Set(before.map((i) => i.fingerprint)).size).toBe(2);
    expect(after.map((i) => i.fingerprint)).toEqual(before.map((i) => i.fingerprint));
  });

  it('keys a named object by its identity, so that reordering documents keeps the fingerprints', () => {
    const first = issues([result([diag({ path: '/spec/a', document: 0 })], [{ document: 0, path: '', identity: JANE }])]);
    const moved = issues([result([diag({ path: '/spec/a', document: 1 })], [{ document: 1, path: '', identity: JANE }])]);
    expect(moved[0]?.fingerprint).toBe(first[0]?.fingerprint);
  });

  it('keys an unnamed object, and a problem outside any object, by its place in the file', () => {
    const unnamed = issues([result([diag({ path: '/spec/a', document: 0 })], [{ document: 0, path: '' }])]);
    const moved = issues([result([diag({ path: '/spec/a', document: 1 })], [{ document: 1, path: '' }])]);
    expect(moved[0]?.fingerprint).not.toBe(unnamed[0]?.fingerprint);
  });

  it('finds the List item a problem is in', () => {
    const text = [
      'apiVersion: management.platform/v1',
      'kind: UserList',
      'items:',
      '  - apiVersion: management.platform/v1',
      '    kind: User',
      '    metadata: {name: ann, selfLink: /a}',
      '  - apiVersion: management.platform/v1',
      '    kind: User',
      '    metadata: {name: bob, selfLink: /b}',
      '',
    ].join('\n');
    const linted = lintResult(text, { filename: 'users/list.yaml', rules: { 'meta/self-link': 'warning' } });
    expect(linted.objects?.map((o) => [o.document, o.path, o.identity?.split('\u0000').pop()])).toEqual([
      [0, '/items/0', 'ann'],
      [0, '/items/1', 'bob'],
    ]);
    // The same problems with the items swapped: each keeps its fingerprint.
    const swapped = lintResult(text.replace('name: ann', 'name: tmp').replace('name: bob', 'name: ann').replace('name: tmp', 'name: bob'), { filename: 'users/list.yaml', rules: { 'meta/self-link': 'warning' } });
    const byLine = (r: FileResult): string[] => issues([r]).map((i) => i.fingerprint);
    expect(byLine(swapped)).toEqual([...byLine(linted)].reverse());
  });

  it('gives every issue of the fixed results a unique fingerprint', () => {
    const out = issues(fixedResults());
    expect(new Set(out.map((i) => i.fingerprint)).size).toBe(out.length);
    expect(formatGitlab(fixedResults(), fixedContext)).toMatch(/^\[\n\{.*\}\n\]\n$/s);
  });
});
