import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { buildSmallCorpus, loadSmallSources, SMALL_MAX_BYTES, SMALL_MIN_BYTES, smallFile } from './small-corpus.js';

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
