import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { readFileSync } from 'node:fs';
import { lintResult } from '../helpers/lint.js';
import { Random } from './random.js';
import { buildSmallCorpus, loadSmallSources, SMALL_MAX_BYTES, SMALL_MIN_BYTES, smallFile, smallFileWithProblems } from './small-corpus.js';
import { CONFIG_MISTAKES, USER_MISTAKES } from './small-mistakes.js';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures');

describe('small-file benchmark corpus', () => {
  const sources = loadSmallSources(FIXTURES);

  it('holds one User or Config per file, each within the size bounds, the same for the same seed and index', () => {
    expect(smallFile(sources, 1, 17)).toEqual(smallFile(sources, 1, 17));
    for (let index = 0; index < 200; index++) {
      const file = smallFile(sources, 1, index);
      const documents = parseAllDocuments(file.text, { version: '1.1' });
      expect(Array.isArray(documents) ? documents.length : 1).toBe(1);
      expect(file.text).toMatch(new RegExp(`^kind: ${file.kind}$`, 'm'));
      const bytes = Buffer.byteLength(file.text);
      expect(bytes).toBeGreaterThanOrEqual(SMALL_MIN_BYTES);
      expect(bytes).toBeLessThanOrEqual(SMALL_MAX_BYTES);
    }
  });

  it('is mostly Users, with Configs of auth, audit and UI among them, about 1 KB a file', () => {
    const { counts } = buildSmallCorpus(FIXTURES, { files: 400, seed: 1 });
    expect(counts.files).toBe(400);
    expect(counts.documents).toBe(400);
    expect(counts.users).toBeGreaterThan(2 * counts.configs);
    expect(counts.configs).toBeGreaterThan(50);
    expect(counts.bytes / counts.files).toBeGreaterThan(800);
    expect(counts.bytes / counts.files).toBeLessThan(1200);
    expect(sources.configs.some((text) => /^ {2}auth:/m.test(text))).toBe(true);
    expect(sources.configs.some((text) => /^ {2}audit:/m.test(text))).toBe(true);
    expect(sources.configs.some((text) => /^ {2}uiSettings:/m.test(text))).toBe(true);
  });
});

describe('small-file benchmark corpus with problems', () => {
  const sources = loadSmallSources(FIXTURES);
  const ruleIds = (text: string): string[] => lintResult(text).diagnostics.map((d) => d.ruleId);

  it('has each mistake give the diagnostic of the rule that catches it, and nothing else', () => {
    const user = readFileSync(join(FIXTURES, 'examples', 'maximal-user.yaml'), 'utf8');
    const expected: Record<string, string[]> = {
      'field typo': ['schema/unknown-field'],
      'number in quotes': ['schema/type'],
      'boolean as text': ['schema/type'],
      'bad name': ['meta/name'],
      'access for everyone': ['security/wildcard-access'],
      'group twice': ['user/duplicates'],
      'e-mail without @': ['user/email'],
      'verb in capitals': ['user/access-verbs'],
    };
    expect(Object.keys(USER_MISTAKES)).toEqual(Object.keys(expected));
    for (const [name, mistake] of Object.entries(USER_MISTAKES)) expect([name, ruleIds(mistake(user, new Random(1, 0)) ?? '')]).toEqual([name, expected[name]]);
    const config = sources.configs.find((text) => /^ {4}disableUserCreation: (true|false)$/m.test(text)) ?? '';
    expect(config).not.toBe('');
    expect(ruleIds(CONFIG_MISTAKES['boolean in quotes']?.(config, new Random(1, 0)) ?? '')).toEqual(['schema/type']);
    expect(ruleIds(CONFIG_MISTAKES['bad name']?.(config, new Random(1, 0)) ?? '')).toEqual(['meta/name']);
    // A mistake with nothing to change in a file says so.
    expect(USER_MISTAKES['number in quotes']?.(user.replace(/^ {2}tokenGeneration: \d+\n/m, ''), new Random(1, 0))).toBeUndefined();
  });

  it('is the clean corpus with mistakes in every second file, each of those with the diagnostics the manifest gives it', () => {
    const clean = buildSmallCorpus(FIXTURES, { files: 200, seed: 1 });
    const withProblems = buildSmallCorpus(FIXTURES, { files: 200, seed: 1, problems: true });
    expect(clean.counts.diagnostics).toBe(0);
    expect(clean.problems).toEqual({});
    expect(withProblems.counts.filesWithProblems).toBe(100);
    expect(Object.values(withProblems.problems).reduce((sum, n) => sum + n, 0)).toBe(withProblems.counts.diagnostics);
    // About three diagnostics a file with problems, as in a repository where half the files need work.
    expect(withProblems.counts.diagnostics / 100).toBeGreaterThan(2);
    expect(withProblems.counts.diagnostics / 100).toBeLessThan(4);
    for (let index = 0; index < 20; index++) {
      const file = smallFile(sources, 1, index);
      if (index % 2 === 0) {
        expect(withProblems.problems[file.path]).toBeUndefined();
        continue;
      }
      const flawed = smallFileWithProblems(sources, 1, index);
      expect(flawed.path).toBe(file.path);
      expect(flawed.text).not.toBe(file.text);
      expect(lintResult(flawed.text).diagnostics).toHaveLength(flawed.diagnostics);
      expect(withProblems.problems[file.path]).toBe(flawed.diagnostics);
    }
  });
});
