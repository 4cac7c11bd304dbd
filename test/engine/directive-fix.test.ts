/** directive/unused's fix: what `--fix` takes out of a directive that suppresses or re-enables nothing, and what it leaves alone. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtinRules } from '../../rules/index.js';
import { fixUntilStable } from '../../src/engine/fix-apply.js';
import { lintText } from '../../src/engine/lint.js';
import { presetSettings } from '../../src/engine/presets.js';
import type { FileResult } from '../../src/engine/types.js';
import { configRaw, userSpec } from '../helpers/manifests.js';

const settings = presetSettings('recommended', builtinRules);
const lint = (text: string): FileResult => lintText(text, { filename: 'x.yaml', rules: builtinRules, settings });

// In the spec lines written here, `tokenGeneration: "3"` is a schema/type error and the rest is clean.

/** Each directive/unused diagnostic as `line: the text each of its edits removes` (and writes, if any), or `line: no fix`. */
function unusedFixes(text: string): string[] {
  return lint(text)
    .diagnostics.filter((d) => d.ruleId === 'directive/unused')
    .map((d) => `${d.line}: ${d.fix ? d.fix.edits.map((e) => JSON.stringify(text.slice(e.start, e.end)) + (e.text ? ` -> ${JSON.stringify(e.text)}` : '')).join(', ') : 'no fix'}`);
}

const fixed = (text: string): string => fixUntilStable(text, lint).text;

/** A Config whose spec.raw is written in the given block style, and whose status says the same host. */
const withRaw = (style: string, ...rawLines: string[]): string => configRaw(style, rawLines, ['status:', '  platformHost: platform.example.com']);

describe('directive/unused fix', () => {
  it('removes a directive that stands alone on its line with the line, reason and all', () => {
    const text = userSpec('  # platlint-disable-next-line user/email -- fixed long ago', '  username: jane');
    expect(unusedFixes(text)).toEqual(['6: "  # platlint-disable-next-line user/email -- fixed long ago\\n"']);
    expect(fixed(text)).toBe(userSpec('  username: jane'));
  });

  it('removes a directive at the end of a line with the spaces before it, keeping the YAML', () => {
    const text = userSpec('  username: jane   # platlint-disable-line user/email');
    expect(unusedFixes(text)).toEqual(['6: "   # platlint-disable-line user/email"']);
    expect(fixed(text)).toBe(userSpec('  username: jane'));
  });

  it('removes only the unused id, with a comma beside it, when another id of the directive is used', () => {
    const first = userSpec('  # platlint-disable-next-line user/email, schema/type -- migrating', '  tokenGeneration: "3"');
    expect(unusedFixes(first)).toEqual(['6: "user/email, "']);
    expect(fixed(first)).toBe(userSpec('  # platlint-disable-next-line schema/type -- migrating', '  tokenGeneration: "3"'));
    const last = userSpec('  # platlint-disable-next-line schema/type,user/email', '  tokenGeneration: "3"');
    expect(unusedFixes(last)).toEqual(['6: ",user/email"']);
    expect(fixed(last)).toBe(userSpec('  # platlint-disable-next-line schema/type', '  tokenGeneration: "3"'));
    // Two unused around a used one: both go, over two passes where their edits touch.
    expect(fixed(userSpec('  # platlint-disable-next-line user/email, schema/type, meta/labels, user/icon', '  tokenGeneration: "3"'))).toBe(
      userSpec('  # platlint-disable-next-line schema/type', '  tokenGeneration: "3"'),
    );
  });

  it('removes the whole directive when none of its ids is used: never leaves one without ids, which would turn every rule off', () => {
    const text = userSpec('  # platlint-disable-next-line user/email, meta/labels', '  username: jane');
    expect(unusedFixes(text)).toEqual(['6: "  # platlint-disable-next-line user/email, meta/labels\\n"', '6: "  # platlint-disable-next-line user/email, meta/labels\\n"']);
    expect(fixed(text)).toBe(userSpec('  username: jane'));
    expect(fixed(`# platlint-disable-file\n${userSpec('  username: jane')}`)).toBe(userSpec('  username: jane'));
  });

  it('keeps CRLF line ends, and takes out the enable of a range it took out on the next pass, where it re-enables nothing', () => {
    const text = userSpec('  # platlint-disable user/email', '  username: jane', '  # platlint-enable user/email').replace(/\n/g, '\r\n');
    expect(unusedFixes(text)).toEqual(['6: "  # platlint-disable user/email\\r\\n"']);
    expect(fixed(text)).toBe(userSpec('  username: jane').replace(/\n/g, '\r\n'));
  });

  it('leaves a directive an ordinary comment follows, and one inside a value, to a person', () => {
    expect(unusedFixes(userSpec('  username: jane # platlint-disable-line user/email # keep this note'))).toEqual(['6: no fix']);
    const quoted = ['apiVersion: management.platform/v1', 'kind: User', 'metadata:', '  name: jane', '  annotations:', '    note: "first', '      # platlint-disable-next-line user/icon', '      end"', 'spec:', '  username: jane', ''].join('\n');
    expect(unusedFixes(quoted)).toEqual(['7: no fix']);
    // In a folded spec.raw the lines of the file are not those of the text.
    const folded = withRaw('>', '    # platlint-disable-next-line ui/urls', '    platformHost: platform.example.com');
    expect(unusedFixes(folded)).toEqual(['7: no fix']);
  });

  it("takes a directive out of a Config's spec.raw, when the literal block keeps its indentation without it", () => {
    const raw = withRaw('|', '    # platlint-disable-next-line ui/urls', '    platformHost: platform.example.com', '    audit:', '      enabled: true # platlint-disable-line audit/path');
    expect(unusedFixes(raw)).toEqual(['7: "    # platlint-disable-next-line ui/urls\\n"', '10: " # platlint-disable-line audit/path"']);
    expect(fixed(raw)).toBe(withRaw('|', '    platformHost: platform.example.com', '    audit:', '      enabled: true'));
    // Without its first line, the block would take the indentation of the deeper line after it: a person decides.
    const deeper = withRaw('|', '    # platlint-disable-next-line ui/urls', '      platformHost: platform.example.com');
    expect(unusedFixes(deeper)).toEqual(['7: no fix']);
    expect(fixed(deeper)).toBe(deeper);
  });
});

