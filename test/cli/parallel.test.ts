import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCorpus } from '../../src/bench/corpus.js';
import { PARALLEL_MIN_FILES } from '../../src/cli/parallel.js';
import { BIN, runCli } from '../helpers/cli.js';

// More files than PARALLEL_MIN_FILES: the built CLI lints them on worker threads. `--cache` keeps a run on the
// main thread alone, which gives the reference report.
const FILES = 2 * PARALLEL_MIN_FILES + 20;

describe('linting many files on worker threads', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'platlint-parallel-'));
    ensureCorpus(join(dir, 'corpus'), { files: FILES, docsPerFile: 1, seed: 5 });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const serial = (args: string[], name: string): ReturnType<typeof runCli> => runCli([...args, '--cache', '--cache-location', join(dir, `${name}.cache`)], { cwd: dir });

  it('reports exactly what a single-threaded run reports, in the same order', () => {
    const parallel = runCli(['corpus', '--format', 'json', '-o', 'parallel.json', '--format', 'stylish'], { cwd: dir });
    const reference = serial(['corpus', '--format', 'json', '-o', 'serial.json', '--format', 'stylish'], 'a');
    expect(parallel.status).toBe(1);
    expect(reference.status).toBe(1);
    expect(parallel.stdout).toBe(reference.stdout);
    expect(readFileSync(join(dir, 'parallel.json'), 'utf8')).toBe(readFileSync(join(dir, 'serial.json'), 'utf8'));
  });

  it('applies --rule and --quiet in every thread', () => {
    const args = ['corpus', '--quiet', '--rule', 'schema/*=off', '--format', 'json'];
    const parallel = runCli(args, { cwd: dir });
    expect(parallel.stdout).toBe(serial(args, 'b').stdout);
    expect(parallel.stdout).not.toContain('schema/');
    expect(parallel.stdout).not.toContain('"warning"');
  });

  it('reports an unreadable file and lints the others', () => {
    const unreadable = join(dir, 'corpus', 'd0001', 'manifest-000150.yaml');
    chmodSync(unreadable, 0o000);
    try {
      const probe = runCli(['corpus/d0001/manifest-000150.yaml'], { cwd: dir });
      // Running as root, nothing is unreadable: nothing to test then.
      if (probe.status !== 2) return;
      const parallel = runCli(['corpus', '--format', 'json'], { cwd: dir });
      expect(parallel.status).toBe(2);
      expect(parallel.stderr).toContain('cannot read corpus/d0001/manifest-000150.yaml: EACCES');
      expect((JSON.parse(parallel.stdout) as { summary: { files: number } }).summary.files).toBe(FILES);
    } finally {
      chmodSync(unreadable, 0o644);
    }
  });

  it('counts files done on worker threads in the progress display of a terminal', () => {
    // script(1) gives the CLI a pseudo-terminal; outside CI, stderr on a terminal shows the progress.
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'CI' && key !== 'GITHUB_ACTIONS')) as Record<string, string>;
    const run = spawnSync('script', ['-qec', `'${process.execPath}' '${BIN}' corpus --format json -o pty.json`, '/dev/null'], { cwd: dir, env: { ...env, TERM: 'xterm' }, encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`platlint: linting ${FILES}/${FILES} files`);
    expect(run.stdout.endsWith('\r\u001b[K')).toBe(true);
  });

  it('honours ignore globs of the config file', () => {
    writeFileSync(join(dir, '.platlint.yaml'), 'ignore: ["corpus/d0000/**"]\n');
    try {
      const parallel = runCli(['corpus', '--format', 'json'], { cwd: dir });
      expect((JSON.parse(parallel.stdout) as { summary: { files: number } }).summary.files).toBe(FILES - 100);
      expect(parallel.stdout).toBe(serial(['corpus', '--format', 'json'], 'c').stdout);
    } finally {
      rmSync(join(dir, '.platlint.yaml'));
    }
  });
});
