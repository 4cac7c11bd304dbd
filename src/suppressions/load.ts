import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ConfigError, type ConfigFile } from '../settings-file/load.js';
import { BASELINE_FILE_NAME, messageHash, parseBaseline, type Baseline } from './baseline.js';
import { Suppressions } from './suppressions.js';
import { readRegularFile, SIZE_LIMITS } from '../project/read-file.js';

export interface SuppressionSources {
  cwd: string;
  configFile: ConfigFile | undefined;
  /** `--baseline FILE`, `--no-baseline` (false), or undefined: the default file, when it exists. */
  baseline: string | false | undefined;
  /** `YYYY-MM-DD`. */
  today: string;
  /** False leaves the baseline out (`platlint baseline` without `--prune` judges every problem afresh). */
  applyBaseline?: boolean;
  /** An editor's unsaved buffer of a file, when it has one. */
  readFile?: ((absolute: string) => Uint8Array | undefined) | undefined;
}

/** `.platlint-baseline.json` beside the configuration file, else in the working directory; or `--baseline FILE`. */
export function baselinePathOf(sources: Pick<SuppressionSources, 'cwd' | 'configFile' | 'baseline'>): string | undefined {
  if (sources.baseline === false) return undefined;
  if (sources.baseline !== undefined) return resolve(sources.cwd, sources.baseline);
  return join(sources.configFile ? dirname(sources.configFile.path) : sources.cwd, BASELINE_FILE_NAME);
}

/** The baseline at its path: a named one must exist; the default one is optional. */
export function readBaseline(path: string, named: boolean, readFile?: SuppressionSources['readFile']): Baseline | undefined {
  const buffer = readFile?.(path);
  if (buffer) return parseBaseline(path, Buffer.from(buffer).toString('utf8'));
  if (!named && !existsSync(path)) return undefined;
  const read = readRegularFile(path, SIZE_LIMITS.baseline);
  if ('reason' in read) throw new ConfigError(`cannot read baseline ${path}: ${read.reason}`);
  return parseBaseline(path, read.bytes.toString('utf8'));
}

/** A run's suppressions: its baseline and the configuration file's exceptions. */
export function loadSuppressions(sources: SuppressionSources): Suppressions {
  const path = sources.applyBaseline === false ? undefined : baselinePathOf(sources);
  const baseline = path === undefined ? undefined : readBaseline(path, typeof sources.baseline === 'string', sources.readFile);
  return Suppressions.of(sources, { baseline, messageHash });
}
