/** What every part of the benchmark shares: its options, the samples taken so far and the checks of their outputs. */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BenchError, expectCode, root, run, type Sample } from './measure.js';

export const PHASES = ['synthetic', 'realistic', 'small', 'baseline', 'vap', 'spectral', 'cold', 'memory', 'lsp'] as const;
export type Phase = (typeof PHASES)[number];

export interface Options {
  smoke: boolean;
  reps: number;
  coldReps: number;
  /** Files of the single-document corpus Spectral lints (0: skip Spectral). */
  spectralFiles: number;
  spectralReps: number;
  /** Parts of the benchmark to run (`--only`); the memory parts also need `memory`. */
  phases: ReadonlySet<Phase>;
  memory: boolean;
  profile: boolean;
  out: string;
  /** `--before DIR`: the CLI of an earlier build (its dist directory), measured next to this one in the same run. */
  beforeBin: string | undefined;
}

const FLAGS = ['--smoke', '--no-spectral', '--no-memory', '--memory', '--profile'];
const FLAGS_WITH_VALUE = ['--only', '--reps', '--cold-reps', '--spectral-files', '--spectral-reps', '--before', '--out'];

export function parseOptions(argv: readonly string[], cwd: string): Options {
  // A mistyped flag would otherwise start half an hour of measuring the wrong thing.
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (FLAGS_WITH_VALUE.includes(arg)) i++;
    else if (!FLAGS.includes(arg)) throw new BenchError(`unknown option ${arg} (see --help)`);
  }
  const smoke = argv.includes('--smoke');
  const number = (flag: string, fallback: number): number => {
    const i = argv.indexOf(flag);
    if (i < 0) return fallback;
    const value = Number(argv[i + 1]);
    if (!Number.isInteger(value) || value < 0) throw new BenchError(`${flag} takes a whole number`);
    return value;
  };
  const outFlag = argv.indexOf('--out');
  const onlyFlag = argv.indexOf('--only');
  const beforeFlag = argv.indexOf('--before');
  const only = onlyFlag >= 0 ? (argv[onlyFlag + 1] ?? '').split(',').filter(Boolean) : [...PHASES];
  const unknown = only.filter((p) => !(PHASES as readonly string[]).includes(p));
  if (unknown.length || only.length === 0) throw new BenchError(`--only takes a comma-separated list of ${PHASES.join(', ')}`);
  const phases = new Set(only as Phase[]);
  if (argv.includes('--no-spectral')) phases.delete('spectral');
  return {
    smoke,
    reps: Math.max(1, number('--reps', smoke ? 1 : 5)),
    coldReps: Math.max(1, number('--cold-reps', smoke ? 3 : 21)),
    spectralFiles: phases.has('spectral') ? number('--spectral-files', smoke ? 5 : 1000) : 0,
    spectralReps: Math.max(1, number('--spectral-reps', smoke ? 1 : 3)),
    phases,
    // The large corpora show nothing in a smoke run but cost their time.
    memory: !argv.includes('--no-memory') && (!smoke || argv.includes('--memory')),
    profile: argv.includes('--profile'),
    out: outFlag >= 0 && argv[outFlag + 1] ? resolve(cwd, argv[outFlag + 1] as string) : join(root, 'bench-out'),
    beforeBin: beforeFlag >= 0 && argv[beforeFlag + 1] ? binOf(resolve(cwd, argv[beforeFlag + 1] as string, '..')) : undefined,
  };
}

/** The `platlint` command of a checkout (its package.json `bin`), which its dist/ holds once built. */
export function binOf(checkout: string): string {
  return join(checkout, (JSON.parse(readFileSync(join(checkout, 'package.json'), 'utf8')) as { bin: { platlint: string } }).bin.platlint);
}

export const bin = binOf(root);
export const floorScript = join(root, 'dist', 'test', 'bench', 'floor.js');

/** How one platlint run of a part differs from the default: Node flags, the build before, the exit code, CLI flags. */
export interface PlatlintRun {
  nodeArgs?: readonly string[];
  cli?: string;
  code?: number;
  flags?: readonly string[];
}

export class Bench {
  readonly samples: Record<string, Sample[]> = {};
  readonly checks: Record<string, unknown> = {};

  constructor(readonly options: Options) {}

  add(label: string, sample: Sample): void {
    (this.samples[label] ??= []).push(sample);
  }

  /**
   * platlint (this build's, or `cli`) on `dir` with a JSON report to a file, with Node's `nodeArgs` and platlint's
   * `flags`; it must exit with `code`: 1 where the corpus has mistakes, else 0.
   */
  async platlint(name: string, dir: string, { nodeArgs = [], cli = bin, code = 1, flags = [] }: PlatlintRun = {}): Promise<{ sample: Sample; report: string }> {
    const report = join(this.options.out, 'reports', `platlint-${name}${cli === bin ? '' : '-before'}.json`);
    const sample = await run([cli, dir, ...flags, '--format', 'json', '-o', report], { out: this.options.out, nodeArgs });
    expectCode(`platlint on ${name}`, sample, [code]);
    return { sample, report };
  }

  async floor(name: string, dir: string, script = floorScript): Promise<Sample> {
    const sample = await run([script, dir], { out: this.options.out });
    expectCode(`floor on ${name}`, sample, [0]);
    return sample;
  }
}
