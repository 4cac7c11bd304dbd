/** What a `# platlint-disable` range turns off, where a `# platlint-enable` ends it, and the enables that turn nothing back on. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtinRules } from '../../rules/index.js';
import { applyDirectives } from '../../src/engine/directive-ranges.js';
import { parseDirectives, type Directive } from '../../src/engine/directives.js';
import { fixUntilStable } from '../../src/engine/fix-apply.js';
import { ruleIdMatches } from '../../src/engine/settings.js';
import { lintResult } from '../helpers/lint.js';
import { userSpec } from '../helpers/manifests.js';


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
    const text = userSpec(
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
    const text = userSpec(
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
    const glob = userSpec('  # platlint-disable schema/type, user/duplicates', '  tokenGeneration: "3"', '  # platlint-enable schema/*', '  displayName: [Jane]', '  groups: [a, a]');
    expect(found(glob)).toEqual(['9:3-9:14 schema/type']);
  });
});

describe('directive/unused on enables', () => {
  it('reports an enable that no range is open for, with a fix that takes it out', () => {
    const text = userSpec('  # platlint-enable schema/type', '  username: jane', '  # platlint-enable');
    expect(found(text)).toEqual(['6:3-6:32 directive/unused fix "  # platlint-enable schema/type\\n"', '8:3-8:20 directive/unused fix "  # platlint-enable\\n"']);
    expect(lintResult(text).diagnostics.map((d) => d.message)).toEqual(['# platlint-enable schema/type re-enables nothing here.', '# platlint-enable re-enables nothing here.']);
    expect(fixed(text)).toBe(userSpec('  username: jane'));
  });

  it('reports a second enable of a range the first already ended, and the id of an enable that names a rule no range turned off', () => {
    const twice = userSpec('  # platlint-disable schema/type', '  tokenGeneration: "3"', '  # platlint-enable schema/type', '  # platlint-enable schema/*');
    expect(found(twice)).toEqual(['9:3-9:29 directive/unused fix "  # platlint-enable schema/*\\n"']);
    const partly = userSpec('  # platlint-disable schema/type', '  tokenGeneration: "3"', '  # platlint-enable schema/type, user/email');
    expect(found(partly)).toEqual(['8:3-8:44 directive/unused fix ", user/email"']);
    expect(fixed(partly)).toBe(userSpec('  # platlint-disable schema/type', '  tokenGeneration: "3"', '  # platlint-enable schema/type'));
    const repeated = userSpec('  # platlint-disable schema/type', '  tokenGeneration: "3"', '  # platlint-enable schema/type, schema/type');
    expect(found(repeated)).toEqual(['8:3-8:45 directive/unused fix ", schema/type"']);
    expect(fixed(repeated)).toBe(userSpec('  # platlint-disable schema/type', '  tokenGeneration: "3"', '  # platlint-enable schema/type'));
  });

  it('reports an enable after directives that open no range: a file, a line and the next line', () => {
    const text = userSpec(
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
    const text = userSpec('  # platlint-disable user/email', '  username: jane', '  # platlint-enable user/email');
    expect(found(text)).toEqual(['6:3-6:32 directive/unused fix "  # platlint-disable user/email\\n"']);
    expect(fixed(text)).toBe(userSpec('  username: jane'));
  });

  it('reports unknown and former ids in an enable as in any directive, and an unknown id is not also unused', () => {
    const unknown = userSpec('  # platlint-disable schema/type', '  tokenGeneration: "3"', '  # platlint-enable schema/type, nope/x');
    expect(found(unknown)).toEqual(['8:3-8:40 directive/unknown-rule']);
    const former = userSpec('  # platlint-disable resources/quantities', '  username: jane', '  # platlint-enable resources/quantities');
    expect(found(former)).toEqual(['6:3-6:42 directive/renamed-rule', '6:3-6:42 directive/unused fix "  # platlint-disable resources/quantities\\n"', '8:3-8:41 directive/renamed-rule']);
  });

  it('reports an enable in a document that does not parse: whether it re-enables a rule does not depend on what the rules found', () => {
    const text = userSpec('  # platlint-disable-next-line schema/unknown-field', '  emial: jane@example.com', '  # platlint-enable schema/type', '  groups: [admins');
    expect(found(text)).toEqual(['8:3-8:32 directive/unused fix "  # platlint-enable schema/type\\n"', '9:11-9:18 yaml/syntax']);
  });
});

/**
 * The directives' meaning written the plain way, each question asked of every directive, to hold the engine's
 * (which sorts and searches, rule by rule) to it.
 */
