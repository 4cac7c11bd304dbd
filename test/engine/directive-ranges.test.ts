/** What a `# platlint-disable` range turns off, where a `# platlint-enable` ends it, and the enables that turn nothing back on. */
import { describe, expect, it } from 'vitest';
import { fixUntilStable } from '../../src/engine/fix-apply.js';
import { lintResult } from '../helpers/lint.js';
import { user } from '../helpers/manifests.js';

/** A User whose spec is `lines`, from line 6. */
const spec = (...lines: string[]): string => user(lines.map((line) => `${line}\n`).join(''));

/** Each diagnostic as `line:column-endLine:endColumn ruleId`, then the text its fix takes out, if it has one. */
function found(text: string): string[] {
  return lintResult(text).diagnostics.map((d) => {
    const fix = d.fix ? ` fix ${d.fix.edits.map((e) => JSON.stringify(text.slice(e.start, e.end))).join(', ')}` : '';
    return `${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.ruleId}${fix}`;
  });
}

const fixed = (text: string): string => fixUntilStable(text, (t) => lintResult(t)).text;

describe('platlint-disable ranges', () => {
  it('an enable with ids ends a range without ids for the rules it names only', () => {
    const text = spec(
      '  # platlint-disable',
      '  tokenGeneration: "3"',
      '  emial: jane@example.com',
      '  # platlint-enable schema/type',
      '  groups: a',
      '  groupz: [a]',
      '  # platlint-enable',
      '  displayName: [Jane]',
    );
    // groups (line 10) is reported again, groupz (line 11) stays suppressed until the enable without ids.
    expect(found(text)).toEqual(['10:11-10:12 schema/type', '13:3-13:14 schema/type']);
  });

  it("an enable ends a glob's range for the rules it names, and a glob enable ends the ranges of the rules it matches", () => {
    const text = spec(
      '  # platlint-disable schema/*',
      '  tokenGeneration: "3"',
      '  # platlint-enable schema/type',
      '  groups: a',
      '  emial: jane@example.com',
      '  # platlint-enable schema/unknown-field -- done',
      '  groupz: [a]',
    );
    expect(found(text)).toEqual(['9:11-9:12 schema/type', '12:3-12:9 schema/unknown-field']);
    // user/duplicates stays off: the glob does not match it.
    const glob = spec('  # platlint-disable schema/type, user/duplicates', '  tokenGeneration: "3"', '  # platlint-enable schema/*', '  displayName: [Jane]', '  groups: [a, a]');
    expect(found(glob)).toEqual(['9:3-9:14 schema/type']);
  });
});

describe('directive/unused on enables', () => {
  it('reports an enable that no range is open for, with a fix that takes it out', () => {
    const text = spec('  # platlint-enable schema/type', '  username: jane', '  # platlint-enable');
    expect(found(text)).toEqual(['6:3-6:32 directive/unused fix "  # platlint-enable schema/type\\n"', '8:3-8:20 directive/unused fix "  # platlint-enable\\n"']);
    expect(lintResult(text).diagnostics.map((d) => d.message)).toEqual(['# platlint-enable schema/type re-enables nothing here.', '# platlint-enable re-enables nothing here.']);
    expect(fixed(text)).toBe(spec('  username: jane'));
  });

  it('reports a second enable of a range the first already ended, and the id of an enable that names a rule no range turned off', () => {
    const twice = spec('  # platlint-disable schema/type', '  tokenGeneration: "3"', '  # platlint-enable schema/type', '  # platlint-enable schema/*');
    expect(found(twice)).toEqual(['9:3-9:29 directive/unused fix "  # platlint-enable schema/*\\n"']);
    const partly = spec('  # platlint-disable schema/type', '  tokenGeneration: "3"', '  # platlint-enable schema/type, user/email');
    expect(found(partly)).toEqual(['8:3-8:44 directive/unused fix ", user/email"']);
    expect(fixed(partly)).toBe(spec('  # platlint-disable schema/type', '  tokenGeneration: "3"', '  # platlint-enable schema/type'));
  });

  it('reports an enable after directives that open no range: a file, a line and the next line', () => {
    const text = spec(
      '  # platlint-disable-file schema/unknown-field',
      '  emial: jane@example.com',
      '  # platlint-disable-next-line schema/type',
      '  tokenGeneration: "3"',
      '  groups: a # platlint-disable-line schema/type',
      '  # platlint-enable schema/unknown-field, schema/type',
    );
    expect(found(text)).toEqual(['11:3-11:54 directive/unused fix "  # platlint-enable schema/unknown-field, schema/type\\n"', '11:3-11:54 directive/unused fix "  # platlint-enable schema/unknown-field, schema/type\\n"']);
  });

  it('counts an enable that ends a range which suppressed nothing as used; --fix takes out the disable, then the enable on the next pass', () => {
    const text = spec('  # platlint-disable user/email', '  username: jane', '  # platlint-enable user/email');
    expect(found(text)).toEqual(['6:3-6:32 directive/unused fix "  # platlint-disable user/email\\n"']);
    expect(fixed(text)).toBe(spec('  username: jane'));
  });

  it('reports unknown and former ids in an enable as in any directive, and an unknown id is not also unused', () => {
    const unknown = spec('  # platlint-disable schema/type', '  tokenGeneration: "3"', '  # platlint-enable schema/type, nope/x');
    expect(found(unknown)).toEqual(['8:3-8:40 directive/unknown-rule']);
    const former = spec('  # platlint-disable resources/quantities', '  username: jane', '  # platlint-enable resources/quantities');
    expect(found(former)).toEqual(['6:3-6:42 directive/renamed-rule', '6:3-6:42 directive/unused fix "  # platlint-disable resources/quantities\\n"', '8:3-8:41 directive/renamed-rule']);
  });

  it('reports an enable in a document that does not parse: whether it re-enables a rule does not depend on what the rules found', () => {
    const text = spec('  # platlint-disable-next-line schema/unknown-field', '  emial: jane@example.com', '  # platlint-enable schema/type', '  groups: [admins');
    expect(found(text)).toEqual(['8:3-8:32 directive/unused fix "  # platlint-enable schema/type\\n"', '9:11-9:18 yaml/syntax']);
  });
});
