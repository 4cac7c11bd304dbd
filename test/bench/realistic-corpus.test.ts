import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { latencyFile } from './lsp-latency.js';
import { buildRealisticCorpus, ensureRealisticCorpus, loadSources, realisticFile } from './realistic-corpus.js';
import { lintResult } from '../helpers/lint.js';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures');

describe('realistic benchmark corpus', () => {
  const sources = loadSources(FIXTURES);

  it('is made of the fixtures: every User and Config document, the full-size example among them', () => {
    expect(sources.users.length).toBeGreaterThan(50);
    expect(sources.configs.length).toBeGreaterThan(100);
    expect(sources.fullConfig.origin).toBe('examples/maximal-config.yaml');
    expect(sources.fullConfig.text.length).toBeGreaterThan(10_000);
    // Broken YAML, directives and policy packs stay out (see EXCLUDED).
    const origins = new Set([...sources.users, ...sources.configs].map((s) => s.origin));
    expect([...origins].filter((o) => /^(yaml\/syntax|directive|policies|change)\//.test(o))).toEqual([]);
    // A fixture's `# expect:` comments become the document's expected rule ids.
    const samlCa = sources.configs.find((s) => s.origin === 'auth/saml-ca/invalid.yaml');
    expect(samlCa?.expected).toEqual(['auth/saml-ca']);
  });

  it('moves a Config status into spec.raw for the raw form, with the same settings', () => {
    const source = sources.configs.find((s) => s.origin === 'vault/sync-interval/invalid.yaml' && s.rawForm);
    const raw = parseAllDocuments(source?.rawForm ?? '')[0]?.toJS() as { spec: { raw: string }; status?: unknown };
    const original = parseAllDocuments(source?.text ?? '', { version: '1.1' })[0]?.toJS() as { status: unknown };
    expect(raw.status).toBeUndefined();
    expect(parseAllDocuments(raw.spec.raw, { version: '1.1' })[0]?.toJS()).toEqual(original.status);
  });

  it('is deterministic and has the stated mix: mostly Configs, a few Users, bundles and spec.raw among them', () => {
    expect(realisticFile(sources, 1, 17)).toEqual(realisticFile(sources, 1, 17));
    const { counts, expected } = buildRealisticCorpus(FIXTURES, { files: 600, seed: 1 });
    expect(counts.files).toBe(600);
    expect(counts.configs).toBeGreaterThan(2 * counts.users);
    expect(counts.users).toBeGreaterThan(0.15 * counts.documents);
    expect(counts.multiDocumentFiles).toBeGreaterThan(0.1 * counts.files);
    expect(counts.multiDocumentFiles).toBeLessThan(0.2 * counts.files);
    expect(counts.rawConfigs).toBeGreaterThan(0.2 * counts.configs);
    expect(counts.bytes / counts.files).toBeGreaterThan(3_000);
    expect(Object.keys(expected).length).toBeGreaterThan(100);
  });

  it('writes files in which platlint reports every rule their fixtures expect, and reuses them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-realistic-'));
    try {
      const first = ensureRealisticCorpus(dir, FIXTURES, { files: 40, seed: 2 });
      expect(first.generated).toBe(true);
      expect(ensureRealisticCorpus(dir, FIXTURES, { files: 40, seed: 2 }).generated).toBe(false);
      let documents = 0;
      for (let f = 0; f < 40; f++) {
        const file = realisticFile(sources, 2, f);
        const text = readFileSync(join(dir, file.path), 'utf8');
        expect(text).toBe(file.text);
        const result = lintResult(text);
        documents += result.documents;
        const reported = new Set(result.diagnostics.map((d) => d.ruleId));
        expect(file.expected.filter((id) => !reported.has(id))).toEqual([]);
      }
      expect(documents).toBe(first.manifest.counts.documents);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('makes the language-server benchmark files of the size asked for, of many documents', () => {
    const { text, documents } = latencyFile(FIXTURES, 1_000);
    const lines = text.split('\n').length - 1;
    expect(lines).toBeGreaterThanOrEqual(1_000);
    expect(lines).toBeLessThan(1_500);
    expect(documents).toBeGreaterThan(5);
    expect(text.split(/^---$/m)).toHaveLength(documents + 1);
  });
});
