import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCorpus } from '../bench/corpus.js';
import { resolveInputs } from '../../src/project/files.js';
import type { CliIo } from '../../src/cli/io.js';
import { exitCodeOf } from '../../src/cli/lint-command.js';
import { createFileLinter } from '../../src/cli/parallel.js';
import { ReportOutputs } from '../../src/cli/report-output.js';
import type { FileResult } from '../../src/engine/types.js';
import { createGithubWriter, formatGithub } from '../../src/formatters/github.js';
import { createJsonWriter, formatJson } from '../../src/formatters/json.js';
import { createStylishWriter, formatStylish } from '../../src/formatters/stylish.js';
import { emptySummary, type FormatContext } from '../../src/formatters/summary.js';
import { runCli } from '../helpers/cli.js';

// Linted on worker threads (--threads 2), into a JSON report several times the 64 kB the CLI writes at a time.
const FILES = 1500;

function fakeIo(cwd: string): CliIo & { outs: string[]; errors: string[] } {
  const outs: string[] = [];
  const errors: string[] = [];
  return { cwd, color: false, outs, errors, out: (text) => outs.push(text), error: (line) => errors.push(line), readStdin: async () => ({ bytes: new Uint8Array() }) };
}

describe('streamed reports of a multi-file run', () => {
  let dir = '';
  let corpus = '';
  /** What the whole-report formatters make of the same files, linted one by one with the same settings. */
  let expected: FileResult[] = [];
  let context: FormatContext;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'platlint-stream-'));
    corpus = join(dir, 'corpus');
    ensureCorpus(corpus, { files: FILES, docsPerFile: 1, seed: 7 });
    const files = resolveInputs([corpus], dir, { isIgnored: () => false }).files;
    const lint = await createFileLinter({ cwd: dir, configPath: undefined, policyPaths: [], ruleFlags: [], withFrames: true, baseline: false, today: '2026-11-24' });
    expected = files.map(lint);
    expect(expected).toHaveLength(FILES);
    context = { color: false, cwd: dir, verbose: false };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Each -o goes with the --format in the same position: stylish to a file, json then github on stdout.
  const reportArgs = (name: string): string[] => [corpus, '--threads', '2', '--format', 'stylish', '-o', `${name}.txt`, '--format', 'json', '--format', 'github'];

  it('writes stylish to a file, then json and github on stdout one after the other, on worker threads', () => {
    const run = runCli(reportArgs('parallel'), { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('');
    expect(readFileSync(join(dir, 'parallel.txt'), 'utf8')).toBe(formatStylish(expected, context));
    const json = formatJson(expected, context);
    // The premise: the first stdout report is written in several pieces while the second waits for it.
    expect(json.length).toBeGreaterThan(2 * 64 * 1024);
    expect(run.stdout).toBe(json + formatGithub(expected, context));
  });

  it('writes the same bytes on the main thread alone (--cache keeps a run there)', () => {
    const run = runCli([...reportArgs('serial'), '--cache', '--cache-location', join(dir, 'serial.cache')], { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('');
    expect(readFileSync(join(dir, 'serial.txt'), 'utf8')).toBe(formatStylish(expected, context));
    expect(run.stdout).toBe(formatJson(expected, context) + formatGithub(expected, context));
  });

  it('says in one line that an -o file cannot be written, exits 2, and writes the other reports whole', () => {
    mkdirSync(join(dir, 'a-folder'), { recursive: true });
    const run = runCli([corpus, '--threads', '2', '--format', 'json', '-o', 'a-folder', '--format', 'json', '-o', 'written.json', '--format', 'github'], { cwd: dir });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('platlint: cannot write a-folder: EISDIR: it is a directory\n');
    expect(run.stdout).toBe(formatGithub(expected, context));
    expect(readFileSync(join(dir, 'written.json'), 'utf8')).toBe(formatJson(expected, context));
    // docs/reports.md's example: -o names a folder. A folder that is missing is made.
    mkdirSync(join(dir, 'reports'), { recursive: true });
    const folder = runCli([corpus, '--format', 'json', '-o', 'reports'], { cwd: dir });
    expect([folder.status, folder.stderr, folder.stdout]).toEqual([2, 'platlint: cannot write reports: EISDIR: it is a directory\n', '']);
    const nested = runCli([corpus, '--format', 'json', '-o', 'new/folders/lint.json'], { cwd: dir });
    expect([nested.status, nested.stderr, readFileSync(join(dir, 'new/folders/lint.json'), 'utf8')]).toEqual([1, '', formatJson(expected, context)]);
  });

  it('exits by the running counts: errors, and warnings against --max-warnings', () => {
    const asWarnings = [corpus, '--threads', '2', '--rule', '**=warn', '--format', 'json'];
    const counted = runCli(asWarnings, { cwd: dir });
    const summary = (JSON.parse(counted.stdout) as { summary: { errors: number; warnings: number } }).summary;
    expect(summary.errors).toBe(0);
    expect(summary.warnings).toBeGreaterThan(1);
    expect(counted.status).toBe(0);
    expect(runCli([...asWarnings, '--max-warnings', String(summary.warnings)], { cwd: dir }).status).toBe(0);
    const over = runCli([...asWarnings, '--max-warnings', String(summary.warnings - 1)], { cwd: dir });
    expect(over.status).toBe(1);
    expect(over.stderr).toBe(`platlint: ${summary.warnings} warnings, more than --max-warnings ${summary.warnings - 1}\n`);
  });

  it('writes an -o file as the results come, into a temporary file beside it put in place whole at the end', () => {
    const io = fakeIo(dir);
    writeFileSync(join(dir, 'incremental.json'), 'the previous report');
    const reports = new ReportOutputs([{ file: 'incremental.json', createWriter: createJsonWriter }, { createWriter: createJsonWriter }], context, io);
    const whole = formatJson(expected, context);
    for (const result of expected) reports.add(result);
    // Everything but what the last 64 kB piece holds is on disk already, and stdout has had its pieces; a reader
    // of the report still sees the previous one.
    const temporary = readdirSync(dir).filter((name) => /^\.incremental\.json\.[0-9a-f]{12}\.tmp$/.test(name));
    expect(temporary).toHaveLength(1);
    const early = readFileSync(join(dir, temporary[0] ?? ''), 'utf8');
    expect(early.length).toBeGreaterThan(whole.length - 64 * 1024 - 16 * 1024);
    expect(whole.startsWith(early)).toBe(true);
    expect(readFileSync(join(dir, 'incremental.json'), 'utf8')).toBe('the previous report');
    expect(io.outs.length).toBeGreaterThan(1);
    expect(whole.startsWith(io.outs.join(''))).toBe(true);
    const summary = reports.end();
    expect(readFileSync(join(dir, 'incremental.json'), 'utf8')).toBe(whole);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(io.outs.join('')).toBe(whole);
    expect(summary.files).toBe(FILES);
    expect(reports.writeFailed).toBe(false);
  });

  it('holds a second stdout report until the first is done', () => {
    const io = fakeIo(dir);
    const reports = new ReportOutputs([{ createWriter: createJsonWriter }, { createWriter: createGithubWriter }], context, io);
    for (const result of expected) reports.add(result);
    const streamed = io.outs.length;
    expect(streamed).toBeGreaterThan(1);
    reports.end();
    // The github report arrives in one piece, after every piece of the json one.
    expect(io.outs.slice(streamed + 1)).toEqual([formatGithub(expected, context)]);
    expect(io.outs.slice(0, streamed + 1).join('')).toBe(formatJson(expected, context));
  });

  it('creates the folder of an -o file, and leaves an empty report file for a clean run', () => {
    const io = fakeIo(dir);
    const reports = new ReportOutputs([{ file: 'reports/ci/clean.txt', createWriter: createStylishWriter }], context, io);
    reports.add({ file: 'clean.yaml', diagnostics: [], documents: 1, skipped: 0 });
    expect(existsSync(join(dir, 'reports/ci/clean.txt'))).toBe(false);
    expect(reports.end()).toMatchObject({ files: 1, documents: 1, errors: 0 });
    expect(readFileSync(join(dir, 'reports/ci/clean.txt'), 'utf8')).toBe('');
    expect(io.outs).toEqual([]);
  });

  it('says once that a file cannot be written, however many pieces fail', () => {
    writeFileSync(join(dir, 'blocker'), '');
    const io = fakeIo(dir);
    const reports = new ReportOutputs([{ file: 'blocker/sub/report.json', createWriter: createJsonWriter }], context, io);
    for (const result of expected) reports.add(result);
    reports.end();
    expect(io.errors).toEqual(['platlint: cannot write blocker/sub/report.json: blocker is not a directory']);
    expect(reports.writeFailed).toBe(true);
  });
});

describe('exitCodeOf', () => {
  it('is 1 for any error, 1 above --max-warnings (said on stderr), else 0', () => {
    const io = fakeIo('/');
    expect(exitCodeOf({ ...emptySummary(), files: 3, errors: 1 }, undefined, io)).toBe(1);
    expect(exitCodeOf({ ...emptySummary(), files: 3, warnings: 2 }, 2, io)).toBe(0);
    expect(exitCodeOf({ ...emptySummary(), files: 3, warnings: 2 }, undefined, io)).toBe(0);
    expect(io.errors).toEqual([]);
    expect(exitCodeOf({ ...emptySummary(), files: 3, warnings: 1 }, 0, io)).toBe(1);
    expect(io.errors).toEqual(['platlint: 1 warning, more than --max-warnings 0']);
  });
});
