/** The benchmark's ratios and targets from its samples, and the tables it prints. */
import type { ReportCheck } from './checks.js';
import type { Bench } from './context.js';
import { log, median, ms, summarize, table, type Summary } from './measure.js';

export interface Results {
  summaries: Record<string, Summary>;
  ratios: Record<string, number>;
  targets: Record<string, boolean | null>;
}

export interface Counts {
  singleFiles: number;
  spectralFiles: number;
  smallFiles: number;
  /** Diagnostics of the small-file corpus with problems. */
  smallDiagnostics: number;
  realisticFiles: number;
}

export function computeResults(bench: Bench, counts: Counts): Results {
  const { samples } = bench;
  const summaries = Object.fromEntries(Object.entries(samples).map(([label, list]) => [label, summarize(list)]));
  const get = (label: string): Summary | undefined => summaries[label];
  const ratio = (x: string, y: string, key: 'wallMs' | 'cpuMs' | 'maxRssKb' = 'wallMs'): number => {
    const a = get(x);
    const b = get(y);
    return a && b ? a[key] / b[key] : NaN;
  };
  // Each a ran next to its b (and each d next to its baseline), under the same load: the median of those paired
  // ratios is steadier on a busy machine than the ratio of the medians. Both are shown; targets use the paired one.
  const paired = (x: string, y: string, key: 'wallMs' | 'cpuMs' = 'wallMs'): number => {
    const xs = samples[x] ?? [];
    const ys = samples[y] ?? [];
    return median(xs.slice(0, ys.length).map((sample, i) => sample[key] / (ys[i]?.[key] ?? NaN)));
  };
  /** CPU time per file that a spends beyond b, in ms. */
  const cpuPerFileBeyond = (x: string, y: string, files: number): number => ((get(x)?.cpuMs ?? NaN) - (get(y)?.cpuMs ?? NaN)) / files;
  /** The ratios of a small-file corpus (`small files`, `small files with problems`), named after it. */
  const smallRatios = (corpus: string, name: string): Record<string, number> => ({
    [`a/b ${name} (paired runs)`]: paired(`a platlint ${corpus}`, `b floor ${corpus}`),
    [`a/b ${name}, CPU time (paired runs)`]: paired(`a platlint ${corpus}`, `b floor ${corpus}`, 'cpuMs'),
    [`a/b ${name}, peak RSS (medians)`]: ratio(`a platlint ${corpus}`, `b floor ${corpus}`, 'maxRssKb'),
    [`${name}, CPU ms per file beyond the floor`]: cpuPerFileBeyond(`a platlint ${corpus}`, `b floor ${corpus}`, counts.smallFiles),
    [`a0/b ${name}, the build before (paired runs)`]: paired(`a0 platlint ${corpus} (before)`, `b floor ${corpus}`),
    [`a0/b ${name}, the build before, CPU time (paired runs)`]: paired(`a0 platlint ${corpus} (before)`, `b floor ${corpus}`, 'cpuMs'),
    [`a0/b ${name}, the build before, peak RSS (medians)`]: ratio(`a0 platlint ${corpus} (before)`, `b floor ${corpus}`, 'maxRssKb'),
    [`${name}, CPU ms per file beyond the floor, the build before`]: cpuPerFileBeyond(`a0 platlint ${corpus} (before)`, `b floor ${corpus}`, counts.smallFiles),
    [`a/a0 ${name}, this build against the one before (paired runs)`]: paired(`a platlint ${corpus}`, `a0 platlint ${corpus} (before)`),
    [`a/a0 ${name}, this build against the one before, CPU time (paired runs)`]: paired(`a platlint ${corpus}`, `a0 platlint ${corpus} (before)`, 'cpuMs'),
  });
  /** What a diagnostic costs: CPU beyond the floor on the corpus with problems, less that on the clean one, per diagnostic. */
  const cpuPerDiagnostic = (a: string, a0: string): number =>
    ((cpuPerFileBeyond(`${a} small files with problems${a0}`, 'b floor small files with problems', counts.smallFiles) - cpuPerFileBeyond(`${a} small files${a0}`, 'b floor small files', counts.smallFiles)) * counts.smallFiles) / counts.smallDiagnostics;
  const cPerFile = (get('c spectral subset')?.wallMs ?? NaN) / counts.spectralFiles;
  const aPerFile = (get('a platlint single')?.wallMs ?? NaN) / counts.singleFiles;
  const ratios: Record<string, number> = {
    'a/b realistic corpus (paired runs)': paired('a platlint realistic', 'b floor realistic'),
    'a/b realistic corpus (medians)': ratio('a platlint realistic', 'b floor realistic'),
    'a/b realistic corpus, CPU time (paired runs)': paired('a platlint realistic', 'b floor realistic', 'cpuMs'),
    'a/b2 realistic corpus, against the floor with the parser as platlint bundles it (paired runs)': paired('a platlint realistic', 'b2 floor realistic, the parser as platlint bundles it'),
    'b2/b the floor with the parser as platlint bundles it, against the floor (paired runs)': paired('b2 floor realistic, the parser as platlint bundles it', 'b floor realistic'),
    'a0/b realistic corpus, the build before (paired runs)': paired('a0 platlint realistic (before)', 'b floor realistic'),
    'a0/b realistic corpus, the build before, CPU time (paired runs)': paired('a0 platlint realistic (before)', 'b floor realistic', 'cpuMs'),
    'a/a0 realistic corpus, this build against the one before (paired runs)': paired('a platlint realistic', 'a0 platlint realistic (before)'),
    'a/b realistic corpus, peak RSS (medians)': ratio('a platlint realistic', 'b floor realistic', 'maxRssKb'),
    'realistic corpus, CPU ms per file beyond the floor': cpuPerFileBeyond('a platlint realistic', 'b floor realistic', counts.realisticFiles),
    'realistic corpus, CPU ms per file beyond the floor, the build before': cpuPerFileBeyond('a0 platlint realistic (before)', 'b floor realistic', counts.realisticFiles),
    ...smallRatios('small files', 'small-file corpus'),
    ...smallRatios('small files with problems', 'small-file corpus with problems'),
    'small-file corpus with problems, CPU ms per diagnostic (beyond the floor, less the clean corpus)': cpuPerDiagnostic('a platlint', ''),
    'small-file corpus with problems, CPU ms per diagnostic, the build before': cpuPerDiagnostic('a0 platlint', ' (before)'),
    'e/e0 realistic corpus with a 3,000-entry baseline, against no baseline (paired runs)': paired('e platlint realistic, with the baseline', 'e0 platlint realistic, no baseline'),
    'e/e0 realistic corpus with a 3,000-entry baseline, against no baseline, CPU time (paired runs)': paired('e platlint realistic, with the baseline', 'e0 platlint realistic, no baseline', 'cpuMs'),
    'v/v0 realistic corpus with 50 admission policies, against none (paired runs)': paired('v platlint realistic, 50 admission policies', 'v0 platlint realistic, no policies'),
    'v/v0 realistic corpus with 50 admission policies, against none, CPU time (paired runs)': paired('v platlint realistic, 50 admission policies', 'v0 platlint realistic, no policies', 'cpuMs'),
    'peak RSS, realistic 10,000 files / 1,000 files': ratio('a platlint realistic large (memory)', 'a platlint realistic small (memory)', 'maxRssKb'),
    'peak RSS, realistic 10,000 / 1,000 files, the build before': ratio('a0 platlint realistic large (memory, before)', 'a0 platlint realistic small (memory, before)', 'maxRssKb'),
    'peak RSS of the floor, realistic 10,000 / 1,000 files': ratio('b floor realistic large (memory)', 'b floor realistic small (memory)', 'maxRssKb'),
    'a/b single-document corpus (paired runs)': paired('a platlint single', 'b floor single'),
    'a/b single-document corpus (medians)': ratio('a platlint single', 'b floor single'),
    'a/b multi-document corpus (paired runs)': paired('a platlint multi', 'b floor multi'),
    'a/b multi-document corpus (medians)': ratio('a platlint multi', 'b floor multi'),
    'a/b single-document corpus, CPU time (paired runs)': paired('a platlint single', 'b floor single', 'cpuMs'),
    'c/a Spectral per file, subset, against platlint per file on the corpus': counts.spectralFiles ? cPerFile / aPerFile : NaN,
    'c/a Spectral against platlint on the same subset': counts.spectralFiles ? ratio('c spectral subset', 'a platlint subset') : NaN,
    'd/(node+yaml) cold start (paired runs)': paired('d platlint one file', "node -e import('yaml')"),
    'd/(node+yaml) cold start (medians)': ratio('d platlint one file', "node -e import('yaml')"),
    'd0/(node+yaml) cold start, the build before (paired runs)': paired('d0 platlint one file (before)', "node -e import('yaml')"),
    'd/(node+yaml) cold start, CPU time (medians)': ratio('d platlint one file', "node -e import('yaml')", 'cpuMs'),
    'peak RSS, 4x corpus / corpus': ratio('a platlint x4 (memory)', 'a platlint single', 'maxRssKb'),
    'peak RSS of the floor, 4x corpus / corpus': ratio('b floor x4 (memory)', 'b floor single', 'maxRssKb'),
  };
  const target = (value: number, ok: (v: number) => boolean): boolean | null => (Number.isNaN(value) ? null : ok(value));
  const targets = {
    'a/b <= 1.2 (realistic)': target(ratios['a/b realistic corpus (paired runs)'] as number, (v) => v <= 1.2),
    'a/b <= 1.2 (single)': target(ratios['a/b single-document corpus (paired runs)'] as number, (v) => v <= 1.2),
    'a/b <= 1.2 (multi)': target(ratios['a/b multi-document corpus (paired runs)'] as number, (v) => v <= 1.2),
    'a/b <= 1.2 (small files)': target(ratios['a/b small-file corpus (paired runs)'] as number, (v) => v <= 1.2),
    'a/b CPU <= 1.8 (small files)': target(ratios['a/b small-file corpus, CPU time (paired runs)'] as number, (v) => v <= 1.8),
    'a/b peak RSS <= 1.5 (small files)': target(ratios['a/b small-file corpus, peak RSS (medians)'] as number, (v) => v <= 1.5),
    'a/b <= 1.2 (small files with problems)': target(ratios['a/b small-file corpus with problems (paired runs)'] as number, (v) => v <= 1.2),
    'a/b CPU <= 1.8 (small files with problems)': target(ratios['a/b small-file corpus with problems, CPU time (paired runs)'] as number, (v) => v <= 1.8),
    'e/e0 <= 1.05 (a 3,000-entry baseline)': target(ratios['e/e0 realistic corpus with a 3,000-entry baseline, against no baseline (paired runs)'] as number, (v) => v <= 1.05),
    'v/v0 <= 1.5 (50 admission policies)': target(ratios['v/v0 realistic corpus with 50 admission policies, against none (paired runs)'] as number, (v) => v <= 1.5),
    'c/a >= 30': target(ratios['c/a Spectral per file, subset, against platlint per file on the corpus'] as number, (v) => v >= 30),
    'd <= 2.0': target(ratios['d/(node+yaml) cold start (paired runs)'] as number, (v) => v <= 2.0),
    'd <= 1.25 (issue 31)': target(ratios['d/(node+yaml) cold start (paired runs)'] as number, (v) => v <= 1.25),
    'memory flat (realistic: 10x the files within 1.25x the peak)': target(ratios['peak RSS, realistic 10,000 files / 1,000 files'] as number, (v) => v <= 1.25),
    'memory flat (4x corpus within 1.25x)': target(ratios['peak RSS, 4x corpus / corpus'] as number, (v) => v <= 1.25),
  };
  return { summaries, ratios, targets };
}

