/**
 * The small-file corpus (issue 31): what a GitOps repository mostly holds, one object per file of 0.5 to 1.5 KB.
 * Users are the shipped maximal example (fixtures/examples/maximal-user.yaml) with a subset of its optional fields
 * and a person of their own: labels, annotations, groups, cluster roles, access rules. Configs are the small valid
 * Config fixtures of auth, audit, UI and the like, their header comments (which describe the test) left out. Every
 * file lints without a finding, as most files of a repository do.
 *
 * With `problems`, the same files, but every second one (the odd indexes) with one to three of the mistakes of
 * small-mistakes.ts: what a problem costs. The manifest says how many diagnostics each of those files gets.
 *
 * Deterministic: file `f` depends on the seed, `f` and the fixtures only.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cachedCorpus, sameSpec } from './corpus.js';
import { join } from 'node:path';
import { parseDocument, stringify } from 'yaml';
import { builtinRules } from '../../rules/index.js';
import { lintText } from '../../src/engine/lint.js';
import { presetSettings } from '../../src/engine/presets.js';
import { loadSources } from './realistic-corpus.js';
import { fnv1a, Random } from './random.js';
import { CONFIG_MISTAKES, USER_MISTAKES } from './small-mistakes.js';
import { CLUSTER_ROLES, DEPARTMENTS, FIRST, LAST, TEAMS, title } from './vocabulary.js';

export interface SmallSpec {
  files: number;
  seed: number;
  /** Every second file with mistakes. */
  problems?: true;
}

export interface SmallManifest {
  generator: number;
  spec: SmallSpec;
  sources: string;
  counts: { files: number; documents: number; users: number; configs: number; bytes: number; minBytes: number; maxBytes: number; filesWithProblems: number; diagnostics: number };
  /** The files with mistakes, each with the number of diagnostics platlint gives it. */
  problems: Record<string, number>;
}

const SMALL_GENERATOR_VERSION = 2;
export const SMALL_MIN_BYTES = 500;
export const SMALL_MAX_BYTES = 1500;
/** Config fixtures of these areas, as the platform's docs publish small Configs. */
const CONFIG_AREAS = /^(?:auth|audit|ui|apps|security|oidc-provider|cost|container-resources)\//;

const lintOptions = { filename: 'small.yaml', rules: builtinRules, settings: presetSettings('recommended', builtinRules) };

function diagnosticsOf(text: string): number {
  return lintText(text, lintOptions).diagnostics.length;
}

function lintsClean(text: string): boolean {
  return diagnosticsOf(text) === 0;
}

