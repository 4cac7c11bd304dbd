/**
 * The small-file part of the benchmark (issue 31): platlint against the parse floor on 3,000 files of one small
 * object each (small-corpus.ts), alternating, and the build before (`--before`) beside them. Every file lints
 * clean, so the report must cover the corpus without a finding.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { checkFloor, readCoveringReport } from './checks.js';
import { bin, type Bench } from './context.js';
import { BenchError, log, ms, root } from './measure.js';
import { alternate, corpusRoot } from './phases.js';
import { ensureSmallCorpus, type SmallManifest } from './small-corpus.js';

function smallSize(smoke: boolean): number {
  return smoke ? 100 : 3_000;
}

async function smallPlatlint(bench: Bench, label: string, dir: string, manifest: SmallManifest, cli = bin): Promise<void> {
  const name = `small-${manifest.counts.files}`;
  const { sample, report } = await bench.platlint(name, dir, [], cli, 0);
  const read = readCoveringReport(`platlint on ${name}`, report, manifest.counts);
  const findings = read.results.reduce((sum, result) => sum + result.diagnostics.length, 0);
  if (findings) throw new BenchError(`platlint on ${name}: ${findings} findings on a corpus made to lint clean`);
  bench.add(label, sample);
}

/** a, b and a0 (the build before) on the small-file corpus; returns its number of files. */
export async function smallPhase(bench: Bench): Promise<number> {
  const dir = join(corpusRoot(bench), 'small-files');
  const t = performance.now();
  const { manifest, generated } = ensureSmallCorpus(dir, join(root, 'fixtures'), { files: smallSize(bench.options.smoke), seed: 1 });
  const c = manifest.counts;
  log(`corpus small-files: ${c.files} files of one object (${c.users} Users, ${c.configs} Configs), ${c.minBytes} to ${c.maxBytes} bytes, ${(c.bytes / c.files / 1024).toFixed(2)} KB a file${generated ? `, generated in ${ms(performance.now() - t)}` : ' (cached)'}`);
  for (let rep = 0; rep < bench.options.reps; rep++) {
    const before = bench.options.beforeBin;
    await alternate([
      () => smallPlatlint(bench, 'a platlint small files', dir, manifest),
      async () => {
        const sample = await bench.floor(`small-${c.files}`, dir);
        checkFloor(`floor on small-${c.files}`, sample, c);
        bench.add('b floor small files', sample);
      },
      ...(before ? [() => smallPlatlint(bench, 'a0 platlint small files (before)', dir, manifest, before)] : []),
    ], rep);
    log(`small files: repetition ${rep + 1}/${bench.options.reps} done`);
  }
  return c.files;
}
