/**
 * The benchmark (DESIGN.md, "Numbers it is held to"): platlint against the parse floor, Spectral and a bare Node
 * start, in one run, alternating and repeated, on generated corpora (corpus.ts, realistic-corpus.ts, small-corpus.ts).
 *
 *   npm run bench                      # the full benchmark, about half an hour on a 2-core machine
 *   npm run bench:smoke                # seconds: tiny corpora, one repetition, Spectral on 5 files (CI)
 *   node dist/test/bench/run.js --help  # every option (USAGE below)
 *
 * Measures, each as a child process (wall time from here; CPU time and peak RSS from inside the child):
 *   a  platlint on a corpus, JSON report to a file (`node dist/src/bin/launch.cjs DIR --format json -o FILE`)
 *   b  the floor: the same files read and parsed by the `yaml` package alone, single-threaded (floor.ts)
 *   c  Spectral with an equivalent ruleset (test/bench/spectral) on a subset of the single-document corpus
 *   d  platlint on one small file, against `node -e "import('yaml')"`
 * on the realistic corpus (made from the examples and fixtures: mostly Configs at real sizes, spec.raw, bundles),
 * on the small-file one (one object of 0.5 to 1.5 KB per file, as GitOps repositories mostly hold; `--only small`),
 * clean and with mistakes in every second file (what a problem costs), on the synthetic ones (uniform small Users,
 * the easy case); peak memory as the number of files grows; and the language server's latency (lsp-latency.ts).
 * Prints a table and writes everything to bench-out/results.json. Exit 1 when a run fails or its output is wrong;
 * missing a target is reported, not an error (absolute times vary between machines; the ratios are the result).
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { join, relative } from 'node:path';
import { readFileSync } from 'node:fs';
import { Bench, bin, parseOptions } from './context.js';
import { lspPhase } from './lsp-phase.js';
import { BenchError, installHook, log, ms, root, run } from './measure.js';
import { coldPhase, memoryPhase, realisticPhase, realisticPlatlint, smallFile, spectralPhase, syntheticPhase, syntheticPlatlint, type Corpus, type RealisticCorpus } from './phases.js';
import { formatSummary, summarizeProfiles, type ProfileSummary } from './profile.js';
import { computeResults, printResults, type Counts } from './results.js';
import { smallPhase, type SmallCorpus } from './small-phase.js';
import { baselinePhase } from './baseline-phase.js';
import { vapPhase } from './vap-phase.js';

function machine(): Record<string, unknown> {
  let cpuModel = cpus()[0]?.model ?? 'unknown';
  try {
    cpuModel = /^model name\s*:\s*(.*)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpuModel;
  } catch {
    // Not Linux: os.cpus() it is.
  }
  return { nproc: cpus().length, availableParallelism: availableParallelism(), cpuModel, node: process.version, platform: `${process.platform}-${process.arch}`, memoryMb: Math.round(totalmem() / 2 ** 20), loadavg: loadavg().map((l) => Number(l.toFixed(2))) };
}

/** Where platlint's time goes on each corpus and on one file (`--profile`). */
async function profiles(bench: Bench, corpora: { single?: Corpus; realistic?: RealisticCorpus; small?: readonly SmallCorpus[] }): Promise<Record<string, ProfileSummary>> {
  const out: Record<string, ProfileSummary> = {};
  const dirFor = (name: string): string => {
    const dir = join(bench.options.out, 'profiles', name);
    rmSync(dir, { recursive: true, force: true });
    return dir;
  };
  if (corpora.realistic) {
    const dir = dirFor('realistic');
    await realisticPlatlint(bench, 'profile realistic', corpora.realistic, { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
    out['realistic'] = summarizeProfiles(dir);
  }
  for (const corpus of corpora.small ?? []) {
    const name = corpus.manifest.spec.problems ? 'small-problems' : 'small';
    const dir = dirFor(name);
    await bench.platlint(`profile-${name}`, corpus.dir, { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`], code: corpus.manifest.counts.diagnostics > 0 ? 1 : 0 });
    out[name] = summarizeProfiles(dir);
  }
  if (corpora.single) {
    const dir = dirFor('single');
    await syntheticPlatlint(bench, 'single', corpora.single, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
    out['single'] = summarizeProfiles(dir);
  }
  const coldDir = dirFor('cold');
  await run([bin, smallFile(bench), '--format', 'json'], { out: bench.options.out, nodeArgs: ['--cpu-prof', '--cpu-prof-interval=100', `--cpu-prof-dir=${coldDir}`] });
  out['cold'] = summarizeProfiles(coldDir);
  for (const [name, summary] of Object.entries(out)) log(`profile ${name} (${relative(process.cwd(), join(bench.options.out, 'profiles', name))}): ${formatSummary(summary)}`);
  return out;
}

const USAGE = `usage: node dist/test/bench/run.js [--smoke] [--only PARTS] [--reps N] [--cold-reps N] [--spectral-files N]
                                [--spectral-reps N] [--no-spectral] [--no-memory] [--memory] [--profile]
                                [--before DIST] [--out DIR]
  PARTS    comma-separated: synthetic, realistic, small, baseline, vap, spectral, cold, memory, lsp (default: all)
  --before the dist directory of an earlier build, measured next to this one in the same run
  results  bench-out/results.json (results-smoke.json with --smoke), and a table on stdout
`;

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(USAGE);
    return 0;
  }
  const options = parseOptions(argv, process.cwd());
  if (!existsSync(bin)) throw new BenchError(`${bin} is missing: run npm run build first`);
  mkdirSync(join(options.out, 'tmp'), { recursive: true });
  mkdirSync(join(options.out, 'reports'), { recursive: true });
  installHook(join(options.out, 'tmp'));
  const started = new Date();
  const info = machine();
  log(`platlint benchmark${options.smoke ? ' (smoke)' : ''}: ${String(info['cpuModel'])}, ${String(info['nproc'])} cores, Node ${process.version}, load ${(info['loadavg'] as number[]).join(' ')}; parts: ${[...options.phases].join(', ')}`);

  const bench = new Bench(options);
  const corpora: { single?: Corpus; realistic?: RealisticCorpus } = {};
  let spectralFiles = 0;
  let small: SmallCorpus[] = [];
  let lsp: unknown;
  if (options.phases.has('realistic')) corpora.realistic = await realisticPhase(bench);
  if (options.phases.has('small')) small = await smallPhase(bench);
  if (options.phases.has('baseline')) await baselinePhase(bench);
  if (options.phases.has('vap')) await vapPhase(bench);
  if (options.phases.has('synthetic')) corpora.single = await syntheticPhase(bench);
  if (options.spectralFiles > 0) spectralFiles = await spectralPhase(bench);
  if (options.phases.has('cold')) await coldPhase(bench);
  if (options.phases.has('memory') && options.memory && corpora.single) await memoryPhase(bench);
  if (options.phases.has('lsp')) lsp = await lspPhase(bench);

  const problems = small.find((corpus) => corpus.manifest.spec.problems);
  const counts: Counts = {
    singleFiles: corpora.single?.manifest.counts.files ?? NaN,
    spectralFiles,
    smallFiles: problems?.manifest.counts.files ?? NaN,
    smallDiagnostics: problems?.manifest.counts.diagnostics ?? NaN,
    realisticFiles: corpora.realistic?.manifest.counts.files ?? NaN,
  };
  const computed = computeResults(bench, counts);
  printResults(bench, computed, counts);
  const results: Record<string, unknown> = {
    benchmark: 'platlint #16',
    mode: options.smoke ? 'smoke' : 'full',
    command: `node dist/test/bench/run.js ${process.argv.slice(2).join(' ')}`.trim(),
    started: started.toISOString(),
    seconds: Math.round((Date.now() - started.getTime()) / 1000),
    machine: { ...info, loadavgAtEnd: loadavg().map((l) => Number(l.toFixed(2))) },
    options: { ...options, phases: [...options.phases] },
    corpora: {
      ...(corpora.realistic ? { realistic: { dir: relative(root, corpora.realistic.dir), spec: corpora.realistic.manifest.spec, counts: corpora.realistic.manifest.counts } } : {}),
      ...Object.fromEntries(small.map((corpus) => [corpus.label, { dir: relative(root, corpus.dir), spec: corpus.manifest.spec, counts: corpus.manifest.counts }])),
      ...(corpora.single ? { single: { dir: relative(root, corpora.single.dir), spec: corpora.single.manifest.spec, counts: corpora.single.manifest.counts, hash: corpora.single.manifest.hash } } : {}),
    },
    summaries: computed.summaries,
    samples: Object.fromEntries(Object.entries(bench.samples).map(([label, list]) => [label, list.map(({ wallMs, cpuMs, maxRssKb }) => ({ wallMs: Math.round(wallMs), cpuMs: Math.round(cpuMs), maxRssKb }))])),
    ratios: computed.ratios,
    targets: computed.targets,
    ...(lsp ? { lsp } : {}),
    checks: bench.checks,
  };
  const resultsFile = join(options.out, options.smoke ? 'results-smoke.json' : 'results.json');
  writeFileSync(resultsFile, JSON.stringify(results, null, 2) + '\n');
  log(`results: ${relative(process.cwd(), resultsFile) || resultsFile} (${ms(Date.now() - started.getTime())})`);

  // After the results are written: a failure here loses no measurement.
  if (options.profile) {
    results['profiles'] = await profiles(bench, { ...corpora, small });
    writeFileSync(resultsFile, JSON.stringify(results, null, 2) + '\n');
  }
  for (const file of readdirSync(join(options.out, 'tmp'))) if (file.startsWith(`rusage-${process.pid}-`)) rmSync(join(options.out, 'tmp', file), { force: true });
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`bench: ${error instanceof BenchError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
