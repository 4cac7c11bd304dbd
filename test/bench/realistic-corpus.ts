/**
 * The realistic corpus: files made from the project's own manifests (the shipped examples and the rule fixtures)
 * as an organisation keeps them: mostly Configs, at their real sizes (the 15 kB maximal example among small
 * partial ones), a few Users, some Configs carrying their settings in `spec.raw`, and multi-document files among
 * the single-document ones. The synthetic corpus (corpus.ts) is the easy case: small, uniform Users.
 *
 * Deterministic: file `f` depends on the seed, `f` and the fixtures only. Each file remembers the rule ids its
 * fixtures expect (`# expect: <rule-id>` comments), so that the benchmark can check a run reported them.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cachedCorpus, sameSpec } from './corpus.js';
import { join, relative } from 'node:path';
import { parseAllDocuments, parseDocument, stringify } from 'yaml';
import { walkYamlFiles } from '../../src/project/files.js';
import { fnv1a, Random } from './random.js';

export interface RealisticSpec {
  files: number;
  seed: number;
}

export interface RealisticCounts {
  files: number;
  /** Documents with content (what platlint's report counts). */
  documents: number;
  /** Every document the parser returns, comment-only ones included (what the floor counts). */
  parsedDocuments: number;
  users: number;
  configs: number;
  /** Configs whose settings are in `spec.raw` rather than (or as well as) `status`. */
  rawConfigs: number;
  multiDocumentFiles: number;
  bytes: number;
}

export interface RealisticManifest {
  generator: number;
  spec: RealisticSpec;
  /** The fixtures' fingerprint: a changed fixture regenerates the corpus. */
  sources: string;
  counts: RealisticCounts;
  /** Rule ids each file must report (relative path -> ids), from its fixtures' `# expect:` comments. */
  expected: Record<string, string[]>;
}

/** Bumped whenever the generated text changes, so that a cached corpus is regenerated. */
const REALISTIC_GENERATOR_VERSION = 2;

interface SourceDocument {
  origin: string;
  kind: 'User' | 'Config';
  text: string;
  expected: string[];
  /** The same Config with its status moved into `spec.raw`, as the platform stores it; undefined for Users. */
  rawForm: string | undefined;
}

export interface Sources {
  users: SourceDocument[];
  configs: SourceDocument[];
  /** The full-size example Config: a real platform Config sets about this much. */
  fullConfig: SourceDocument;
  fingerprint: string;
}

// Left out: directive fixtures (a file-wide disable would silence the documents after it), broken YAML (it can
// swallow the next document of a bundle), policy packs and ValidatingAdmissionPolicy suites (not manifests: their
// fixtures expect the policies' ids), change fixtures (pairs of versions whose findings need the old one), and files
// made large on purpose (the annotation-size limit) which no organisation keeps.
const EXCLUDED = /^(?:policies|vap|directive|change|yaml\/syntax|resource\/not-an-object)\//;
const MAX_SOURCE_BYTES = 64 * 1024;
const EXPECT = /#\s*expect:\s*([a-z-]+\/[a-z0-9-]+)/g;

/** The same Config with `status` written as the YAML string in `spec.raw`, or undefined when it has none. */
function rawForm(text: string): string | undefined {
  const doc = parseDocument(text, { version: '1.1' });
  if (doc.errors.length) return undefined;
  const data = doc.toJS() as Record<string, unknown> | null;
  if (!data || typeof data['status'] !== 'object' || data['status'] === null) return undefined;
  const { status, spec, ...rest } = data;
  const raw = stringify(status, { version: '1.1', lineWidth: 0 });
  return stringify({ ...rest, spec: { ...(spec as object), raw } }, { version: '1.1', lineWidth: 0, blockQuote: 'literal' });
}

/** Every User and Config document of the fixtures (bundles split into their documents). */
export function loadSources(fixturesDir: string): Sources {
  const users: SourceDocument[] = [];
  const configs: SourceDocument[] = [];
  let fullConfig: SourceDocument | undefined;
  let hash = 0x811c9dc5;
  const problems: string[] = [];
  const files = walkYamlFiles(fixturesDir, problems, { ignoreFiles: false, cwd: process.cwd() });
  if (problems.length) throw new Error(problems.join('\n'));
  for (const file of files) {
    const origin = relative(fixturesDir, file).split('\\').join('/');
    if (EXCLUDED.test(origin) || statSync(file).size > MAX_SOURCE_BYTES) continue;
    const text = readFileSync(file, 'utf8');
    hash = fnv1a(fnv1a(hash, origin), text);
    for (const chunk of text.split(/^---[ \t]*\r?\n/m)) {
      const kind = /^kind: (User|Config)\s*$/m.exec(chunk)?.[1] as 'User' | 'Config' | undefined;
      // Templated YAML (Helm, Go templates) is skipped unparsed: not what a repository of manifests holds.
      if (!kind || !/^apiVersion: management\.platform\/v1\s*$/m.test(chunk) || chunk.includes('{{')) continue;
      const body = chunk.endsWith('\n') ? chunk : chunk + '\n';
      const source: SourceDocument = { origin, kind, text: body, expected: [...new Set([...body.matchAll(EXPECT)].map((m) => m[1] as string))], rawForm: kind === 'Config' ? rawForm(body) : undefined };
      (kind === 'User' ? users : configs).push(source);
      if (origin === 'examples/maximal-config.yaml') fullConfig = source;
    }
  }
  if (!fullConfig || users.length === 0) throw new Error(`${fixturesDir}: the examples and fixtures the realistic corpus is made of are missing`);
  return { users, configs, fullConfig, fingerprint: hash.toString(16).padStart(8, '0') };
}

