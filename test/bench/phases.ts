/**
 * The parts of the benchmark, each measured as child processes (measure.ts) and checked (checks.ts):
 *   synthetic  a (platlint) against b (the parse floor) on the generated single- and multi-document corpora
 *   realistic  a against b on 3,000 files made from the examples and fixtures; peak RSS at 1,000 and 10,000 files
 *   small      a against b on 3,000 files of one small object each (small-phase.ts)
 *   spectral   c (Spectral) against a on a subset of the single-document corpus
 *   cold       d (platlint on one small file) against `node -e "import('yaml')"`
 *   memory     peak RSS of a on the single-document corpus against one four times its size
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { checkFloor, checkRealisticReport, checkReport } from './checks.js';
import { bin, type Bench, type PlatlintRun } from './context.js';
import { documentKind, ensureCorpus, generateDocument, isFlawed, type CorpusManifest, type CorpusSpec } from './corpus.js';
import { expectCode, log, ms, root, run } from './measure.js';
import { ensureRealisticCorpus, type RealisticManifest } from './realistic-corpus.js';
import { prepareSpectral, spectralCli, spectralFilesWithErrors } from './spectral-setup.js';
import { foldedFloorScript } from './folded-floor.js';

/** The thread count of the memory runs of the realistic corpus, whatever the size. */
const MEMORY_THREADS = ['--threads', '2'];

export interface Corpus {
  dir: string;
  manifest: CorpusManifest;
}

export interface RealisticCorpus {
  dir: string;
  manifest: RealisticManifest;
}

function syntheticSpecs(smoke: boolean): { single: CorpusSpec; multi: CorpusSpec; x4: CorpusSpec } {
  const single = smoke ? 200 : 10_000;
  const multi = smoke ? 40 : 2_000;
  return {
    single: { files: single, docsPerFile: 1, seed: 1 },
    multi: { files: multi, docsPerFile: 5, seed: 2 },
    x4: { files: single * 4, docsPerFile: 1, seed: 1 },
  };
}

/** Realistic corpora: the throughput one (3,000 files, as in issue #16) and the two memory sizes. */
function realisticSizes(smoke: boolean): { throughput: number; small: number; large: number } {
  return smoke ? { throughput: 100, small: 50, large: 200 } : { throughput: 3_000, small: 1_000, large: 10_000 };
}

export function corpusRoot(bench: Bench): string {
  return join(bench.options.out, 'corpus', bench.options.smoke ? 'smoke' : 'full');
}

function syntheticCorpus(bench: Bench, name: 'single' | 'multi' | 'x4'): Corpus {
  const dir = join(corpusRoot(bench), name);
  const t = performance.now();
  const { manifest, generated } = ensureCorpus(dir, syntheticSpecs(bench.options.smoke)[name]);
  const c = manifest.counts;
  log(`corpus ${name}: ${c.files} files, ${c.documents} documents (${c.users} Users, ${c.configs} Configs, ${c.flawedDocuments} with a mistake), ${(c.bytes / 2 ** 20).toFixed(1)} MB${generated ? `, generated in ${ms(performance.now() - t)}` : ' (cached)'}`);
  return { dir, manifest };
}

export function realisticCorpus(bench: Bench, files: number): RealisticCorpus {
  const dir = join(corpusRoot(bench), `realistic-${files}`);
  const t = performance.now();
  const { manifest, generated } = ensureRealisticCorpus(dir, join(root, 'fixtures'), { files, seed: 1 });
  const c = manifest.counts;
  log(`corpus realistic-${files}: ${c.files} files (${c.multiDocumentFiles} with several documents), ${c.documents} documents (${c.configs} Configs, ${c.rawConfigs} of them with spec.raw, ${c.users} Users), ${(c.bytes / 2 ** 20).toFixed(1)} MB${generated ? `, generated in ${ms(performance.now() - t)}` : ' (cached)'}`);
  return { dir, manifest };
}

export async function syntheticPlatlint(bench: Bench, name: string, corpus: Corpus, nodeArgs: readonly string[] = []): Promise<void> {
  const { sample, report } = await bench.platlint(name, corpus.dir, { nodeArgs });
  bench.checks[`platlint ${name}`] = checkReport(`platlint on ${name}`, report, corpus.dir, corpus.manifest);
  bench.add(nodeArgs.length ? `profile ${name}` : name === 'x4' ? 'a platlint x4 (memory)' : `a platlint ${name}`, sample);
}

