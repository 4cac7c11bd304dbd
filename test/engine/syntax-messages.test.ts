import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../helpers/lint.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/yaml/syntax');

/** Per fixture (one per parser error code a newcomer meets): the span, the message and the note. */
const CASES: [string, [number, number, number, number], string, string][] = [
  [
    'invalid-over-indented-key.yaml',
    [8, 4, 8, 9],
    'YAML syntax error: this key is indented more than username above it.',
    'Indented further, it reads as part of the value of username, which cannot hold a key. Line it up with username and the other keys of its mapping, using spaces.',
  ],
  [
    'invalid-misaligned-key.yaml',
    [8, 2, 8, 7],
    'YAML syntax error: this key does not line up with the keys above it.',
    'The keys of one mapping start in the same column. Indent it with as many spaces as the other keys of its mapping.',
  ],
  ['invalid-tab-indent.yaml', [8, 1, 8, 2], "YAML syntax error: a TAB in a line's indentation.", 'The platform\'s YAML parser (go-yaml v2) refuses a TAB there ("found a tab character that violates indentation") and rejects the whole file; use spaces.'],
  [
    'invalid-item-value-ended.yaml',
    [9, 7, 9, 20],
    'YAML syntax error: this line is indented under a list item whose value has ended.',
    'A list item holds one value, and a quoted, bracketed or commented value cannot go on or hold keys. To give the item keys, start it with one (- name: a) and line the others up under it; for an item of its own, start the line with "- ".',
  ],
  [
    'invalid-missing-colon.yaml',
    [7, 3, 7, 16],
    'YAML syntax error: this line is neither a "key: value" nor a list item.',
    'A colon is probably missing after the key: write "key: value", with a space after the colon.',
  ],
  [
    'invalid-missing-separator-dash.yaml',
    [9, 1, 9, 3],
    'YAML syntax error: this line is neither a "key: value" nor a list item.',
    'A colon is probably missing after the key: write "key: value", with a space after the colon.',
  ],
  [
    'invalid-missing-space.yaml',
    [7, 11, 7, 12],
    'YAML syntax error: a space is missing after the colon of username.',
    'Without the space, "username:" and its value read as one word. Write "username: value".',
  ],
  [
    'invalid-list-in-mapping.yaml',
    [8, 3, 8, 11],
    'YAML syntax error: a list item where a key was expected.',
    'Keys and list items cannot be mixed at one level. Give the list a key of its own and indent its items under it.',
  ],
  [
    'invalid-indent.yaml',
    [6, 10, 6, 17],
    'YAML syntax error: this value has ": " in it, which starts a mapping.',
    'Quote the whole value ("a: b"), or, for a nested mapping, put its keys on lines of their own, indented under the key.',
  ],
  ['invalid-reserved-character.yaml', [7, 13, 7, 18], 'YAML syntax error: a value cannot start with @ unless it is quoted.', '@ is reserved in YAML. Put the value in quotes.'],
  [
    'invalid-empty-anchor.yaml',
    [8, 11, 8, 12],
    'YAML syntax error: & must be followed by a name here.',
    '& names an anchor and * refers to one (&admins, *admins). To write the character itself, quote the value.',
  ],
  [
    'invalid-text-after-quote.yaml',
    [7, 19, 7, 23],
    'YAML syntax error: there is more text after the closing quote.',
    'A quoted value ends at its closing quote. Quote the whole value, or remove what follows the quote.',
  ],
  [
    'invalid-stray-bracket.yaml',
    [16, 48, 16, 49],
    'YAML syntax error: this ] closes nothing.',
    'Remove it, or quote the value if it belongs to it. An inline list or mapping opens with [ in the same value.',
  ],
];

describe('YAML syntax errors in plain words, at the mistake', () => {
  it.each(CASES)('%s', (file, span, message, note) => {
    const syntax = lint(readFileSync(join(FIXTURES, file), 'utf8')).filter((d) => d.ruleId === 'yaml/syntax');
    expect(syntax.map((d) => [[d.line, d.column, d.endLine, d.endColumn], d.message, d.note])).toEqual([[span, message, note]]);
  });

  it('reports the over-indented key of a newcomer on its own line, and nothing on the line above', () => {
    const text = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  username: jane\n   email: jane@example.com\n';
    expect(lint(text).map((d) => [d.ruleId, d.line, d.column, d.endColumn])).toEqual([['yaml/syntax', 7, 4, 9]]);
  });

  it('a list item in a mapping is one diagnostic, not also a multi-line key and a list used as a key', () => {
    const text = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  username: jane\n  - admins\n';
    expect(lint(text).map((d) => [d.ruleId, d.line])).toEqual([['yaml/syntax', 7]]);
  });

  it.each([
    ['a flow list', '    - [a]\n      b: c\n', [8, 7, 8, 11]],
    ['a comment line', '    - a\n    # the next one\n\n      b: c\n', [10, 7, 10, 11]],
    ['a block scalar', '    - |\n        a\n      b: c\n', [9, 7, 9, 11]],
  ])('a line under a list item whose value ended at %s is reported on its content, past comments and blank lines', (_, item, span) => {
    const text = `apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  groups:\n${item}`;
    expect(lint(text).map((d) => [d.ruleId, d.message, [d.line, d.column, d.endLine, d.endColumn]])).toEqual([
      ['yaml/syntax', 'YAML syntax error: this line is indented under a list item whose value has ended.', span],
    ]);
  });

  it('text after a list has ended belongs to nothing; the lines after it are counted from the text, not by the parser', () => {
    // The yaml package's parser does not count the line break after `m:---` (no comment there to end the line).
    const text = '- a\nm:---\n  p: D\n---\napiVersion: management.platform/v1\nkind: User\nmetadata: {name: j}\nspec: {username: j, emial: x}\n';
    expect(lint(text).map((d) => [d.ruleId, d.message, [d.line, d.column, d.endLine, d.endColumn]])).toEqual([
      ['yaml/syntax', 'YAML syntax error: this text comes after the value above has ended, and belongs to nothing.', [2, 1, 2, 6]],
      ['schema/unknown-field', 'Unknown field "emial" in spec; did you mean "email"?', [8, 21, 8, 26]],
    ]);
  });

  it('a key that lost its colon before a comment is reported on its line, not on the next key', () => {
    const text = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  username jane # the login\n\n  email: jane@example.com\n';
    expect(lint(text).map((d) => [d.ruleId, d.line, d.column, d.endColumn])).toEqual([['yaml/syntax', 6, 3, 16]]);
  });
});