export interface RealisticFile {
  path: string;
  text: string;
  documents: { kind: 'User' | 'Config'; raw: boolean }[];
  expected: string[];
}

/** File `index` of the corpus: one document in most files, 2 to 6 in a bundle in about one file in seven. */
export function realisticFile(sources: Sources, seed: number, index: number): RealisticFile {
  const random = new Random(seed, index);
  const count = random.chance(0.15) ? 2 + random.int(5) : 1;
  const parts: string[] = [];
  const documents: RealisticFile['documents'] = [];
  const expected = new Set<string>();
  for (let d = 0; d < count; d++) {
    // Three Configs for every User; a quarter of the Configs are the full-size example.
    const source = random.chance(0.25) ? random.pick(sources.users) : random.chance(0.25) ? sources.fullConfig : random.pick(sources.configs);
    // The raw form loses the comments, and with them the fixture's expectations: only its text changes.
    const raw = source.rawForm !== undefined && random.chance(0.15);
    parts.push(raw ? (source.rawForm as string) : source.text);
    documents.push({ kind: source.kind, raw: raw || /^ {2}raw: /m.test(source.text) });
    if (!raw) for (const id of source.expected) expected.add(id);
  }
  const dir = `r${String(Math.floor(index / 100)).padStart(4, '0')}`;
  const header = `# Made by platlint's benchmark (test/bench/realistic-corpus.ts) from the fixtures, seed ${seed}.\n`;
  const text = header + parts.map((part, i) => (i > 0 || count > 1 ? '---\n' : '') + part).join('');
  return { path: `${dir}/${count > 1 ? 'bundle' : 'manifest'}-${String(index).padStart(6, '0')}.yaml`, text, documents, expected: [...expected].sort() };
}

/** Writes the corpus into `dir` (or only describes it) and returns its manifest. */
export function buildRealisticCorpus(fixturesDir: string, spec: RealisticSpec, dir?: string): RealisticManifest {
  const sources = loadSources(fixturesDir);
  const counts: RealisticCounts = { files: 0, documents: 0, parsedDocuments: 0, users: 0, configs: 0, rawConfigs: 0, multiDocumentFiles: 0, bytes: 0 };
  const expected: Record<string, string[]> = {};
  const made = new Set<string>();
  for (let f = 0; f < spec.files; f++) {
    const file = realisticFile(sources, spec.seed, f);
    if (dir) {
      const parent = join(dir, file.path, '..');
      if (!made.has(parent)) mkdirSync(parent, { recursive: true });
      made.add(parent);
      writeFileSync(join(dir, file.path), file.text);
    }
    counts.files++;
    counts.bytes += Buffer.byteLength(file.text);
    if (file.documents.length > 1) counts.multiDocumentFiles++;
    for (const doc of file.documents) {
      if (doc.kind === 'User') counts.users++;
      else counts.configs++;
      if (doc.raw) counts.rawConfigs++;
    }
    const parsed = parseAllDocuments(file.text, { version: '1.1' });
    const docs = Array.isArray(parsed) ? parsed : [parsed];
    counts.parsedDocuments += docs.length;
    counts.documents += docs.filter((doc) => doc.contents !== null).length;
    if (file.expected.length) expected[file.path] = file.expected;
  }
  return { generator: REALISTIC_GENERATOR_VERSION, spec, sources: sources.fingerprint, counts, expected };
}

/** The corpus in `dir`, generated unless its manifest says the same generator, spec and fixtures wrote it. */
export function ensureRealisticCorpus(dir: string, fixturesDir: string, spec: RealisticSpec): { manifest: RealisticManifest; generated: boolean } {
  const fingerprint = loadSources(fixturesDir).fingerprint;
  return cachedCorpus(dir, (existing: RealisticManifest) => existing.generator === REALISTIC_GENERATOR_VERSION && existing.sources === fingerprint && sameSpec(existing.spec, spec), () => buildRealisticCorpus(fixturesDir, spec, dir));
}
