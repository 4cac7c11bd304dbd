import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtinRules } from '../../rules/index.js';
import { FIXTURES, fixtureFiles, lintFixture, RULES_WITHOUT_FIXTURES } from '../helpers/fixtures.js';
import { expectedMarkers } from '../helpers/lint.js';
import { rulesShownBy } from '../../src/site/fixtures.js';

const shownInFixtures = builtinRules.map((r) => r.meta.id).filter((id) => !(id in RULES_WITHOUT_FIXTURES));

/**
 * Every fixture (registry.test.ts checks that each rule has a valid and an invalid one) is linted with every rule on (`strict`); the diagnostics of the fixture's own rule, and of any
 * rule named in a marker, must start exactly on the marked lines: no more, no fewer.
 */
describe.each(shownInFixtures)('fixtures of %s', (ruleId) => {
  const files = fixtureFiles(ruleId);

  it.each(files.map((f) => [f.slice(FIXTURES.length + 1), f]))('%s reports exactly on the marked lines', (_, file) => {
    expect(statSync(file).isFile()).toBe(true);
    const text = readFileSync(file, 'utf8');
    const expected = expectedMarkers(text);
    const checked = rulesShownBy(ruleId, text);
    const actual = new Set(lintFixture(file, text).filter((d) => checked.has(d.ruleId)).map((d) => `${d.line} ${d.ruleId}`));
    expect([...actual].sort()).toEqual([...expected].sort());
  });
});

/**
 * `unfixable` and `platlint rules` know a rule's fixes by its `meta.fixable`: a rule that fixes what a fixture holds
 * says so, and a rule that says so has a fixture it fixes.
 */
describe('meta.fixable', () => {
  const fixedBy = new Set(shownInFixtures.flatMap((ruleId) => fixtureFiles(ruleId).flatMap((file) => lintFixture(file, readFileSync(file, 'utf8')).filter((d) => d.fix !== undefined).map((d) => d.ruleId))));
  it('is true for exactly the rules whose fixtures get a fix', () => {
    expect([...fixedBy].sort()).toEqual(builtinRules.filter((rule) => rule.meta.fixable === true).map((rule) => rule.meta.id).sort());
  });
});