async function syntheticFloor(bench: Bench, name: string, corpus: Corpus): Promise<void> {
  const sample = await bench.floor(name, corpus.dir);
  checkFloor(`floor on ${name}`, sample, corpus.manifest.counts);
  bench.add(name === 'x4' ? 'b floor x4 (memory)' : `b floor ${name}`, sample);
}

export async function realisticPlatlint(bench: Bench, label: string, corpus: RealisticCorpus, options: PlatlintRun = {}): Promise<void> {
  const name = `realistic-${corpus.manifest.counts.files}`;
  const cli = options.cli ?? bin;
  const { sample, report } = await bench.platlint(name, corpus.dir, options);
  const before = cli !== bin;
  bench.checks[`platlint ${name}${before ? ' (before)' : ''}`] = checkRealisticReport(`platlint on ${name}`, report, corpus.dir, corpus.manifest, !before);
  bench.add(label, sample);
}

async function realisticFloor(bench: Bench, label: string, corpus: RealisticCorpus, script?: string): Promise<void> {
  const sample = await bench.floor(`realistic-${corpus.manifest.counts.files}`, corpus.dir, script);
  checkFloor(`floor on realistic-${corpus.manifest.counts.files}`, sample, { files: corpus.manifest.counts.files, documents: corpus.manifest.counts.parsedDocuments });
  bench.add(label, sample);
}

/**
 * platlint on a corpus with more flags (a baseline, policies), JSON report to a file named by the label's first word,
 * as one of two runs of a part compared with each other; the corpus has mistakes: exit 1.
 */
export async function platlintWith(bench: Bench, dir: string, label: string, flags: readonly string[]): Promise<string> {
  const report = join(bench.options.out, 'reports', `platlint-${label.split(' ')[0] ?? label}.json`);
  const sample = await run([bin, dir, ...flags, '--format', 'json', '-o', report], { out: bench.options.out });
  expectCode(`platlint ${label}`, sample, [1]);
  bench.add(label, sample);
  return report;
}

/** a against b (and more), rotating the order so that a drift in the machine's load hits each alike. */
export async function alternate(runs: readonly (() => Promise<void>)[], rep: number): Promise<void> {
  const order = rep % 2 === 0 ? runs : [...runs].reverse();
  for (const which of order) await which();
}

export async function syntheticPhase(bench: Bench): Promise<Corpus> {
  const single = syntheticCorpus(bench, 'single');
  const multi = syntheticCorpus(bench, 'multi');
  for (let rep = 0; rep < bench.options.reps; rep++) {
    for (const [name, corpus] of [['single', single], ['multi', multi]] as const) {
      await alternate([() => syntheticPlatlint(bench, name, corpus), () => syntheticFloor(bench, name, corpus)], rep);
    }
    log(`synthetic throughput: repetition ${rep + 1}/${bench.options.reps} done`);
  }
  return single;
}

export async function realisticPhase(bench: Bench): Promise<RealisticCorpus> {
  const sizes = realisticSizes(bench.options.smoke);
  const corpus = realisticCorpus(bench, sizes.throughput);
  const foldedFloor = await foldedFloorScript(bench.options.out);
  for (let rep = 0; rep < bench.options.reps; rep++) {
    const before = bench.options.beforeBin;
    await alternate([
      () => realisticPlatlint(bench, 'a platlint realistic', corpus),
      () => realisticFloor(bench, 'b floor realistic', corpus),
      ...(foldedFloor ? [() => realisticFloor(bench, 'b2 floor realistic, the parser as platlint bundles it', corpus, foldedFloor)] : []),
      ...(before ? [() => realisticPlatlint(bench, 'a0 platlint realistic (before)', corpus, { cli: before })] : []),
    ], rep);
    log(`realistic throughput: repetition ${rep + 1}/${bench.options.reps} done`);
  }
  if (bench.options.memory) {
    // Peak RSS as the number of files grows; the floor, which holds nothing, for comparison. Both sizes on two threads:
    // by default the 1,000 files (4.7 MB) stay on one thread on a two-core machine, where a worker starts from 5 MB,
    // so the ratio would weigh a second thread's heap, not the files.
    for (const [size, name] of [[sizes.small, 'small'], [sizes.large, 'large']] as const) {
      const sized = realisticCorpus(bench, size);
      for (let rep = 0; rep < 2; rep++) await realisticPlatlint(bench, `a platlint realistic ${name} (memory)`, sized, { flags: MEMORY_THREADS });
      const before = bench.options.beforeBin;
      if (before) await realisticPlatlint(bench, `a0 platlint realistic ${name} (memory, before)`, sized, { cli: before, flags: MEMORY_THREADS });
      await realisticFloor(bench, `b floor realistic ${name} (memory)`, sized);
    }
    log('realistic memory: done');
  }
  return corpus;
}

