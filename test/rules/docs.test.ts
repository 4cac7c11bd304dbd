import { describe, expect, it } from 'vitest';
import { builtinRules } from '../../rules/index.js';
import { readRuleDoc } from '../../src/engine/docs.js';
import { lint } from '../helpers/lint.js';

function example(doc: string, heading: 'Invalid' | 'Valid'): string | undefined {
  const match = new RegExp(`^## ${heading}\\s*\\n+\`\`\`yaml\\n([\\s\\S]*?)\`\`\``, 'm').exec(doc);
  return match?.[1];
}

/** Biome's rule: every doc example is a test. */
describe.each(builtinRules.map((r) => [r.meta.id, r] as const))('docs of %s', (id, rule) => {
  const doc = readRuleDoc(id) ?? '';

  it('has a doc page titled with the id, its description and severity', () => {
    expect(doc.startsWith(`# ${id}\n`)).toBe(true);
    expect(doc).toContain(rule.meta.description);
    expect(doc).toMatch(/^## Why$/m);
  });

  if (rule.meta.category === 'internal') return;

  it('its invalid example yields exactly one diagnostic of this rule and no error from another', () => {
    const invalid = example(doc, 'Invalid');
    expect(invalid, 'an "## Invalid" yaml block').toBeDefined();
    const diagnostics = lint(invalid ?? '', { preset: 'strict' });
    expect(diagnostics.filter((d) => d.ruleId === id)).toHaveLength(1);
    expect(diagnostics.filter((d) => d.ruleId !== id && d.severity === 'error').map((d) => d.message)).toEqual([]);
  });

  it('its valid example yields no diagnostic of this rule and no error from another', () => {
    const valid = example(doc, 'Valid');
    expect(valid, 'a "## Valid" yaml block').toBeDefined();
    const diagnostics = lint(valid ?? '', { preset: 'strict' });
    expect(diagnostics.filter((d) => d.ruleId === id || d.severity === 'error').map((d) => `${d.ruleId}: ${d.message}`)).toEqual([]);
  });
});