/** The fixture's text without its leading comment lines (they describe the test, not the object). */
function withoutHeader(text: string): string {
  return text.replace(/^(?:#.*\n)+/, '');
}

interface SmallSources {
  user: Record<string, unknown>;
  configs: string[];
  fingerprint: string;
}

export function loadSmallSources(fixturesDir: string): SmallSources {
  const sources = loadSources(fixturesDir);
  const userText = readFileSync(join(fixturesDir, 'examples', 'maximal-user.yaml'), 'utf8');
  const user = parseDocument(userText, { version: '1.1' }).toJS() as Record<string, unknown>;
  const configs = sources.configs
    .filter((s) => s.expected.length === 0 && CONFIG_AREAS.test(s.origin))
    .map((s) => withoutHeader(s.text))
    .filter((text) => Buffer.byteLength(text) >= SMALL_MIN_BYTES && Buffer.byteLength(text) <= SMALL_MAX_BYTES && lintsClean(text));
  if (configs.length < 10) throw new Error(`${fixturesDir}: only ${configs.length} small valid Configs for the small-file corpus`);
  return { user, configs, fingerprint: fnv1a(fnv1a(0x811c9dc5, sources.fingerprint), userText).toString(16).padStart(8, '0') };
}

const OPTIONAL_METADATA = ['labels', 'annotations', 'ownerReferences', 'finalizers'];
const OPTIONAL_SPEC = ['displayName', 'description', 'owner', 'icon', 'subject', 'ssoGroups', 'passwordRef', 'codesRef', 'imagePullSecrets', 'tokenGeneration', 'disabled', 'extraClaims'];

/** A User of the maximal example's fields, with its own person, teams, roles and a subset of the optional fields. */
function smallUser(example: Record<string, unknown>, random: Random): string {
  const first = random.pick(FIRST);
  const last = random.pick(LAST);
  const team = random.pick(TEAMS);
  const metadata = { ...(example['metadata'] as Record<string, unknown>) };
  const spec = { ...(example['spec'] as Record<string, unknown>) };
  for (const key of OPTIONAL_METADATA) if (!random.chance(0.5)) delete metadata[key];
  for (const key of OPTIONAL_SPEC) if (!random.chance(0.4)) delete spec[key];
  spec['groups'] = random.some(TEAMS, 1, 3);
  if (random.chance(0.7)) spec['clusterRoles'] = random.some(CLUSTER_ROLES, 1, 3).map((name) => ({ name }));
  else delete spec['clusterRoles'];
  if (!random.chance(0.6)) delete spec['access'];
  if (metadata['labels']) metadata['labels'] = { 'app.kubernetes.io/managed-by': 'gitops', 'platform.example.com/department': random.pick(DEPARTMENTS) };
  const data = { apiVersion: example['apiVersion'], kind: example['kind'], metadata, spec };
  return stringify(data, { version: '1.1', lineWidth: 0 })
    .replaceAll('jane-doe', `${first}-${last}`)
    .replaceAll('jane.doe', `${first}.${last}`)
    .replaceAll('Jane Doe', `${title(first)} ${title(last)}`)
    .replaceAll('platform-engineering', team);
}

/** File `index`: a User in three files of four, a small Config in the fourth; always between the size bounds. */
export function smallFile(sources: SmallSources, seed: number, index: number): { path: string; kind: 'User' | 'Config'; text: string } {
  const random = new Random(seed, index);
  const dir = `s${String(Math.floor(index / 100)).padStart(4, '0')}`;
  if (random.chance(0.25)) return { path: `${dir}/config-${String(index).padStart(6, '0')}.yaml`, kind: 'Config', text: random.pick(sources.configs) };
  for (let attempt = 0; attempt < 50; attempt++) {
    const text = smallUser(sources.user, random);
    const bytes = Buffer.byteLength(text);
    if (bytes >= SMALL_MIN_BYTES && bytes <= SMALL_MAX_BYTES && lintsClean(text)) return { path: `${dir}/user-${String(index).padStart(6, '0')}.yaml`, kind: 'User', text };
  }
  throw new Error(`small-file corpus: no User of ${SMALL_MIN_BYTES} to ${SMALL_MAX_BYTES} bytes without a finding for file ${index}`);
}

/** File `index` with one to three mistakes (small-mistakes.ts), and the number of diagnostics it gets (at least one). */
export function smallFileWithProblems(sources: SmallSources, seed: number, index: number): ReturnType<typeof smallFile> & { diagnostics: number } {
  const clean = smallFile(sources, seed, index);
  // A stream of its own, so that the file's clean text is the same as in the corpus without problems.
  const random = new Random(seed ^ 0x6d697374, index);
  const mistakes = Object.values(clean.kind === 'User' ? USER_MISTAKES : CONFIG_MISTAKES);
  for (let attempt = 0; attempt < 20; attempt++) {
    let text = clean.text;
    for (const mistake of random.some(mistakes, 3, 5)) text = mistake(text, random) ?? text;
    const diagnostics = diagnosticsOf(text);
    if (diagnostics > 0) return { ...clean, text, diagnostics };
  }
  throw new Error(`small-file corpus with problems: no mistake of file ${index} gives a diagnostic`);
}

/** Writes the corpus into `dir` (or only describes it) and returns its manifest. */
export function buildSmallCorpus(fixturesDir: string, spec: SmallSpec, dir?: string): SmallManifest {
  const sources = loadSmallSources(fixturesDir);
  const counts = { files: 0, documents: 0, users: 0, configs: 0, bytes: 0, minBytes: Infinity, maxBytes: 0, filesWithProblems: 0, diagnostics: 0 };
  const problems: Record<string, number> = {};
  for (let f = 0; f < spec.files; f++) {
    const file = spec.problems && f % 2 === 1 ? smallFileWithProblems(sources, spec.seed, f) : { ...smallFile(sources, spec.seed, f), diagnostics: 0 };
    if (file.diagnostics > 0) {
      problems[file.path] = file.diagnostics;
      counts.filesWithProblems++;
      counts.diagnostics += file.diagnostics;
    }
    if (dir) {
      mkdirSync(join(dir, file.path, '..'), { recursive: true });
      writeFileSync(join(dir, file.path), file.text);
    }
    const bytes = Buffer.byteLength(file.text);
    counts.files++;
    counts.documents++;
    counts[file.kind === 'User' ? 'users' : 'configs']++;
    counts.bytes += bytes;
    counts.minBytes = Math.min(counts.minBytes, bytes);
    counts.maxBytes = Math.max(counts.maxBytes, bytes);
  }
  return { generator: SMALL_GENERATOR_VERSION, spec, sources: sources.fingerprint, counts, problems };
}

/** The corpus in `dir`, generated unless its manifest says the same generator, spec and fixtures wrote it. */
export function ensureSmallCorpus(dir: string, fixturesDir: string, spec: SmallSpec): { manifest: SmallManifest; generated: boolean } {
  const fingerprint = loadSmallSources(fixturesDir).fingerprint;
  return cachedCorpus(dir, (existing: SmallManifest) => existing.generator === SMALL_GENERATOR_VERSION && existing.sources === fingerprint && sameSpec(existing.spec, spec), () => buildSmallCorpus(fixturesDir, spec, dir));
}
