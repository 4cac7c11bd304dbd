/**
 * Custom policies on the worker threads: they keep nothing between files (src/policy/evaluation.ts), so a run with
 * policies lints on every core like any other, and its report is the one a single thread gives, violations and
 * evaluation errors (reported once, in the policy file, from the results in input order) alike.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCorpus } from '../bench/corpus.js';
import { BIN, runCli } from '../helpers/cli.js';

const POLICY = `apiVersion: platlint/v1
kind: Policy
metadata:
  name: acme
spec:
  rules:
    - id: acme/no-sevens
      description: Flag users whose name ends in 7
      severity: warning
      match: {kinds: [User]}
      given: metadata
      expression: "!self.name.endsWith('7')"
      message: names ending in 7 are reserved
    - id: acme/icon
      description: Require an https icon
      severity: info
      match: {kinds: [User]}
      given: spec
      expression: self.icon.startsWith('https://')
      message: give the user an icon
`;

// A fixture of the policy's pack, which lint skips on every thread.
const FIXTURE = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: u7 # expect: acme/no-sevens\n';

describe('custom policies on worker threads', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'platlint-parallel-policies-'));
    ensureCorpus(join(dir, 'corpus'), { files: 1200, docsPerFile: 1, seed: 11 });
    mkdirSync(join(dir, 'corpus', 'acme', 'tests'), { recursive: true });
    writeFileSync(join(dir, 'corpus', 'acme', 'policy.yaml'), POLICY);
    writeFileSync(join(dir, 'corpus', 'acme', 'tests', 'seven.yaml'), FIXTURE);
    writeFileSync(join(dir, '.platlint.yaml'), 'policies: [corpus/acme]\n');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lints on every thread and reports what one thread reports, evaluation errors included', () => {
    const profiles = join(dir, 'profiles');
    mkdirSync(profiles);
    const args = ['corpus', '--format', 'json'];
    const profiled = spawnSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profiles}`, BIN, ...args, '--threads', '3'], { cwd: dir, encoding: 'utf8', timeout: 120_000, env: { ...process.env, NO_COLOR: '1' } });
    const parallel = { status: profiled.status, stdout: profiled.stdout, stderr: profiled.stderr };
    // --cache keeps a run on the main thread.
    const serial = runCli([...args, '--cache', '--cache-location', join(dir, 'lint.cache')], { cwd: dir });
    expect(parallel.stderr).toBe('');
    expect(parallel.status).toBe(1);
    expect(parallel.stdout).toBe(serial.stdout);
    // Every thread linted, the main thread and the two workers --threads 3 asked for: a profile each, each in the engine.
    const linting = readdirSync(profiles).filter((name) => readFileSync(join(profiles, name), 'utf8').includes('"functionName":"runRules"'));
    expect(linting).toHaveLength(3);

    type Report = { results: { file: string; diagnostics: { ruleId: string; message: string; line: number; column: number }[]; skipped?: { reason: string }[] }[] };
    const report = JSON.parse(parallel.stdout) as Report;
    // The seeded corpus: 113 of its Users have a name ending in 7.
    const sevens = report.results.flatMap((r) => r.diagnostics.filter((d) => d.ruleId === 'acme/no-sevens'));
    expect(sevens.map((d) => d.message)).toEqual(Array(113).fill('names ending in 7 are reserved'));
    // No User has an icon: the rule fails on each one the engine reads, reported once, at the rule's expression,
    // naming the first in input order, whichever thread linted it.
    const evaluation = report.results.filter((r) => r.file === 'corpus/acme/policy.yaml' && r.diagnostics.length);
    expect(evaluation.map((r) => r.diagnostics.map((d) => [d.ruleId, d.line, d.column, d.message]))).toEqual([
      [
        [
          'policy/evaluation-error',
          19,
          19,
          'The policy rule acme/icon could not be evaluated on 944 documents (those were not checked by it); it first failed on User "lena-smith-00001" in corpus/d0000/manifest-000001.yaml: no such key: icon; test optional fields with has() first, e.g. has(self.x) && self.x > 0.',
        ],
      ],
    ]);
    // The policy's fixture is skipped on whichever thread meets it.
    expect(report.results.find((r) => r.file === 'corpus/acme/tests/seven.yaml')?.skipped?.map((s) => s.reason)).toEqual(['policy test fixture; run `platlint policy test`']);
  }, 180_000);
  it('lints on the main thread alone with --threads 1, and takes only a whole number of threads from 1 to 64', () => {
    const profiles = join(dir, 'profiles-one');
    mkdirSync(profiles);
    const one = spawnSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profiles}`, BIN, 'corpus', '--format', 'json', '--threads', '1'], { cwd: dir, encoding: 'utf8', timeout: 120_000, env: { ...process.env, NO_COLOR: '1' } });
    expect(one.status).toBe(1);
    expect(readdirSync(profiles)).toHaveLength(1);
    for (const word of ['0', '65', '1.5', 'two', '']) {
      expect(runCli(['corpus', '--threads', word], { cwd: dir })).toMatchObject({ status: 2, stdout: '', stderr: `platlint: --threads takes a whole number from 1 to 64, not ${JSON.stringify(word)}\n` });
    }
  });
});
