import { afterAll, describe, expect, it } from 'vitest';
import { builtinRules } from '../../rules/index.js';
import { lintText, type LintOptions } from '../../src/engine/lint.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, FileResult, Rule } from '../../src/engine/types.js';
import { loadPolicy, policy, removeTempDirs } from '../policy/helpers.js';
import { hoverAt } from '../../src/lsp/hover.js';
import { ResolvedConfig } from '../../src/settings-file/resolve.js';
import { containerPath, lineShape } from '../../src/lsp/cursor.js';
import { DocumentLinting, splitDocuments } from '../../src/lsp/linting.js';
import { minimalEdits } from '../../src/lsp/text-edits.js';
import { user } from '../helpers/manifests.js';

/** A User whose username is its name, with more spec lines after it (line 7 on). */
const namedUser = (name: string, extra = ''): string => user(`  username: ${name}\n${extra}`, name);

afterAll(removeTempDirs);

function apply(text: string, edits: ReturnType<typeof minimalEdits>): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

describe('cursor paths from indentation', () => {
  const lines = [
    'spec:', //                     0
    '  accessRules:', //            1
    '  - name: a', //               2
    '    verbs: [get]', //          3
    '    ', //                      4
    '  raw: |', //                  5
    '    audit:', //                6
    '      policy:', //             7
    '        rules:', //            8
    '        - level: None', //     9
    '          users:', //          10
    '          - ', //              11
    '  ema', //                     12
  ];
  it.each([
    [4, 4, ['spec', 'accessRules', 0]],
    [3, 4, ['spec', 'accessRules', 0]],
    [2, 4, ['spec', 'accessRules', 0]],
    [2, 2, ['spec']],
    [7, 6, ['spec', 'raw', 'audit']],
    [10, 10, ['spec', 'raw', 'audit', 'policy', 'rules', 0]],
    [11, 12, ['spec', 'raw', 'audit', 'policy', 'rules', 0, 'users', 0]],
    [12, 2, ['spec']],
    [0, 0, []],
  ])('line %i column %i is in %j', (line, column, path) => {
    expect(containerPath(lines, line, column)).toEqual(path);
  });

  it('reads keys, dashes and values of a line', () => {
    expect(lineShape('  - - "a b": x # c')).toEqual({ dashes: [2, 4], contentColumn: 6, key: 'a b', keyEnd: 11, valueColumn: 13, value: 'x', blankOrComment: false });
    expect(lineShape('  # note')).toEqual({ dashes: [], contentColumn: 2, blankOrComment: true });
    expect(lineShape('url: http://x')).toMatchObject({ key: 'url', value: 'http://x' });
  });

  it('reads a key with a long run of spaces inside it or before its colon', () => {
    const spaces = ' '.repeat(200_000);
    expect(lineShape(`a${spaces}b  : x`)).toMatchObject({ key: `a${spaces}b`, value: 'x' });
    expect(lineShape(`a${spaces}b`)).toEqual({ dashes: [], contentColumn: 0, blankOrComment: false });
  });
});

describe('minimal edits', () => {
  it.each([
    ['a\nemial: 1\nb\n', 'a\nemail: 1\nb\n', [{ start: 4, end: 6, text: 'ai' }]],
    ['x: "3"\ny: 1\nz: "4"\n', 'x: 3\ny: 1\nz: 4\n', [{ start: 3, end: 6, text: '3' }, { start: 15, end: 18, text: '4' }]],
    ['a\nb\n', 'a\nb\nc\n', [{ start: 4, end: 4, text: 'c\n' }]],
    ['a\nb\nc\n', 'a\nc\n', [{ start: 2, end: 4, text: '' }]],
    ['same\n', 'same\n', []],
  ])('%j -> %j', (before, after, edits) => {
    expect(minimalEdits(before, after)).toEqual(edits);
    expect(apply(before, minimalEdits(before, after))).toBe(after);
  });
});

