/**
 * What a baseline costs: platlint on the realistic corpus with a 3,000-entry baseline (e) against the same run with
 * `--no-baseline` (e0), alternating. The baseline is written by `platlint baseline` on the corpus itself and thinned
 * to 3,000 entries spread over it, so that the run looks every diagnostic up and suppresses about a third of them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bin, type Bench } from './context.js';
import { BenchError, expectCode, log, run } from './measure.js';
import { alternate, platlintWith, realisticCorpus } from './phases.js';

const ENTRIES = 3_000;

/** Writes the corpus's baseline and keeps ENTRIES of its entries, evenly spread; returns the file. */
async function writeBaseline(bench: Bench, dir: string, entries: number): Promise<string> {
  const full = join(bench.options.out, 'baseline-full.json');
  const written = await run([bin, 'baseline', dir, '--baseline', full], { out: bench.options.out });
  expectCode('platlint baseline on the realistic corpus', written, [0]);
  const baseline = JSON.parse(readFileSync(full, 'utf8')) as { version: number; entries: unknown[] };
  if (baseline.entries.length < entries) throw new BenchError(`the realistic corpus has ${baseline.entries.length} problems, fewer than the ${entries} the baseline needs`);
  const step = baseline.entries.length / entries;
  const kept = Array.from({ length: entries }, (_, i) => baseline.entries[Math.floor(i * step)]);
  const file = join(bench.options.out, `baseline-${entries}.json`);
  // The layout platlint writes, one entry a line, so that the file reads as users' baselines do.
  writeFileSync(file, `{\n  "version": ${baseline.version},\n  "entries": [\n${kept.map((e) => `    ${JSON.stringify(e)}`).join(',\n')}\n  ]\n}\n`);
  return file;
}

export async function baselinePhase(bench: Bench): Promise<void> {
  const corpus = realisticCorpus(bench, bench.options.smoke ? 100 : 3_000);
  const entries = bench.options.smoke ? 100 : ENTRIES;
  const baseline = await writeBaseline(bench, corpus.dir, entries);
  const lint = async (label: string, flags: readonly string[]): Promise<void> => void (await platlintWith(bench, corpus.dir, label, flags));
  for (let rep = 0; rep < bench.options.reps; rep++) {
    await alternate([
      () => lint('e platlint realistic, with the baseline', ['--baseline', baseline]),
      () => lint('e0 platlint realistic, no baseline', ['--no-baseline']),
    ], rep);
    log(`baseline (${entries} entries): repetition ${rep + 1}/${bench.options.reps} done`);
  }
}
