import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinRules } from '../../rules/index.js';
import { ruleCategory, type Diagnostic } from '../../src/engine/types.js';
import { expectedMarkers, lint, lintPatchFiles } from '../helpers/lint.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures');

/** A fixture's diagnostics: as an update when it has an `.old.yaml` sibling; a `.patch.yaml` applied to its base. */
function lintFixture(file: string, text: string): Diagnostic[] {
  const sibling = (suffix: string): string | undefined => {
    const path = file.replace(/(?:\.patch)?\.ya?ml$/, suffix);
    return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  };
  if (/\.patch\.ya?ml$/.test(file)) {
    const base = sibling('.base.yaml') ?? readFileSync(join(dirname(file), 'base.yaml'), 'utf8');
    return lintPatchFiles(base, text, { preset: 'strict' }).patch;
  }
  const previous = sibling('.old.yaml');
  return lint(text, { preset: 'strict', ...(previous !== undefined ? { previous } : {}) });
}

function fixtureFiles(ruleId: string): string[] {
  const dir = join(FIXTURES, ruleId);
  try {
    // `X.old.yaml` is the previous version of `X.yaml`; `X.base.yaml` (or `base.yaml`) the object `X.patch.yaml` patches.
    return readdirSync(dir).filter((f) => /\.ya?ml$/.test(f) && !/(?:^|\.)(?:old|base)\.ya?ml$/.test(f)).map((f) => join(dir, f));
  } catch {
    return [];
  }
}

/**
 * Every fixture is linted with every rule on (`strict`); the diagnostics of the fixture's own rule, and of any
 * rule named in a marker, must start exactly on the marked lines: no more, no fewer.
 */
describe.each(builtinRules.filter((r) => !['internal', 'policy'].includes(ruleCategory(r.meta.id))).map((r) => r.meta.id))('fixtures of %s', (ruleId) => {
  const files = fixtureFiles(ruleId);

  it('has fixtures that must report and fixtures that must not', () => {
    const texts = files.map((f) => readFileSync(f, 'utf8'));
    expect(texts.some((t) => [...expectedMarkers(t)].some((m) => m.endsWith(` ${ruleId}`)))).toBe(true);
    expect(texts.some((t) => ![...expectedMarkers(t)].some((m) => m.endsWith(` ${ruleId}`)))).toBe(true);
  });

  it.each(files.map((f) => [f.slice(FIXTURES.length + 1), f]))('%s reports exactly on the marked lines', (_, file) => {
    expect(statSync(file).isFile()).toBe(true);
    const text = readFileSync(file, 'utf8');
    const expected = expectedMarkers(text);
    const checked = new Set([ruleId, ...[...expected].map((m) => m.split(' ')[1] ?? '')]);
    const actual = new Set(lintFixture(file, text).filter((d) => checked.has(d.ruleId)).map((d) => `${d.line} ${d.ruleId}`));
    expect([...actual].sort()).toEqual([...expected].sort());
  });
});