export function printResults(bench: Bench, results: Results, counts: { singleFiles: number; spectralFiles: number }): void {
  log();
  const rows: string[][] = [['measure', 'runs', 'median wall', 'min..max wall', 'median CPU', 'peak RSS']];
  for (const [label, summary] of Object.entries(results.summaries)) {
    rows.push([label, String(summary.n), ms(summary.wallMs), `${ms(summary.minWallMs)}..${ms(summary.maxWallMs)}`, ms(summary.cpuMs), `${(summary.maxRssKb / 1024).toFixed(0)} MB`]);
  }
  log(table(rows));
  log();
  const measured = Object.entries(results.ratios).filter(([, v]) => !Number.isNaN(v));
  log(table([['ratio', 'value'], ...measured.map(([k, v]) => [k, v.toFixed(2)])]));
  log();
  log(table([['target', 'met'], ...Object.entries(results.targets).map(([k, v]) => [k, v === null ? 'not measured' : v ? 'yes' : 'NO'])]));
  log();
  if (counts.spectralFiles) {
    log(`Spectral refuses multi-document YAML files, so it runs on the single-document corpus only: on the first ${counts.spectralFiles} files, scaled per file (c/a compares its time per file with platlint's on the whole ${counts.singleFiles}-file corpus).`);
  }
  log('a may use every core (worker threads); b is single-threaded by definition. CPU is user + system time of the whole process.');
  if (bench.options.smoke) log('Smoke run: the corpora are too small for these ratios to mean anything (start-up dominates); it checks that every part runs and reports right.');
  for (const [label, check] of Object.entries(bench.checks)) {
    const c = check as Partial<ReportCheck>;
    if (label.startsWith('platlint') && (c.unexpectedErrors || c.missedMistakes)) {
      log(`note: ${label}: ${c.unexpectedErrors ?? 0} files with unexpected errors, ${c.missedMistakes ?? 0} mistakes not reported (a rule changed, or the generator needs updating): ${(c.examples ?? []).join('; ')}`);
    }
  }
}
