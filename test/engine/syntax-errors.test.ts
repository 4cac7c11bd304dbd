import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ids, lint, spans } from '../helpers/lint.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures');
const fixture = (path: string): string => readFileSync(join(FIXTURES, path), 'utf8');

describe('YAML syntax errors: a few diagnostics per mistake, at the mistake', () => {
  it('one stray "]" in a long Config gives one diagnostic at it, and the other document is still reported', () => {
    const diagnostics = lint(fixture('yaml/syntax/invalid-stray-bracket.yaml'));
    expect(spans(diagnostics)).toEqual([
      ['yaml/syntax', 16, 48, 16, 49],
      ['schema/unknown-field', 42, 3, 42, 8],
    ]);
    expect(diagnostics.map((d) => d.document)).toEqual([0, 1]);
  });

  it('an unclosed quote is reported where it opens, and the documents it swallowed are linted', () => {
    const diagnostics = lint(fixture('yaml/syntax/invalid-unclosed-quote.yaml'));
    expect(spans(diagnostics)).toEqual([
      ['yaml/syntax', 8, 10, 8, 49],
      ['schema/unknown-field', 16, 3, 16, 8],
    ]);
    expect(diagnostics[0]?.message).toBe('YAML syntax error: the string quoted with " here is never closed.');
    expect(diagnostics[0]?.note).toBe('Without its closing ", the string runs on to the end of the file and swallows everything after it. Close it on the same line.');
    expect(diagnostics.map((d) => d.document)).toEqual([0, 1]);
  });

  it('a single-quoted string that never closes is reported at its quote too', () => {
    expect(spans(lint("apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: 'jane\n"))).toEqual([['yaml/syntax', 4, 9, 4, 14]]);
  });

  it('an unclosed "[" or "{" is reported where it opens, not where the parser gave up', () => {
    const diagnostics = lint('apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  groups: [admins\n  username: jane\n');
    expect(spans(diagnostics)).toEqual([['yaml/syntax', 6, 11, 6, 18]]);
    expect(diagnostics[0]?.message).toBe('YAML syntax error: the [ here is never closed.');
    expect(spans(lint('apiVersion: management.platform/v1\nkind: User\nmetadata: {name: jane\nspec: {}\n'))).toEqual([['yaml/syntax', 3, 11, 3, 22]]);
  });

  it('an undefined alias is reported on the alias, not over the whole document', () => {
    const diagnostics = lint(fixture('yaml/syntax/invalid-undefined-alias.yaml'));
    expect(spans(diagnostics)).toEqual([['yaml/syntax', 8, 11, 8, 18]]);
    expect(diagnostics[0]?.message).toBe('YAML syntax error: the alias *admins refers to no anchor defined before it.');
    expect(diagnostics[0]?.note).toBe('Define the anchor with &admins on a value above this one, or quote the value if the * is meant literally.');
  });

  it('keeps at most three syntax errors per document, the first ones', () => {
    const text = ['apiVersion: management.platform/v1', 'kind: User', 'metadata:', '  name: jane: x', '  a: b: c', '  c: d: e', '  e: f: g', '  g: h: i', ''].join('\n');
    // Five independent mistakes: like a compiler, the first few are shown; fixing them shows the rest.
    expect(spans(lint(text))).toEqual([
      ['yaml/syntax', 4, 9, 4, 16],
      ['yaml/syntax', 5, 6, 5, 10],
      ['yaml/syntax', 6, 6, 6, 10],
    ]);
  });

  it('does not call a directive unused in a document that could not be parsed', () => {
    const text = fixture('directive/unused/valid-unparseable-document.yaml');
    expect(ids(lint(text))).toEqual(['yaml/syntax']);
    // The same directive in a readable document that has nothing to suppress is reported.
    const readable = text.replace('  groups: [admins # expect: yaml/syntax\n', '  groups: [admins]\n').replace('emial', 'email');
    expect(ids(lint(readable))).toEqual(['directive/unused']);
  });
});
