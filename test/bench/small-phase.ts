/**
 * The small-file part of the benchmark (issue 31): platlint against the parse floor on 3,000 files of one small
 * object each (small-corpus.ts), alternating, and the build before (`--before`) beside them. Twice: on files that all
 * lint clean, and on the same files with mistakes in every second one (issue 35: what a problem costs). The report
 * must give each file exactly the diagnostics the corpus was made with: none for a clean file.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { checkFloor, readCoveringReport } from './checks.js';
import { bin, type Bench } from './context.js';
import { BenchError, log, ms, root } from './measure.js';
import { alternate, corpusRoot } from './phases.js';
import { ensureSmallCorpus, type SmallManifest } from './small-corpus.js';

function smallSize(smoke: boolean): number {
  return smoke ? 100 : 3_000;
}

export interface SmallCorpus {
  /** How the samples are labelled: `a platlint small files`, `b floor small files with problems`. */
  label: 'small files' | 'small files with problems';
  dir: string;
  manifest: SmallManifest;
}

function smallCorpus(bench: Bench, problems: boolean): SmallCorpus {
  const dir = join(corpusRoot(bench), problems ? 'small-files-problems' : 'small-files');
  const t = performance.now();
  const spec = { files: smallSize(bench.options.smoke), seed: 1, ...(problems ? { problems: true as const } : {}) };
  const { manifest, generated } = ensureSmallCorpus(dir, join(root, 'fixtures'), spec);
  const c = manifest.counts;
  const mistakes = problems ? `, ${c.filesWithProblems} of them with mistakes (${c.diagnostics} diagnostics)` : '';
  log(`corpus ${relative(corpusRoot(bench), dir)}: ${c.files} files of one object (${c.users} Users, ${c.configs} Configs)${mistakes}, ${c.minBytes} to ${c.maxBytes} bytes, ${(c.bytes / c.files / 1024).toFixed(2)} KB a file${generated ? `, generated in ${ms(performance.now() - t)}` : ' (cached)'}`);
  return { label: problems ? 'small files with problems' : 'small files', dir, manifest };
}

/** Files whose diagnostics in the report are not as many as the corpus was made with; a few of them as examples. */
function wrongCounts(reportFile: string, corpus: SmallCorpus): { wrong: number; examples: string[] } {
  const report = readCoveringReport(`platlint on ${corpus.label}`, reportFile, corpus.manifest.counts);
  let wrong = 0;
  const examples: string[] = [];
  for (const result of report.results) {
    const file = relative(corpus.dir, result.file).split('\\').join('/');
    const expected = corpus.manifest.problems[file] ?? 0;
    if (result.diagnostics.length === expected) continue;
    wrong++;
    if (examples.length < 5) examples.push(`${file}: ${result.diagnostics.length} diagnostics, made with ${expected}`);
  }
  return { wrong, examples };
}

/** The name of the corpus's runs and JSON reports (bench-out/reports/platlint-NAME.json, -before.json). */
function runName(corpus: SmallCorpus): string {
  return `small-${corpus.manifest.counts.files}${corpus.manifest.spec.problems ? '-problems' : ''}`;
}

/** The corpus with problems has errors in it (exit 1), the clean one none (exit 0). */
async function smallPlatlint(bench: Bench, corpus: SmallCorpus, cli = bin): Promise<void> {
  const before = cli !== bin;
  const name = runName(corpus);
  const { sample, report } = await bench.platlint(name, corpus.dir, { cli, code: corpus.manifest.counts.diagnostics > 0 ? 1 : 0 });
  const { wrong, examples } = wrongCounts(report, corpus);
  // The build before may predate a rule's change: its differences are noted, not an error.
  if (wrong && !before) throw new BenchError(`platlint on ${name}: ${wrong} files without the diagnostics they were made with: ${examples.join('; ')}`);
  if (before) bench.checks[`platlint ${name} (before)`] = { filesWithOtherDiagnostics: wrong, examples };
  bench.add(`a${before ? '0' : ''} platlint ${corpus.label}${before ? ' (before)' : ''}`, sample);
}

async function smallFloor(bench: Bench, corpus: SmallCorpus): Promise<void> {
  const name = `small-${corpus.manifest.counts.files}`;
  const sample = await bench.floor(name, corpus.dir);
  checkFloor(`floor on ${corpus.label}`, sample, corpus.manifest.counts);
  bench.add(`b floor ${corpus.label}`, sample);
}

/** a, b and a0 (the build before) on the clean small-file corpus and on the one with problems. */
export async function smallPhase(bench: Bench): Promise<SmallCorpus[]> {
  const corpora = [smallCorpus(bench, false), smallCorpus(bench, true)];
  for (let rep = 0; rep < bench.options.reps; rep++) {
    const before = bench.options.beforeBin;
    for (const corpus of corpora) {
      await alternate([() => smallPlatlint(bench, corpus), () => smallFloor(bench, corpus), ...(before ? [() => smallPlatlint(bench, corpus, before)] : [])], rep);
    }
    log(`small files: repetition ${rep + 1}/${bench.options.reps} done`);
  }
  // A speed-up must not change a byte of the output: the reports of both builds, compared.
  if (bench.options.beforeBin) {
    for (const corpus of corpora) {
      const report = (suffix: string): Buffer => readFileSync(join(bench.options.out, 'reports', `platlint-${runName(corpus)}${suffix}.json`));
      const same = report('').equals(report('-before'));
      bench.checks[`platlint ${runName(corpus)}: the same JSON report as the build before`] = same;
      log(`small files: the JSON report on ${corpus.label} is ${same ? 'byte for byte' : 'NOT'} that of the build before`);
    }
  }
  return corpora;
}