/** c: Spectral on a subset of the single-document corpus (it refuses multi-document files), next to platlint. */
export async function spectralPhase(bench: Bench): Promise<number> {
  const { options } = bench;
  const ruleset = prepareSpectral(options.out);
  const cli = spectralCli();
  const specs = syntheticSpecs(options.smoke);
  const subset = join(options.out, 'corpus', `spectral-subset-${options.smoke ? 'smoke' : 'full'}`);
  const { manifest } = ensureCorpus(subset, { ...specs.single, files: Math.min(options.spectralFiles, specs.single.files) });
  for (let rep = 0; rep < options.spectralReps; rep++) {
    const output = join(options.out, 'reports', 'spectral-subset.json');
    const sample = await run([cli, 'lint', join(subset, '**', '*.yaml'), '--ruleset', ruleset, '--format', 'json', '--output', output, '--quiet'], { out: options.out });
    expectCode('spectral', sample, [0, 1]);
    bench.add('c spectral subset', sample);
    bench.checks['spectral subset'] = { files: manifest.counts.files, filesWithErrors: spectralFilesWithErrors(output), flawedFiles: manifest.counts.flawedFiles };
    await syntheticPlatlint(bench, 'subset', { dir: subset, manifest });
  }
  log(`spectral: ${options.spectralReps} repetition(s) on ${manifest.counts.files} files done`);
  return manifest.counts.files;
}

/** The small file of the cold start: a User without a mistake. */
export function smallFile(bench: Bench): string {
  const dir = join(bench.options.out, 'corpus', 'small');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'user.yaml');
  let clean = 0;
  while (documentKind(clean) !== 'User' || isFlawed(clean)) clean++;
  writeFileSync(file, generateDocument(clean, 1).text);
  return file;
}

/** d: cold start on one small file, against a bare Node start that imports yaml (and `node -e 0`). */
export async function coldPhase(bench: Bench): Promise<void> {
  const { options } = bench;
  const small = smallFile(bench);
  const runs: Record<string, { args: string[]; label: string; code: number }> = {
    pl: { args: [bin, small, '--format', 'json'], label: 'd platlint one file', code: 0 },
    yaml: { args: ['-e', "import('yaml')"], label: "node -e import('yaml')", code: 0 },
    node: { args: ['-e', '0'], label: 'node -e 0 (for reference)', code: 0 },
    ...(options.beforeBin ? { before: { args: [options.beforeBin, small, '--format', 'json'], label: 'd0 platlint one file (before)', code: 0 } } : {}),
  };
  for (let rep = 0; rep < options.coldReps; rep++) {
    const order = ['pl', 'yaml', 'node', ...(options.beforeBin ? ['before'] : [])];
    for (const which of rep % 2 === 0 ? order : order.reverse()) {
      const { args, label, code } = runs[which] as (typeof runs)[string];
      const sample = await run(args, { out: options.out });
      expectCode(label, sample, [code]);
      bench.add(label, sample);
    }
  }
  log(`cold start: ${options.coldReps} repetitions done`);
}

/** Memory: the single-document corpus against one four times its size. */
export async function memoryPhase(bench: Bench): Promise<void> {
  const x4 = syntheticCorpus(bench, 'x4');
  for (let rep = 0; rep < (bench.options.smoke ? 1 : 2); rep++) await syntheticPlatlint(bench, 'x4', x4);
  // The floor holds nothing from one file to the next, yet its peak grows too (V8 sizes its heap by the
  // allocation rate and lets garbage accumulate up to that size).
  await syntheticFloor(bench, 'x4', x4);
  log('memory: done');
}

