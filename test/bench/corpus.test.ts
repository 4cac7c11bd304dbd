import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import {
  buildCorpus,
  CONFIG_MISTAKES,
  documentKind,
  ensureCorpus,
  generateDocument,
  generateFiles,
  isFlawed,
  MANIFEST_FILE,
  USER_MISTAKES,
} from './corpus.js';

/** Every mistake equally often: the mix the benchmark README states. */
function evenMistakes(users: number, configs: number): Record<string, number> {
  return Object.fromEntries([
    ...USER_MISTAKES.map((m) => [`User/${m}`, users / USER_MISTAKES.length]),
    ...CONFIG_MISTAKES.map((m) => [`Config/${m}`, configs / CONFIG_MISTAKES.length]),
  ]);
}

describe('benchmark corpus', () => {
  it('is deterministic: the same spec gives the same files, document by document', () => {
    const spec = { files: 300, docsPerFile: 1, seed: 1 };
    expect(buildCorpus(spec).hash).toBe(buildCorpus(spec).hash);
    expect(generateDocument(1234, 1)).toEqual(generateDocument(1234, 1));
    // A document depends on its index and the seed only, not on what was generated before it.
    const files = [...generateFiles({ files: 20, docsPerFile: 1, seed: 1 })];
    expect(files[17]?.documents[0]).toEqual(generateDocument(17, 1));
    expect(buildCorpus({ ...spec, seed: 2 }).hash).not.toBe(buildCorpus(spec).hash);
  });

  it('does not change unnoticed (bump GENERATOR_VERSION and this hash together)', () => {
    expect(buildCorpus({ files: 50, docsPerFile: 1, seed: 1 }).hash).toBe('c5ddf4c3');
  });

  it('has the stated mix in the single-document corpus: 10,000 files, a fifth Configs, a tenth with one mistake', () => {
    const { counts } = buildCorpus({ files: 10_000, docsPerFile: 1, seed: 1 });
    expect(counts).toMatchObject({ files: 10_000, documents: 10_000, users: 8_000, configs: 2_000, flawedDocuments: 1_000, flawedUsers: 800, flawedConfigs: 200, flawedFiles: 1_000 });
    expect(counts.mistakes).toEqual(evenMistakes(800, 200));
  });

  it('has the same mix in the multi-document corpus: 2,000 files of 5 documents, mistakes spread over half the files', () => {
    const { counts } = buildCorpus({ files: 2_000, docsPerFile: 5, seed: 2 });
    expect(counts).toMatchObject({ files: 2_000, documents: 10_000, users: 8_000, configs: 2_000, flawedDocuments: 1_000, flawedUsers: 800, flawedConfigs: 200, flawedFiles: 1_000 });
    expect(counts.mistakes).toEqual(evenMistakes(800, 200));
  });

  it('chooses kinds and mistakes by index: one in ten of each kind', () => {
    const indexes = Array.from({ length: 50 }, (_, i) => i);
    expect(indexes.filter((i) => documentKind(i) === 'Config')).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45]);
    expect(indexes.filter((i) => isFlawed(i) && documentKind(i) === 'Config')).toHaveLength(1);
    expect(indexes.filter((i) => isFlawed(i) && documentKind(i) === 'User')).toHaveLength(4);
  });

  it('writes files whose documents parse as the kinds it says, and a manifest that lets a second run reuse them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-corpus-'));
    try {
      const spec = { files: 120, docsPerFile: 5, seed: 3 };
      const first = ensureCorpus(dir, spec);
      expect(first.generated).toBe(true);
      expect(ensureCorpus(dir, spec).generated).toBe(false);
      expect(readdirSync(dir).sort()).toEqual([MANIFEST_FILE, 'd0000', 'd0001'].sort());
      let documents = 0;
      for (const file of generateFiles(spec)) {
        const parsed = parseAllDocuments(readFileSync(join(dir, file.path), 'utf8'), { version: '1.1' });
        const docs = Array.isArray(parsed) ? parsed : [parsed];
        expect(docs).toHaveLength(5);
        docs.forEach((doc, i) => {
          const expected = file.documents[i];
          // Syntax and kind-case mistakes change what a parser sees; every other document says what it is.
          if (expected && expected.mistake !== 'syntax' && expected.mistake !== 'kind-case') expect((doc.toJS() as { kind?: string }).kind).toBe(expected.kind);
        });
        documents += docs.length;
      }
      expect(documents).toBe(first.manifest.counts.documents);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
