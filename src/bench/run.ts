/**
 * The benchmark (DESIGN.md, "Numbers it is held to"): platlint against the parse floor, Spectral and a bare Node
 * start, in one run, alternating and repeated, on a generated corpus (corpus.ts).
 *
 *   npm run bench                      # the full benchmark, a quarter of an hour on a 2-core machine
 *   npm run bench:smoke                # seconds: a tiny corpus, one repetition, Spectral on 5 files (CI)
 *   node dist/src/bench/run.js [--reps N] [--cold-reps N] [--spectral-files N] [--spectral-reps N] [--no-spectral]
 *                              [--no-memory] [--memory] [--profile] [--out DIR]
 *
 * Measures, each as a child process (wall time from here; CPU time and peak RSS from inside the child through a
 * `--require` hook that reads `process.resourceUsage()` at exit):
 *   a  platlint on the corpus, JSON report to a file (`node dist/src/cli/bin.js DIR --format json -o FILE`)
 *   b  the floor: the same files read and parsed by the `yaml` package alone, single-threaded (floor.ts)
 *   c  Spectral with an equivalent ruleset (src/bench/spectral) on a subset of the single-document corpus
 *   d  platlint on one small file, against `node -e "import('yaml')"`
 * and peak memory of platlint on the corpus against a corpus four times its size.
 * Prints a table and writes everything to bench-out/results.json. Exit 1 when a run fails or its output is wrong;
 * missing a target is reported, not an error (absolute times vary between machines; the ratios are the result).
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { exportSchema } from '../schema/index.js';
import { documentKind, ensureCorpus, generateDocument, isFlawed, type CorpusManifest, type CorpusSpec } from './corpus.js';
import { formatSummary, summarizeProfiles, type ProfileSummary } from './profile.js';

// ---------------------------------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------------------------------

interface Options {
  smoke: boolean;
  reps: number;
  coldReps: number;
  /** Files of the single-document corpus Spectral lints (0: skip Spectral). */
  spectralFiles: number;
  spectralReps: number;
  memory: boolean;
  profile: boolean;
  out: string;
}

const root = findRoot(dirname(fileURLToPath(import.meta.url)));

function findRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${start}`);
    dir = parent;
  }
  return dir;
}

function parseOptions(argv: readonly string[]): Options {
  const smoke = argv.includes('--smoke');
  const number = (flag: string, fallback: number): number => {
    const i = argv.indexOf(flag);
    if (i < 0) return fallback;
    const value = Number(argv[i + 1]);
    if (!Number.isInteger(value) || value < 0) throw new Error(`${flag} takes a whole number`);
    return value;
  };
  const outFlag = argv.indexOf('--out');
  const reps = number('--reps', smoke ? 1 : 5);
  return {
    smoke,
    reps: Math.max(1, reps),
    coldReps: Math.max(1, number('--cold-reps', smoke ? 3 : 21)),
    spectralFiles: argv.includes('--no-spectral') ? 0 : number('--spectral-files', smoke ? 5 : 1000),
    spectralReps: Math.max(1, number('--spectral-reps', smoke ? 1 : 3)),
    // The 4x corpus shows nothing in a smoke run but costs its time.
    memory: !argv.includes('--no-memory') && (!smoke || argv.includes('--memory')),
    profile: argv.includes('--profile'),
    out: outFlag >= 0 && argv[outFlag + 1] ? join(process.cwd(), argv[outFlag + 1] as string) : join(root, 'bench-out'),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Running and measuring a child process
// ---------------------------------------------------------------------------------------------------------------

interface Sample {
  wallMs: number;
  /** User + system CPU time of the whole child process (all its threads). */
  cpuMs: number;
  /** Peak resident set size of the child, in kB. */
  maxRssKb: number;
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Loaded into every measured Node process with --require: writes its resource usage at exit (main thread only). */
const RUSAGE_HOOK = `'use strict';
const file = process.env.PLATLINT_BENCH_RUSAGE;
if (file && require('node:worker_threads').isMainThread) {
  process.on('exit', () => {
    const u = process.resourceUsage();
    require('node:fs').writeFileSync(file, JSON.stringify({ maxRSS: u.maxRSS, user: u.userCPUTime, system: u.systemCPUTime }));
  });
}
`;

let hookPath = '';
let sampleCounter = 0;

function run(args: readonly string[], options: { cwd?: string; out: string; nodeArgs?: readonly string[] }): Promise<Sample> {
  const usageFile = join(options.out, 'tmp', `rusage-${process.pid}-${sampleCounter++}.json`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_OPTIONS: [process.env['NODE_OPTIONS'] ?? '', `--require ${JSON.stringify(hookPath)}`].join(' ').trim(),
    PLATLINT_BENCH_RUSAGE: usageFile,
    NO_COLOR: '1',
  };
  delete env['GITHUB_ACTIONS'];
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...args], { cwd: options.cwd ?? root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = performance.now() - start;
      let usage = { maxRSS: 0, user: 0, system: 0 };
      try {
        usage = JSON.parse(readFileSync(usageFile, 'utf8')) as typeof usage;
        rmSync(usageFile, { force: true });
      } catch {
        // A child that died without running its exit handlers: the wall time is still right.
      }
      resolve({ wallMs, cpuMs: (usage.user + usage.system) / 1000, maxRssKb: usage.maxRSS, code, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') });
    });
  });
}

class BenchError extends Error {}

function expectCode(label: string, sample: Sample, codes: readonly number[]): void {
  if (sample.code === null || !codes.includes(sample.code)) {
    throw new BenchError(`${label}: exit code ${String(sample.code)}, expected ${codes.join(' or ')}\n${sample.stderr.slice(0, 2000)}`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Statistics and the table
// ---------------------------------------------------------------------------------------------------------------

interface Summary {
  n: number;
  wallMs: number;
  cpuMs: number;
  maxRssKb: number;
  /** Fastest and slowest wall time, to show the noise. */
  minWallMs: number;
  maxWallMs: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? NaN : sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function summarize(samples: readonly Sample[]): Summary {
  const walls = samples.map((s) => s.wallMs);
  return {
    n: samples.length,
    wallMs: median(walls),
    cpuMs: median(samples.map((s) => s.cpuMs)),
    maxRssKb: median(samples.map((s) => s.maxRssKb)),
    minWallMs: Math.min(...walls),
    maxWallMs: Math.max(...walls),
  };
}

function ms(value: number): string {
  return value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(0)} ms`;
}

function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length))) ?? [];
  return rows.map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0))).join('  ')).join('\n');
}

function log(line = ''): void {
  process.stdout.write(line + '\n');
}

// ---------------------------------------------------------------------------------------------------------------
// Checks on the outputs: a benchmark of a run that does the wrong thing measures nothing
// ---------------------------------------------------------------------------------------------------------------

interface JsonReport {
  version: number;
  results: { file: string; diagnostics: { ruleId: string; severity: string }[] }[];
  summary: { files: number; documents: number; errors: number; warnings: number };
}

interface ReportCheck {
  files: number;
  documents: number;
  errors: number;
  warnings: number;
  filesWithErrors: number;
  /** Files with an error although generated without a mistake, and flawed files without one. */
  unexpectedErrors: number;
  missedMistakes: number;
  examples: string[];
}

