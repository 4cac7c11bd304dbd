import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinRules } from '../../rules/index.js';
import type { Rule } from '../../src/engine/types.js';
import { DATA_FIXTURE_FOLDERS, FIXTURES, fixtureFiles, RULES_WITHOUT_FIXTURES } from '../helpers/fixtures.js';
import { expectedMarkers } from '../helpers/lint.js';

/**
 * The rule folders, the registry, the doc pages and the fixture folders name the same rules: a rule cannot be
 * registered without its folder, doc page and fixtures, nor a folder of rules/ or fixtures/ outlive its rule.
 */
const ROOT = join(import.meta.dirname, '../..');
const RULES = join(ROOT, 'rules');

const registered = new Map(builtinRules.map((rule) => [rule.meta.id, rule]));

const subfolders = (dir: string): string[] => readdirSync(dir).filter((name) => statSync(join(dir, name)).isDirectory()).sort();

/** `<prefix>/<name>` for every folder two levels under `dir`. */
const twoLevels = (dir: string): string[] => subfolders(dir).flatMap((prefix) => subfolders(join(dir, prefix)).map((name) => `${prefix}/${name}`));

const reportsItself = (ruleId: string) => (file: string): boolean => [...expectedMarkers(readFileSync(file, 'utf8'))].some((m) => m.endsWith(` ${ruleId}`));

describe.each([...registered.keys()])('registered rule %s', (id) => {
  it('has its folder, with its module exporting the registered rule and its doc page', async () => {
    const folder = join(RULES, id);
    expect(existsSync(join(folder, 'index.ts')), `rules/${id}/index.ts`).toBe(true);
    expect(existsSync(join(folder, 'README.md')), `rules/${id}/README.md`).toBe(true);
    const module = (await import(join(folder, 'index.ts'))) as { default: Rule };
    expect(module.default).toBe(registered.get(id));
  });

  if (id in RULES_WITHOUT_FIXTURES) {
    it(`cannot be shown in a YAML fixture: ${RULES_WITHOUT_FIXTURES[id]} covers it`, () => {
      const test = join(ROOT, RULES_WITHOUT_FIXTURES[id] ?? '');
      expect(readFileSync(test, 'utf8')).toContain(`'${id}'`);
      expect(fixtureFiles(id)).toEqual([]);
    });
  } else {
    it('has a fixture that it reports on and one that it does not', () => {
      const files = fixtureFiles(id);
      expect(files.some(reportsItself(id)), `an invalid fixture in fixtures/${id}/`).toBe(true);
      expect(files.some((file) => !reportsItself(id)(file)), `a valid fixture in fixtures/${id}/`).toBe(true);
    });
  }
});

describe('folders without a rule', () => {
  it('rules/ holds a folder for registered rules only', () => {
    expect(twoLevels(RULES).filter((id) => !registered.has(id))).toEqual([]);
  });

  it('fixtures/ holds fixture folders for registered rules only, beside the data sets listed with their tests', () => {
    const ruleFixtureFolders = twoLevels(FIXTURES).filter((folder) => !((folder.split('/')[0] ?? '') in DATA_FIXTURE_FOLDERS));
    expect(ruleFixtureFolders.filter((id) => !registered.has(id))).toEqual([]);
  });

  it('lists only registered rules as shown in no fixture', () => {
    expect(Object.keys(RULES_WITHOUT_FIXTURES).filter((id) => !registered.has(id))).toEqual([]);
  });

  it.each(Object.entries(DATA_FIXTURE_FOLDERS))('fixtures/%s is read by %s', (folder, test) => {
    expect(statSync(join(FIXTURES, folder)).isDirectory()).toBe(true);
    expect(readFileSync(join(ROOT, test), 'utf8')).toContain(folder);
  });
});
