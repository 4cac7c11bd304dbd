import { describe, expect, it } from 'vitest';
import { LateResults, mergeFileResults } from '../../src/engine/merge-results.js';
import { emptyResult, type Diagnostic, type FileResult } from '../../src/engine/types.js';

function diagnostic(ruleId: string, line: number, column: number, message = 'm'): Diagnostic {
  return { ruleId, severity: 'error', message, line, column, endLine: line, endColumn: column + 1, path: '', document: 0 };
}

const SKIP = { line: 1, path: '', reason: 'apiVersion platlint/v1, kind Policy: not a management.platform object' };

describe('mergeFileResults', () => {
  it('gives back a single result as it is', () => {
    const only: FileResult = { ...emptyResult('p.yaml'), diagnostics: [diagnostic('policy/invalid', 3, 1)] };
    expect(mergeFileResults([only])).toBe(only);
  });

  it('puts the diagnostics in the order of the file, keeps a problem found twice once, and adds up the counts', () => {
    const loaded: FileResult = { ...emptyResult('p.yaml'), diagnostics: [diagnostic('policy/invalid', 9, 5), diagnostic('yaml/syntax', 3, 18)], frameLines: new Map([[9, 'nine'], [3, 'three']]) };
    const linted: FileResult = { file: 'p.yaml', diagnostics: [diagnostic('yaml/syntax', 3, 18)], documents: 1, skipped: 1, skips: [SKIP], frameLines: new Map([[3, 'three']]) };
    const evaluated: FileResult = { ...emptyResult('p.yaml'), diagnostics: [diagnostic('policy/evaluation-error', 9, 5), diagnostic('yaml/syntax', 3, 18, 'another message')] };
    expect(mergeFileResults([loaded, linted, evaluated])).toEqual({
      file: 'p.yaml',
      diagnostics: [diagnostic('yaml/syntax', 3, 18), diagnostic('yaml/syntax', 3, 18, 'another message'), diagnostic('policy/invalid', 9, 5), diagnostic('policy/evaluation-error', 9, 5)],
      documents: 1,
      skipped: 1,
      skips: [SKIP],
      frameLines: new Map([[9, 'nine'], [3, 'three']]),
    });
  });

  it('is a file skipped whole only when nothing is reported in it; an unreadable file keeps its reason', () => {
    const linted: FileResult = { file: 'p.yaml', diagnostics: [], documents: 1, skipped: 1, skips: [SKIP], skippedFile: true };
    expect(mergeFileResults([emptyResult('p.yaml'), linted])).toEqual({ ...linted });
    expect(mergeFileResults([{ ...emptyResult('p.yaml'), diagnostics: [diagnostic('policy/invalid', 2, 1)] }, linted]).skippedFile).toBeUndefined();
    expect(mergeFileResults([{ ...emptyResult('p.yaml'), ioError: 'EACCES' }, emptyResult('p.yaml')])).toEqual({ ...emptyResult('p.yaml'), ioError: 'EACCES' });
  });
});

describe('LateResults', () => {
  it('holds the results of the files it is given, by key, and gives back one merged result each, in the order given', () => {
    const late = new LateResults(['/w/policy.yaml', '/w/.platlint.yaml', '/w/unused.yaml'], (file) => (file.startsWith('/') ? file : `/w/${file}`));
    expect(late.hold({ ...emptyResult('u.yaml'), diagnostics: [diagnostic('schema/type', 7, 20)] })).toBe(false);
    expect(late.hold({ ...emptyResult('.platlint.yaml'), diagnostics: [diagnostic('suppressions/unused', 4, 3)] })).toBe(true);
    expect(late.hold({ ...emptyResult('policy.yaml'), diagnostics: [diagnostic('policy/invalid', 9, 5)] })).toBe(true);
    expect(late.hold({ ...emptyResult('/w/policy.yaml'), diagnostics: [diagnostic('policy/evaluation-error', 2, 1)] })).toBe(true);
    expect(late.release()).toEqual([
      { ...emptyResult('policy.yaml'), diagnostics: [diagnostic('policy/evaluation-error', 2, 1), diagnostic('policy/invalid', 9, 5)] },
      { ...emptyResult('.platlint.yaml'), diagnostics: [diagnostic('suppressions/unused', 4, 3)] },
    ]);
  });
});