function checkReport(label: string, reportFile: string, corpusDir: string, manifest: CorpusManifest): ReportCheck {
  let report: JsonReport;
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport;
  } catch (error) {
    throw new BenchError(`${label}: the JSON report ${reportFile} cannot be read: ${(error as Error).message}`);
  }
  if (report.summary.files !== manifest.counts.files || report.summary.documents !== manifest.counts.documents) {
    throw new BenchError(`${label}: the report covers ${report.summary.files} files and ${report.summary.documents} documents, the corpus has ${manifest.counts.files} and ${manifest.counts.documents}`);
  }
  const flawed = new Set(manifest.flawedFiles);
  const check: ReportCheck = { files: report.summary.files, documents: report.summary.documents, errors: report.summary.errors, warnings: report.summary.warnings, filesWithErrors: 0, unexpectedErrors: 0, missedMistakes: 0, examples: [] };
  for (const result of report.results) {
    const rel = relative(corpusDir, result.file).split('\\').join('/');
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length) check.filesWithErrors++;
    if (errors.length && !flawed.has(rel)) {
      check.unexpectedErrors++;
      if (check.examples.length < 5) check.examples.push(`${rel}: ${errors.map((d) => d.ruleId).join(', ')}`);
    }
    if (!errors.length && flawed.has(rel)) {
      check.missedMistakes++;
      if (check.examples.length < 5) check.examples.push(`${rel}: no error for its mistake`);
    }
  }
  return check;
}

function checkFloor(label: string, sample: Sample, manifest: CorpusManifest): void {
  let out: { files: number; documents: number };
  try {
    out = JSON.parse(sample.stdout) as { files: number; documents: number };
  } catch {
    throw new BenchError(`${label}: unexpected output ${sample.stdout.slice(0, 200)}`);
  }
  if (out.files !== manifest.counts.files || out.documents !== manifest.counts.documents) {
    throw new BenchError(`${label}: parsed ${out.files} files and ${out.documents} documents, the corpus has ${manifest.counts.files} and ${manifest.counts.documents}`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Spectral
// ---------------------------------------------------------------------------------------------------------------

/** The ruleset directory for Spectral: src/bench/spectral, with the schemas exported from src/schema inlined. */
function prepareSpectral(out: string): string {
  const dir = join(out, 'spectral');
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(root, 'src', 'bench', 'spectral'), dir, { recursive: true });
  const strip = (schema: Record<string, unknown>): Record<string, unknown> => {
    const { $schema: _schema, $id: _id, ...rest } = schema;
    return rest;
  };
  const byKind = (kind: 'User' | 'Config'): Record<string, unknown> => ({ type: 'object', required: ['kind'], properties: { kind: { const: kind } } });
  // One schema for both kinds, chosen by `kind`: the same JSON Schemas platlint validates with.
  const manifestSchema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    if: byKind('User'),
    then: strip(exportSchema('User') as Record<string, unknown>),
    else: { if: byKind('Config'), then: strip(exportSchema('Config') as Record<string, unknown>) },
  };
  writeFileSync(join(dir, 'manifest.schema.json'), JSON.stringify(manifestSchema, null, 1));
  // Spectral does not resolve $ref in function options: the reference in the ruleset is replaced by the schema.
  const ruleset = parseYaml(readFileSync(join(dir, 'ruleset.yaml'), 'utf8')) as unknown;
  const inline = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(inline);
    if (node === null || typeof node !== 'object') return node;
    const record = node as Record<string, unknown>;
    if (record['$ref'] === './manifest.schema.json') return manifestSchema;
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, inline(v)]));
  };
  writeFileSync(join(dir, 'ruleset.yaml'), stringifyYaml(inline(ruleset), { lineWidth: 0 }));
  return join(dir, 'ruleset.yaml');
}

function spectralCli(): string {
  const pkg = join(root, 'node_modules', '@stoplight', 'spectral-cli');
  const manifest = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { bin: string | Record<string, string> };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : (manifest.bin['spectral'] ?? Object.values(manifest.bin)[0] ?? '');
  return join(pkg, bin);
}