describe('per-document linting', () => {
  const config = new ResolvedConfig(undefined, builtinRules, '/');
  const checked: string[] = [];
  // A rule that records which documents it was run on.
  const probe: Rule = {
    meta: { id: 'test/probe', description: 'Record documents', severity: 'info', sources: ['spec'] },
    messages: { seen: 'seen' },
    check: (doc) => void checked.push(String((doc.data['metadata'] as { name: string }).name)),
  };
  const options: LintOptions = { filename: '/users.yaml', rules: [...builtinRules, probe], settings: config.settingsFor('/users.yaml') };

  it('splits at document markers only', () => {
    expect(splitDocuments('a: 1\n---\nb: |\n  ---x\n--- \nc: 1').map((c) => [c.start, c.startLine, c.text])).toEqual([
      [0, 0, 'a: 1\n'],
      [5, 1, '---\nb: |\n  ---x\n'],
      [21, 4, '--- \nc: 1'],
    ]);
  });

  it('gives the whole-file result, and lints again only the document that changed', () => {
    const text = [namedUser('ann', '  emial: a@example.com\n'), namedUser('bob', '  tokenGeneration: "3"\n'), namedUser('cid', '  emial: c@example.com\n')].join('---\n');
    const linting = new DocumentLinting();
    checked.length = 0;
    const first = linting.lint(text, options);
    expect(checked).toEqual(['ann', 'bob', 'cid']);
    expect(first.result.diagnostics).toEqual(lintText(text, options).diagnostics);
    expect(first.result.documents).toBe(3);

    checked.length = 0;
    const edited = text.replace('"3"', '"4"');
    const second = linting.lint(edited, options);
    expect(checked).toEqual(['bob']);
    checked.length = 0;
    expect(second.result.diagnostics).toEqual(lintText(edited, options).diagnostics);
  });

  it('reuses the documents that did not change with custom policies too, keeping what they could not check', () => {
    const policies = loadPolicy(policy('    - id: acme/badge\n      description: Require a badge\n      severity: info\n      given: spec\n      expression: self.badge > 0\n      message: m\n'));
    const rules = [...builtinRules, ...policies.rules, probe];
    const withPolicies: LintOptions = { filename: '/users.yaml', rules, settings: new ResolvedConfig(undefined, rules, '/').settingsFor('/users.yaml') };
    const text = [namedUser('ann'), namedUser('bob', '  tokenGeneration: 3\n')].join('---\n');
    const linting = new DocumentLinting();
    checked.length = 0;
    const first = linting.lint(text, withPolicies);
    expect(checked).toEqual(['ann', 'bob']);
    checked.length = 0;
    const second = linting.lint(text.replace('tokenGeneration: 3', 'tokenGeneration: 4'), withPolicies);
    expect(checked).toEqual(['bob']);
    // Each document's failure, the reused one's as when it was linted: the rule failed on both, first on ann.
    const failures = (result: FileResult): string[] => (result.failedChecks ?? []).map((c) => `${c.rule} ${c.first.document} ${c.documents}`);
    expect(failures(first.result)).toEqual(['acme/badge User "ann" 1', 'acme/badge User "bob" 1']);
    expect(failures(second.result)).toEqual(failures(first.result));
    expect(policies.evaluationProblems([second.result])[0]?.diagnostics[0]?.message).toMatch(/^The policy rule acme\/badge could not be evaluated on 2 documents .* it first failed on User "ann" in \/users\.yaml: no such key: badge/);
  });

  it('lints files whose directives span documents whole', () => {
    const text = ['# platlint-disable-file schema/unknown-field', namedUser('ann', '  emial: a@example.com\n'), namedUser('bob', '  emial: b@example.com\n')].join('\n---\n');
    checked.length = 0;
    const linted = new DocumentLinting().lint(text, options);
    expect(linted.result.diagnostics).toEqual(lintText(text, options).diagnostics);
    expect(linted.result.diagnostics.map((d) => d.ruleId)).toEqual([]);
  });

  it('lints each document with the facts of the whole file, and again only those whose facts changed', () => {
    const ids = (result: FileResult): [string, number][] => result.diagnostics.map((d) => [d.ruleId, d.line]);
    const text = [namedUser('ann'), 'just a string\n', namedUser('bob', '  tokenGeneration: "3"\n')].join('---\n');
    const linting = new DocumentLinting();
    const first = linting.lint(text, options).result;
    expect(first.diagnostics).toEqual(lintText(text, options).diagnostics);
    expect(ids(first)).toEqual([['resource/not-an-object', 8], ['schema/type', 16]]);

    // An edit in bob's document: the scalar keeps its diagnostic, ann's document is not checked again.
    checked.length = 0;
    const edited = text.replace('"3"', '"4"');
    const second = linting.lint(edited, options).result;
    expect(checked).toEqual(['bob']);
    expect(second.diagnostics).toEqual(lintText(edited, options).diagnostics);

    // No platform object left: the scalar, whose text did not change, is linted again and is someone else's.
    const foreign = [namedUser('ann'), 'just a string\n', namedUser('bob')].join('---\n').replaceAll('management.platform/v1', 'apps/v1');
    expect(linting.lint(foreign, options).result.diagnostics).toEqual(lintText(foreign, options).diagnostics);
    expect(ids(linting.lint(foreign, options).result)).toEqual([]);
  });
});

