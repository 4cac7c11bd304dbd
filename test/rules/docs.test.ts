import { describe, expect, it } from 'vitest';
import { builtinRules } from '../../rules/index.js';
import { readRuleDoc } from '../../src/project/rule-docs.js';
import { ruleCategory, type Diagnostic } from '../../src/engine/types.js';
import { RULES_WITHOUT_FIXTURES } from '../helpers/fixtures.js';
import { lint, lintPatchFiles } from '../helpers/lint.js';
import { ruleDocExample as example } from '../docs/doc-blocks.js';

/**
 * A transition rule's page shows the previous version under "## Previous", and its examples are linted as updates of
 * it; a patch rule's page shows the object under "## Base", and its examples are patches of it.
 */
function lintExample(doc: string, text: string): Diagnostic[] {
  const base = example(doc, 'Base');
  if (base !== undefined) {
    const { patch, base: inBase } = lintPatchFiles(base, text, { preset: 'strict' });
    return [...patch, ...inBase];
  }
  const previous = example(doc, 'Previous');
  return lint(text, { preset: 'strict', ...(previous !== undefined ? { previous } : {}) });
}

/** Biome's rule: every doc example is a test. */
describe.each(builtinRules.map((r) => [r.meta.id, r] as const))('docs of %s', (id, rule) => {
  const doc = readRuleDoc(id) ?? '';

  it('has a doc page titled with the id, its description and severity', () => {
    expect(doc.startsWith(`# ${id}\n`)).toBe(true);
    expect(doc).toContain(rule.meta.description);
    expect(doc).toMatch(/^## Why$/m);
  });

  // A rule that no YAML fixture can show has no YAML example either.
  if (id in RULES_WITHOUT_FIXTURES) return;

  if (rule.meta.transition || ruleCategory(id) === 'patch') {
    it(`shows the ${rule.meta.transition ? 'previous version' : 'base object'} its examples change`, () => {
      expect(example(doc, rule.meta.transition ? 'Previous' : 'Base')).toBeDefined();
    });
  }

  it('its invalid example yields exactly one diagnostic of this rule and no error from another', () => {
    const invalid = example(doc, 'Invalid');
    expect(invalid, 'an "## Invalid" yaml block').toBeDefined();
    const diagnostics = lintExample(doc, invalid ?? '');
    expect(diagnostics.filter((d) => d.ruleId === id)).toHaveLength(1);
    expect(diagnostics.filter((d) => d.ruleId !== id && d.severity === 'error').map((d) => d.message)).toEqual([]);
  });

  it('its valid example yields no diagnostic of this rule and no error from another', () => {
    const valid = example(doc, 'Valid');
    expect(valid, 'a "## Valid" yaml block').toBeDefined();
    const diagnostics = lintExample(doc, valid ?? '');
    expect(diagnostics.filter((d) => d.ruleId === id || d.severity === 'error').map((d) => `${d.ruleId}: ${d.message}`)).toEqual([]);
  });
});