/** Files with at least one Spectral error, from its JSON output. */
function spectralFilesWithErrors(file: string): number {
  try {
    const results = JSON.parse(readFileSync(file, 'utf8')) as { source?: string; severity: number }[];
    return new Set(results.filter((r) => r.severity === 0).map((r) => r.source)).size;
  } catch {
    return NaN;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The benchmark
// ---------------------------------------------------------------------------------------------------------------

function corpusSpecs(smoke: boolean): { single: CorpusSpec; multi: CorpusSpec; x4: CorpusSpec } {
  const single = smoke ? 200 : 10_000;
  const multi = smoke ? 40 : 2_000;
  return {
    single: { files: single, docsPerFile: 1, seed: 1 },
    multi: { files: multi, docsPerFile: 5, seed: 2 },
    x4: { files: single * 4, docsPerFile: 1, seed: 1 },
  };
}

function machine(): Record<string, unknown> {
  let cpuModel = cpus()[0]?.model ?? 'unknown';
  try {
    cpuModel = /^model name\s*:\s*(.*)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpuModel;
  } catch {
    // Not Linux: os.cpus() it is.
  }
  return { nproc: cpus().length, availableParallelism: availableParallelism(), cpuModel, node: process.version, platform: `${process.platform}-${process.arch}`, memoryMb: Math.round(totalmem() / 2 ** 20), loadavg: loadavg().map((l) => Number(l.toFixed(2))) };
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const bin = join(root, 'dist', 'src', 'cli', 'bin.js');
  const floor = join(root, 'dist', 'src', 'bench', 'floor.js');
  if (!existsSync(bin)) throw new BenchError(`${bin} is missing: run npm run build first`);
  mkdirSync(join(options.out, 'tmp'), { recursive: true });
  mkdirSync(join(options.out, 'reports'), { recursive: true });
  hookPath = join(options.out, 'tmp', 'rusage-hook.cjs');
  writeFileSync(hookPath, RUSAGE_HOOK);
  const started = new Date();
  const info = machine();
  log(`platlint benchmark${options.smoke ? ' (smoke)' : ''}: ${String(info['cpuModel'])}, ${String(info['nproc'])} cores, Node ${process.version}, load ${(info['loadavg'] as number[]).join(' ')}`);

  // Corpora
  const specs = corpusSpecs(options.smoke);
  const corpusRoot = join(options.out, 'corpus', options.smoke ? 'smoke' : 'full');
  const corpora: Record<string, { dir: string; manifest: CorpusManifest }> = {};
  for (const [name, spec] of Object.entries(specs)) {
    if (name === 'x4' && !options.memory) continue;
    const dir = join(corpusRoot, name);
    const t = performance.now();
    const { manifest, generated } = ensureCorpus(dir, spec);
    const c = manifest.counts;
    log(`corpus ${name}: ${c.files} files, ${c.documents} documents (${c.users} Users, ${c.configs} Configs, ${c.flawedDocuments} with a mistake), ${(c.bytes / 2 ** 20).toFixed(1)} MB${generated ? `, generated in ${ms(performance.now() - t)}` : ' (cached)'}`);
    corpora[name] = { dir, manifest };
  }
  const single = corpora['single'];
  const multi = corpora['multi'];
  if (!single || !multi) throw new Error('corpora missing');

  const samples: Record<string, Sample[]> = {};
  const add = (label: string, sample: Sample): void => {
    (samples[label] ??= []).push(sample);
  };
  const checks: Record<string, unknown> = {};

  const platlint = async (name: string, corpus: { dir: string; manifest: CorpusManifest }, nodeArgs: readonly string[] = []): Promise<Sample> => {
    const report = join(options.out, 'reports', `platlint-${name}.json`);
    const sample = await run([bin, corpus.dir, '--format', 'json', '-o', report], { out: options.out, nodeArgs });
    // Exit code 1: the corpus has mistakes, by design.
    expectCode(`platlint on ${name}`, sample, [1]);
    checks[`platlint ${name}`] = checkReport(`platlint on ${name}`, report, corpus.dir, corpus.manifest);
    return sample;
  };
  const parseFloor = async (name: string, corpus: { dir: string; manifest: CorpusManifest }): Promise<Sample> => {
    const sample = await run([floor, corpus.dir], { out: options.out });
    expectCode(`floor on ${name}`, sample, [0]);
    checkFloor(`floor on ${name}`, sample, corpus.manifest);
    return sample;
  };

  // a and b: throughput, alternating (a b, then b a) so that a drift in the machine's load hits both alike.
  for (let rep = 0; rep < options.reps; rep++) {
    for (const [name, corpus] of [['single', single], ['multi', multi]] as const) {
      const order = rep % 2 === 0 ? ['a', 'b'] : ['b', 'a'];
      for (const which of order) {
        if (which === 'a') add(`a platlint ${name}`, await platlint(name, corpus));
        else add(`b floor ${name}`, await parseFloor(name, corpus));
      }
    }
    log(`throughput: repetition ${rep + 1}/${options.reps} done`);
  }

  // c: Spectral on a subset of the single-document corpus (it refuses multi-document files), against platlint
  // on the same subset.
  let spectralFiles = 0;
  if (options.spectralFiles > 0) {
    const ruleset = prepareSpectral(options.out);
    const cli = spectralCli();
    const subset = join(options.out, 'corpus', `spectral-subset-${options.smoke ? 'smoke' : 'full'}`);
    const { manifest: subsetManifest } = ensureCorpus(subset, { ...specs.single, files: Math.min(options.spectralFiles, specs.single.files) });
    spectralFiles = subsetManifest.counts.files;
    for (let rep = 0; rep < options.spectralReps; rep++) {
      const output = join(options.out, 'reports', 'spectral-subset.json');
      const sample = await run([cli, 'lint', join(subset, '**', '*.yaml'), '--ruleset', ruleset, '--format', 'json', '--output', output, '--quiet'], { out: options.out });
      expectCode('spectral', sample, [0, 1]);
      add('c spectral subset', sample);
      checks['spectral subset'] = { files: spectralFiles, filesWithErrors: spectralFilesWithErrors(output), flawedFiles: subsetManifest.counts.flawedFiles };
      add('a platlint subset', await platlint('spectral-subset', { dir: subset, manifest: subsetManifest }));
    }
    log(`spectral: ${options.spectralReps} repetition(s) on ${spectralFiles} files done`);
  }

  // d: cold start on one small file, against a bare Node start that imports yaml.
  const smallDir = join(options.out, 'corpus', 'small');
  mkdirSync(smallDir, { recursive: true });
  const small = join(smallDir, 'user.yaml');
  let clean = 0;
  while (documentKind(clean) !== 'User' || isFlawed(clean)) clean++;
  writeFileSync(small, generateDocument(clean, 1).text);
  for (let rep = 0; rep < options.coldReps; rep++) {
    const order = rep % 2 === 0 ? ['pl', 'yaml', 'node'] : ['node', 'yaml', 'pl'];
    for (const which of order) {
      if (which === 'pl') {
        const sample = await run([bin, small, '--format', 'json'], { out: options.out });
        expectCode('platlint on one file', sample, [0]);
        add('d platlint one file', sample);
      } else if (which === 'yaml') {
        const sample = await run(['-e', "import('yaml')"], { out: options.out });
        expectCode("node -e import('yaml')", sample, [0]);
        add("node -e import('yaml')", sample);
      } else {
        const sample = await run(['-e', '0'], { out: options.out });
        expectCode('node -e 0', sample, [0]);
        add('node -e 0 (for reference)', sample);
      }
    }
  }
  log(`cold start: ${options.coldReps} repetitions done`);

  // Memory: the corpus against a corpus four times its size.
  const x4 = corpora['x4'];
  if (x4) {
    for (let rep = 0; rep < (options.smoke ? 1 : 2); rep++) add('a platlint x4 (memory)', await platlint('x4', x4));
    // For comparison: the floor holds nothing from one file to the next, yet its peak grows too (V8 sizes its heap
    // by the allocation rate and lets garbage accumulate up to that size).
    add('b floor x4 (memory)', await parseFloor('x4', x4));
    log('memory: done');
  }

  // Results
  const s = Object.fromEntries(Object.entries(samples).map(([label, list]) => [label, summarize(list)]));
  const get = (label: string): Summary | undefined => s[label];
  const ratio = (x: Summary | undefined, y: Summary | undefined, key: 'wallMs' | 'cpuMs' | 'maxRssKb' = 'wallMs'): number => (x && y ? x[key] / y[key] : NaN);
  const aSingle = get('a platlint single');
  const cPerFile = (get('c spectral subset')?.wallMs ?? NaN) / spectralFiles;
  const aPerFile = (aSingle?.wallMs ?? NaN) / single.manifest.counts.files;
  // Each a ran next to its b (and each d next to its baseline), under the same load: the median of those paired
  // ratios is steadier on a busy machine than the ratio of the medians. Both are shown; targets use the paired one.
  const paired = (x: string, y: string, key: 'wallMs' | 'cpuMs' = 'wallMs'): number => {
    const xs = samples[x] ?? [];
    const ys = samples[y] ?? [];
    return median(xs.slice(0, ys.length).map((sample, i) => sample[key] / (ys[i]?.[key] ?? NaN)));
  };
  const ratios = {
    'a/b single-document corpus (paired runs)': paired('a platlint single', 'b floor single'),
    'a/b single-document corpus (medians)': ratio(aSingle, get('b floor single')),
    'a/b multi-document corpus (paired runs)': paired('a platlint multi', 'b floor multi'),
    'a/b multi-document corpus (medians)': ratio(get('a platlint multi'), get('b floor multi')),
    'a/b single-document corpus, CPU time (paired runs)': paired('a platlint single', 'b floor single', 'cpuMs'),
    'c/a Spectral per file, subset, against platlint per file on the corpus': spectralFiles ? cPerFile / aPerFile : NaN,
    'c/a Spectral against platlint on the same subset': spectralFiles ? ratio(get('c spectral subset'), get('a platlint subset')) : NaN,
    'd/(node+yaml) cold start (paired runs)': paired('d platlint one file', "node -e import('yaml')"),
    'd/(node+yaml) cold start (medians)': ratio(get('d platlint one file'), get("node -e import('yaml')")),
    'd/(node+yaml) cold start, CPU time (medians)': ratio(get('d platlint one file'), get("node -e import('yaml')"), 'cpuMs'),
    'peak RSS, 4x corpus / corpus': ratio(get('a platlint x4 (memory)'), aSingle, 'maxRssKb'),
    'peak RSS of the floor, 4x corpus / corpus': ratio(get('b floor x4 (memory)'), get('b floor single'), 'maxRssKb'),
  };
  const targets = {
    'a/b <= 1.2 (single)': ratios['a/b single-document corpus (paired runs)'] <= 1.2,
    'a/b <= 1.2 (multi)': ratios['a/b multi-document corpus (paired runs)'] <= 1.2,
    'c/a >= 30': spectralFiles ? ratios['c/a Spectral per file, subset, against platlint per file on the corpus'] >= 30 : null,
    'd <= 2.0': ratios['d/(node+yaml) cold start (paired runs)'] <= 2.0,
    'memory flat (4x corpus within 1.25x)': x4 ? ratios['peak RSS, 4x corpus / corpus'] <= 1.25 : null,
  };

  log();
  const rows: string[][] = [['measure', 'runs', 'median wall', 'min..max wall', 'median CPU', 'peak RSS']];
  for (const [label, summary] of Object.entries(s)) {
    rows.push([label, String(summary.n), ms(summary.wallMs), `${ms(summary.minWallMs)}..${ms(summary.maxWallMs)}`, ms(summary.cpuMs), `${(summary.maxRssKb / 1024).toFixed(0)} MB`]);
  }
  log(table(rows));
  log();
  log(table([['ratio', 'value'], ...Object.entries(ratios).map(([k, v]) => [k, Number.isNaN(v) ? 'n/a' : v.toFixed(2)])]));
  log();
  log(table([['target', 'met'], ...Object.entries(targets).map(([k, v]) => [k, v === null ? 'skipped' : v ? 'yes' : 'NO'])]));
  log();
  log(`Spectral refuses multi-document YAML files, so it runs on the single-document corpus only${spectralFiles ? `: on the first ${spectralFiles} files, scaled per file (c/a compares its time per file with platlint's on the whole ${single.manifest.counts.files}-file corpus)` : ' (skipped here)'}.`);
  log('a may use every core (worker threads); b is single-threaded by definition. CPU is user + system time of the whole process.');
  if (options.smoke) log('Smoke run: the corpus is too small for these ratios to mean anything (start-up dominates); it checks that every part runs and reports right.');
  for (const [label, check] of Object.entries(checks)) {
    const c = check as Partial<ReportCheck> & { filesWithErrors?: number; flawedFiles?: number };
    if (label.startsWith('platlint') && (c.unexpectedErrors || c.missedMistakes)) {
      log(`note: ${label}: ${c.unexpectedErrors ?? 0} files with unexpected errors, ${c.missedMistakes ?? 0} mistakes not reported (a rule changed, or the generator needs updating): ${(c.examples ?? []).join('; ')}`);
    }
  }

  const results = {
    benchmark: 'platlint #7',
    mode: options.smoke ? 'smoke' : 'full',
    command: `node dist/src/bench/run.js ${process.argv.slice(2).join(' ')}`.trim(),
    started: started.toISOString(),
    seconds: Math.round((Date.now() - started.getTime()) / 1000),
    machine: { ...info, loadavgAtEnd: loadavg().map((l) => Number(l.toFixed(2))) },
    options,
    corpora: Object.fromEntries(Object.entries(corpora).map(([name, c]) => [name, { dir: relative(root, c.dir), spec: c.manifest.spec, counts: c.manifest.counts, hash: c.manifest.hash }])),
    summaries: s,
    samples: Object.fromEntries(Object.entries(samples).map(([label, list]) => [label, list.map(({ wallMs, cpuMs, maxRssKb }) => ({ wallMs: Math.round(wallMs), cpuMs: Math.round(cpuMs), maxRssKb }))])),
    ratios,
    targets,
    checks,
  } as Record<string, unknown>;
  const resultsFile = join(options.out, options.smoke ? 'results-smoke.json' : 'results.json');
  writeFileSync(resultsFile, JSON.stringify(results, null, 2) + '\n');
  log(`results: ${relative(process.cwd(), resultsFile) || resultsFile}`);

  // Profiles, on request: where platlint's time goes on each corpus and on one file.
  // (After the results are written: a failure here loses no measurement.)
  if (options.profile) {
    const profiles: Record<string, ProfileSummary> = {};
    for (const [name, corpus] of [['single', single], ['multi', multi]] as const) {
      const dir = join(options.out, 'profiles', name);
      rmSync(dir, { recursive: true, force: true });
      await platlint(name, corpus, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
      profiles[name] = summarizeProfiles(dir);
    }
    const coldDir = join(options.out, 'profiles', 'cold');
    rmSync(coldDir, { recursive: true, force: true });
    await run([bin, small, '--format', 'json'], { out: options.out, nodeArgs: ['--cpu-prof', '--cpu-prof-interval=100', `--cpu-prof-dir=${coldDir}`] });
    profiles['cold'] = summarizeProfiles(coldDir);
    for (const [name, summary] of Object.entries(profiles)) log(`profile ${name} (${relative(process.cwd(), join(options.out, 'profiles', name))}): ${formatSummary(summary)}`);
    results['profiles'] = profiles;
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