/** Spec lines: clean ones, and one problem each for schema/type, schema/unknown-field and user/duplicates. */
const SPEC_LINES = ['  username: jane', '  tokenGeneration: "3"', '  emial: jane@example.com', '  groups: [a, a]', '  displayName: Jane'];
const IDS = ['schema/type', 'schema/unknown-field', 'user/duplicates', 'user/email', 'meta/labels', 'schema/*'];
const KINDS = ['disable-next-line', 'disable-line', 'disable', 'enable'] as const;

interface Directive {
  kind: (typeof KINDS)[number];
  ids: string[];
  reason: boolean;
  ordinary: boolean;
}

const directive: fc.Arbitrary<Directive> = fc.record({
  kind: fc.constantFrom(...KINDS),
  ids: fc.uniqueArray(fc.constantFrom(...IDS), { maxLength: 3 }),
  reason: fc.boolean(),
  ordinary: fc.boolean(),
});

/** A User's spec lines, each with a directive before or after it or none; in LF or CRLF. */
const userWithDirectives = fc
  .tuple(fc.array(fc.tuple(fc.constantFrom(...SPEC_LINES), fc.option(directive, { nil: undefined })), { minLength: 1, maxLength: 6 }), fc.boolean(), fc.boolean())
  .map(([lines, fileWide, crlf]) => {
    const comment = (d: Directive): string => `# platlint-${d.kind}${d.ids.length ? ` ${d.ids.join(', ')}` : ''}${d.reason ? ' -- why' : ''}${d.ordinary ? ' # note' : ''}`;
    const spec = lines.flatMap(([line, d]) => (d === undefined ? [line] : d.kind === 'disable-line' ? [`${line} ${comment(d)}`] : [`  ${comment(d)}`, line]));
    const text = userSpec(...(fileWide ? ['  # platlint-disable-file user/email', ...spec] : spec));
    return crlf ? text.replace(/\n/g, '\r\n') : text;
  });

describe('directive/unused fix, on any directives', () => {
  it('takes out only what suppresses nothing: every other problem stays reported or suppressed as before, and a second --fix changes nothing', () => {
    const others = (result: FileResult): string[] => result.diagnostics.filter((d) => !d.ruleId.startsWith('directive/')).map((d) => `${d.ruleId} ${d.message}`).sort();
    const unusedOnly = { wanted: (d: { ruleId: string }) => d.ruleId === 'directive/unused' };
    fc.assert(
      fc.property(userWithDirectives, (text) => {
        const before = lint(text);
        const outcome = fixUntilStable(text, lint, unusedOnly);
        expect(outcome.refused).toBe(false);
        expect(others(outcome.result)).toEqual(others(before));
        // What is left unused has no fix: an ordinary comment follows it.
        for (const d of outcome.result.diagnostics.filter((d) => d.ruleId === 'directive/unused')) expect(d.fix, JSON.stringify(d)).toBeUndefined();
        expect(fixUntilStable(outcome.text, lint, unusedOnly).text).toBe(outcome.text);
        expect(outcome.text.includes('\r\n')).toBe(text.includes('\r\n'));
      }),
      { numRuns: Number(process.env['FUZZ_RUNS'] ?? 150), ...(process.env['FUZZ_SEED'] ? { seed: Number(process.env['FUZZ_SEED']) } : {}) },
    );
  });
});
