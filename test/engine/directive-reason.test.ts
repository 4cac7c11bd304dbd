/** directive/blanket and directive/reason: what a team that wants every suppression named and explained is told. */
import { describe, expect, it } from 'vitest';
import { lintResult } from '../helpers/lint.js';
import { userSpec } from '../helpers/manifests.js';

const ON = { rules: { 'directive/blanket': 'error', 'directive/reason': 'error' } } as const;

// In the spec lines written here, `tokenGeneration: "3"` is a schema/type error and the rest is clean.

/** Each directive diagnostic as `line:column ruleId message`. */
function told(text: string, options: Parameters<typeof lintResult>[1] = ON): string[] {
  return lintResult(text, options).diagnostics.filter((d) => d.ruleId.startsWith('directive/')).map((d) => `${d.line}:${d.column} ${d.ruleId} ${d.message}`);
}

describe('directive/blanket and directive/reason', () => {
  it('are off unless turned on: the recommended preset says nothing of a directive that suppresses something', () => {
    expect(told(userSpec('  # platlint-disable-next-line', '  tokenGeneration: "3"'), {})).toEqual([]);
    expect(lintResult(userSpec('  # platlint-disable-next-line', '  tokenGeneration: "3"'), { preset: 'strict' }).diagnostics.map((d) => [d.ruleId, d.severity])).toEqual([
      ['directive/blanket', 'warning'],
      ['directive/reason', 'warning'],
    ]);
  });

  it('tell a directive without ids where it turns every rule off, and one without a reason', () => {
    expect(told(userSpec('  # platlint-disable-next-line', '  tokenGeneration: "3"'))).toEqual([
      '6:3 directive/blanket # platlint-disable-next-line names no rule, so it turns every rule off on the next line.',
      '6:3 directive/reason # platlint-disable-next-line gives no reason.',
    ]);
    expect(told(userSpec('  # platlint-disable -- legacy', '  tokenGeneration: "3"', '  # platlint-enable'))).toEqual([
      '6:3 directive/blanket # platlint-disable names no rule, so it turns every rule off until a # platlint-enable.',
    ]);
  });

  it('take the text after " -- " up to an ordinary comment as the reason', () => {
    const reasonOf = (directive: string): string[] => told(userSpec(`  # platlint-disable-next-line schema/type${directive}`, '  tokenGeneration: "3"'));
    expect(reasonOf(' -- migrated next week')).toEqual([]);
    expect(reasonOf(' -- see ticket #123')).toEqual([]);
    expect(reasonOf(' --')).toEqual(['6:3 directive/reason # platlint-disable-next-line gives no reason.']);
    expect(reasonOf(' --   # a note')).toEqual(['6:3 directive/reason # platlint-disable-next-line gives no reason.']);
    expect(reasonOf(' # a note -- not a reason')).toEqual(['6:3 directive/reason # platlint-disable-next-line gives no reason.']);
    expect(reasonOf('--no space before')).toEqual([
      '6:3 directive/reason # platlint-disable-next-line gives no reason.',
      '6:3 directive/unknown-rule # platlint-disable-next-line names "schema/type--no space before", which is no rule and matches none.',
    ]);
  });

  it('leave an enable alone, and a directive that suppresses nothing to directive/unused', () => {
    expect(told(userSpec('  # platlint-disable schema/type -- legacy', '  tokenGeneration: "3"', '  # platlint-enable'))).toEqual([]);
    expect(told(userSpec('  # platlint-disable-next-line', '  username: jane'))).toEqual(['6:3 directive/unused # platlint-disable-next-line suppresses nothing here.']);
    // One id used, one not: the directive stays, so it is told too.
    expect(told(userSpec('  # platlint-disable-next-line schema/type, user/email', '  tokenGeneration: "3"'))).toEqual([
      '6:3 directive/reason # platlint-disable-next-line gives no reason.',
      '6:3 directive/unused # platlint-disable-next-line user/email suppresses nothing here.',
    ]);
  });
});

describe('directive/blanket and directive/reason in a document that does not parse', () => {
  it('judge a disable by its text, while directive/unused says nothing of it: the rules did not run there', () => {
    // `groups: [a` opens a flow list that never closes: the document is not read.
    const broken = userSpec('  # platlint-disable-next-line user/email', '  username: jane', '  # platlint-disable-next-line', '  displayName: Jane', '  groups: [a');
    expect(told(broken)).toEqual([
      '6:3 directive/reason # platlint-disable-next-line gives no reason.',
      '8:3 directive/blanket # platlint-disable-next-line names no rule, so it turns every rule off on the next line.',
      '8:3 directive/reason # platlint-disable-next-line gives no reason.',
    ]);
    expect(lintResult(broken, ON).diagnostics.filter((d) => !d.ruleId.startsWith('directive/')).map((d) => `${d.line}:${d.column} ${d.ruleId}`)).toEqual(['10:11 yaml/syntax']);
    // In the same document read, the first disable suppresses nothing and only directive/unused tells it.
    expect(told(userSpec('  # platlint-disable-next-line user/email', '  username: jane'))).toEqual(['6:3 directive/unused # platlint-disable-next-line user/email suppresses nothing here.']);
  });
});

describe("directive/blanket's suggestion", () => {
  it('writes into the directive the ids of the rules it suppresses, in the order of the rule list', () => {
    const text = userSpec('  # platlint-disable -- legacy', '  groups: [a, a]', '  tokenGeneration: "3"', '  # platlint-enable', '  displayName: Jane # platlint-disable-line');
    const blanket = lintResult(text, ON).diagnostics.filter((d) => d.ruleId === 'directive/blanket');
    expect(blanket.map((d) => [d.line, d.suggestions?.map((s) => [s.description, s.edits.map((e) => [text.slice(0, e.start).split('\n').length, e.end - e.start, e.text])])])).toEqual([
      [6, [['Name the rules it suppresses: schema/type, user/duplicates', [[6, 0, ' schema/type, user/duplicates']]]]],
    ]);
    const edit = blanket[0]?.suggestions?.[0]?.edits[0];
    const named = edit ? text.slice(0, edit.start) + edit.text + text.slice(edit.end) : '';
    expect(named.split('\n')[5]).toBe('  # platlint-disable schema/type, user/duplicates -- legacy');
    // Named, the directive suppresses what it did, and neither rule reports it.
    expect(lintResult(named, ON).diagnostics.map((d) => `${d.line} ${d.ruleId}`)).toEqual(['10 directive/unused']);
  });
});