describe('broken documents', () => {
  const config = new ResolvedConfig(undefined, builtinRules, '/');
  const options: LintOptions = { filename: '/users.yaml', rules: builtinRules, settings: config.settingsFor('/users.yaml') };
  const seen = (linted: ReturnType<DocumentLinting['lint']>): [string, number, boolean][] =>
    linted.result.diagnostics.map((d) => [d.ruleId, d.line, linted.stale.has(d)]);

  it('keep the last good diagnostics, stale, while a file-wide directive stays used', () => {
    // The directive in the first document suppresses the typo of the second.
    const text = ['# platlint-disable-file schema/unknown-field', namedUser('ann', '  tokenGeneration: "3"\n'), namedUser('bob', '  emial: b@example.com\n  tokenGeneration: "3"\n')].join('\n---\n');
    const linting = new DocumentLinting();
    expect(seen(linting.lint(text, options))).toEqual([['schema/type', 9, false], ['schema/type', 19, false]]);
    const broken = text.replace('  emial', '  ]emial');
    expect(seen(linting.lint(broken, options))).toEqual([
      ['schema/type', 9, false],
      ['yaml/syntax', 18, false],
      ['schema/type', 19, true],
    ]);
    // Without the editor's memory, the engine alone would call the directive unused.
    expect(lintText(broken, options).diagnostics.map((d) => d.ruleId)).toContain('directive/unused');
    expect(seen(linting.lint(text, options))).toEqual([['schema/type', 9, false], ['schema/type', 19, false]]);
  });

  it('show no diagnostics but the syntax errors when a document never parsed', () => {
    expect(seen(new DocumentLinting().lint(namedUser('ann', '  ]emial: x\n'), options)).map(([id]) => id)).toEqual(['yaml/syntax']);
  });
});

describe('hover on a diagnostic', () => {
  it('shows the message, the note apart from it, the rule summary and the page', () => {
    const text = 'spec:\n  emial: x\n';
    const document = TextDocument.create('file:///x.yaml', 'yaml', 1, text);
    const diagnostic: Diagnostic = {
      ruleId: 'schema/unknown-field', severity: 'error', message: 'Unknown field "emial" in spec.', note: 'The platform drops unknown fields silently.',
      line: 2, column: 3, endLine: 2, endColumn: 8, path: '/spec/emial', document: 0, docsUrl: 'https://example.test/unknown-field',
    };
    const hover = hoverAt(document, { line: 1, character: 4 }, { rules: builtinRules, docsUrl: () => undefined, diagnostics: [diagnostic], isConfigFile: false });
    expect(hover?.contents).toEqual({
      kind: 'markdown',
      value: [
        '**platlint** `schema/unknown-field`: Unknown field "emial" in spec.',
        '',
        'The platform drops unknown fields silently.',
        '',
        'Disallow fields the spec does not define',
        '',
        '[schema/unknown-field](https://example.test/unknown-field)',
      ].join('\n'),
    });
    // Past the diagnostic's end, nothing: the document has no kind to look `emial` up in.
    expect(hoverAt(document, { line: 1, character: 9 }, { rules: builtinRules, docsUrl: () => undefined, diagnostics: [diagnostic], isConfigFile: false })).toBeNull();
  });
});