function plainly(directives: readonly Directive[], diagnostics: readonly { ruleId: string; line: number }[], knownIds: readonly string[]) {
  const ids = (d: Directive): string[] => (d.ids.length ? d.ids : ['']);
  const names = (id: string, ruleId: string): boolean => id === '' || ruleIdMatches(id, ruleId);
  const enables = directives.filter((d) => d.kind === 'enable');
  const closes = (e: Directive, ruleId: string): boolean => e.ids.length === 0 || e.ids.some((id) => ruleIdMatches(id, ruleId));
  const covers = (d: Directive, line: number, ruleId: string): boolean =>
    d.kind === 'disable-file' ||
    (d.kind === 'disable-line' && line === d.line) ||
    (d.kind === 'disable-next-line' && line === d.line + 1) ||
    (d.kind === 'disable' && line >= d.line && !enables.some((e) => e.line > d.line && e.line <= line && closes(e, ruleId)));
  const suppressed: number[] = [];
  const used = new Set<string>();
  diagnostics.forEach(({ ruleId, line }, index) => {
    if (ruleId.startsWith('directive/')) return;
    for (const d of directives.filter((d) => d.kind !== 'enable')) {
      for (const id of ids(d).filter((id) => names(id, ruleId) && covers(d, line, ruleId))) used.add(`${d.line} ${id}`);
    }
    if (directives.some((d) => d.kind !== 'enable' && ids(d).some((id) => names(id, ruleId) && covers(d, line, ruleId)))) suppressed.push(index);
  });
  // A rule is off just above an enable when a range opened above it is not closed for the rule before it.
  const offAbove = (e: Directive, ruleId: string): boolean =>
    directives.some((d) => d.kind === 'disable' && d.line < e.line && ids(d).some((id) => names(id, ruleId)) && !enables.some((o) => o.line > d.line && o.line < e.line && closes(o, ruleId)));
  const unused: string[] = [];
  for (const d of directives) {
    ids(d).forEach((id, k) => {
      if (id !== '' && !knownIds.some((known) => ruleIdMatches(id, known))) return;
      const isUsed =
        d.kind === 'enable'
          ? knownIds.some((ruleId) => names(id, ruleId) && offAbove(d, ruleId) && !d.ids.slice(0, k).some((before) => ruleIdMatches(before, ruleId)))
          : used.has(`${d.line} ${id}`);
      if (!isUsed) unused.push(`${d.line} ${id}`);
    });
  }
  return { suppressed, unused };
}

describe('platlint-disable ranges, on any directives', () => {
  const KINDS = ['disable-next-line', 'disable-line', 'disable', 'enable', 'disable-file'] as const;
  const IDS = ['schema/type', 'schema/*', 'user/email', 'resources/quantities', 'nope/x', 'user/*'];
  const RULES = ['schema/type', 'schema/unknown-field', 'user/email', 'user/duplicates', 'container-resources/quantities', 'directive/unused'];
  const knownIds = builtinRules.map((rule) => rule.meta.id);
  const line = fc.record({ kind: fc.option(fc.constantFrom(...KINDS), { nil: undefined }), ids: fc.array(fc.constantFrom(...IDS), { maxLength: 3 }) });

  it('suppresses, and finds unused, what the plain reading does', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.array(fc.record({ ruleId: fc.constantFrom(...RULES), line: fc.integer({ min: 1, max: 32 }) }), { maxLength: 12 }), (lines, diagnostics) => {
        const text = lines.map(({ kind, ids }) => (kind ? `# platlint-${kind} ${ids.join(', ')}` : 'a: 1')).join('\n');
        const directives = parseDirectives(text);
        const outcome = applyDirectives(directives, diagnostics, knownIds);
        const expected = plainly(directives, diagnostics, knownIds);
        expect([...outcome.suppressed].sort((a, b) => a - b)).toEqual(expected.suppressed);
        expect(outcome.unused.map(({ directive, id }) => `${directive.line} ${id}`)).toEqual(expected.unused);
      }),
      { numRuns: Number(process.env['FUZZ_RUNS'] ?? 300), ...(process.env['FUZZ_SEED'] ? { seed: Number(process.env['FUZZ_SEED']) } : {}) },
    );
  });
});
