import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureBuiltCli, repoRoot } from './built-cli.js';
import { packTarball } from './package-tarball.js';
import { action, outputs, runStep, steps } from './action-steps.js';

// Each test starts the CLI in a child process: slow on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

const runSteps = steps.filter((s) => s.run !== undefined);
const sourceStep = steps.find((s) => s.id === 'source');
const cacheStep = steps.find((s) => s.id === 'cache');
const installStep = steps.find((s) => s.id === 'install');
const lintStep = steps.find((s) => s.id === 'lint');

describe('action.yml shape', () => {
  it('is a composite action with the documented inputs and defaults', () => {
    expect(action.name).toBe('platlint');
    expect(action.description).toEqual(expect.any(String));
    expect(action.runs.using).toBe('composite');
    expect(Object.keys(action.inputs).sort()).toEqual(['args', 'base', 'node-version', 'paths', 'sarif-file', 'version']);
    expect(action.inputs['base']?.default).toBe('${{ github.event.pull_request.base.sha }}');
    expect(action.inputs['paths']?.default).toBe('.');
    expect(action.inputs['args']?.default).toBe('');
    expect(action.inputs['sarif-file']?.default).toBe('platlint.sarif');
    expect(action.inputs['node-version']?.default).toBe('20');
    expect(action.inputs['version']?.default).toBe('');
    for (const input of Object.values(action.inputs)) expect(input.required ?? false).toBe(false);
  });

  it('sets up Node, fetches the base revision, restores or builds its own checkout (or installs `version`), then lints once', () => {
    expect(steps).toHaveLength(6);
    expect(steps[0]?.uses).toMatch(/^actions\/setup-node@v\d+$/);
    expect(steps[0]?.with?.['node-version']).toBe('${{ inputs.node-version }}');
    expect(steps[1]?.if).toBe("inputs.base != ''");
    expect(steps[1]?.env).toEqual({ PLATLINT_BASE: '${{ inputs.base }}' });
    expect(steps[2]).toBe(sourceStep);
    expect(sourceStep?.if).toBe("inputs.version == ''");
    expect(steps[3]).toBe(cacheStep);
    expect(cacheStep?.if).toBe("inputs.version == ''");
    expect(cacheStep?.uses).toMatch(/^actions\/cache@v\d+$/);
    expect(cacheStep?.with).toEqual({ path: '${{ github.action_path }}/node_modules\n${{ github.action_path }}/dist\n', key: '${{ steps.source.outputs.key }}' });
    expect(steps[4]).toBe(installStep);
    expect(installStep?.run).toMatch(/cd "\$GITHUB_ACTION_PATH" && npm ci /);
    expect(installStep?.run).toMatch(/npm install [^\n]*--omit=dev[^\n]*"platlint@\$PLATLINT_VERSION"/);
    expect(steps[5]).toBe(lintStep);
    expect(runSteps.filter((step) => step.run?.includes('PLATLINT_BIN'))).toEqual([lintStep]);
    expect(action.outputs['sarif-file']?.value).toBe('${{ steps.lint.outputs.sarif-file }}');
  });

  it('gives every run step a shell and passes inputs through the environment, never into the script', () => {
    for (const step of runSteps) {
      expect(step.shell).toBe('bash');
      expect(step.run).not.toMatch(/\$\{\{/);
    }
    expect(installStep?.env).toEqual({ PLATLINT_VERSION: '${{ inputs.version }}', PLATLINT_CACHE_HIT: '${{ steps.cache.outputs.cache-hit }}' });
    expect(lintStep?.env).toEqual({
      PLATLINT_BIN: '${{ steps.install.outputs.bin }}',
      PLATLINT_PATHS: '${{ inputs.paths }}',
      PLATLINT_ARGS: '${{ inputs.args }}',
      PLATLINT_SARIF_FILE: '${{ inputs.sarif-file }}',
      PLATLINT_BASE: '${{ inputs.base }}',
    });
  });
});

describe('action.yml scripts', () => {
  let dir: string;
  /** A copy of the checkout as the runner downloads the action, its build restored as from the cache. */
  let checkout: string;
  let bin: string;
  beforeAll(() => {
    ensureBuiltCli();
    dir = mkdtempSync(join(tmpdir(), 'platlint-action-'));
    checkout = join(dir, 'action');
    const tracked = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: repoRoot, encoding: 'utf8' }).stdout.split('\0').filter((path) => path !== '' && existsSync(join(repoRoot, path)));
    for (const path of tracked) cpSync(join(repoRoot, path), join(checkout, path));
    symlinkSync(join(repoRoot, 'node_modules'), join(checkout, 'node_modules'));
    symlinkSync(join(repoRoot, 'dist'), join(checkout, 'dist'));
    const output = join(dir, 'install-output');
    const run = runStep(installStep, {}, { outputFile: output, temp: join(dir, 'runner-temp'), actionPath: checkout, outputs: { 'cache.cache-hit': 'true' } });
    if (run.status !== 0) throw new Error(`the install step failed: ${run.stderr}`);
    bin = outputs(output)['bin'] ?? '';
  }, 180_000);
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const BROKEN = 'fixtures/examples/broken-user.yaml';
  const CLEAN = 'fixtures/examples/maximal-user.yaml';

  it('key the build on the lock file and the sources', () => {
    const key = (name: string): string => {
      const output = join(dir, `key-${name}`);
      const run = runStep(sourceStep, {}, { outputFile: output, temp: dir, actionPath: checkout });
      expect(run.status, run.stderr).toBe(0);
      return outputs(output)['key'] ?? '';
    };
    const first = key('first');
    expect(first).toMatch(/^platlint-action-Linux-X64-[0-9a-f]{64}-[0-9a-f]{64}$/);
    expect(key('again')).toBe(first);
    const lock = readFileSync(join(checkout, 'package-lock.json'), 'utf8');
    writeFileSync(join(checkout, 'package-lock.json'), `${lock}\n`);
    const afterLock = key('lock');
    writeFileSync(join(checkout, 'package-lock.json'), lock);
    const rule = join(checkout, 'rules', 'user', 'duplicates', 'index.ts');
    writeFileSync(rule, `${readFileSync(rule, 'utf8')}\n`);
    const afterSource = key('source');
    expect(new Set([first, afterLock, afterSource]).size).toBe(3);
    expect(afterLock.split('-').at(-1)).toBe(first.split('-').at(-1));
  });

  it('run the bin of the checkout restored from the cache, without installing anything', () => {
    expect(bin).toBe(join(checkout, 'dist', 'src', 'bin', 'launch.cjs'));
    expect(existsSync(bin)).toBe(true);
  });

  it('build the checkout with npm ci there when the cache missed, and install nothing from the registry', () => {
    // A stand-in npm records what the step asks of it; test/e2e/action.test.ts runs the real npm ci.
    const fakeBin = join(dir, 'fake-npm');
    mkdirSync(fakeBin, { recursive: true });
    writeFileSync(join(fakeBin, 'npm'), `#!/bin/sh\necho "$PWD $*" >> "${join(dir, 'npm-calls')}"\n`);
    chmodSync(join(fakeBin, 'npm'), 0o755);
    const output = join(dir, 'install-miss');
    const run = runStep(installStep, {}, { outputFile: output, temp: join(dir, 'runner-temp'), actionPath: checkout, outputs: { 'cache.cache-hit': '' }, path: fakeBin });
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(join(dir, 'npm-calls'), 'utf8')).toBe(`${checkout} ci --no-audit --no-fund --loglevel=error\n`);
    expect(outputs(output)['bin']).toBe(bin);
  });

  it('install the published package named by `version` into RUNNER_TEMP instead', () => {
    // The packed checkout stands for the release on the registry.
    const { tarball } = packTarball(join(dir, 'pack'));
    const output = join(dir, 'install-version');
    const run = runStep(installStep, { version: `file:${tarball}` }, { outputFile: output, temp: join(dir, 'runner-temp') });
    expect(run.status, run.stderr).toBe(0);
    const installed = outputs(output)['bin'] ?? '';
    expect(installed).toBe(join(dir, 'runner-temp', 'platlint-action', 'node_modules', '.bin', 'platlint'));
    const lint = runStep(lintStep, { paths: CLEAN, 'sarif-file': '' }, { outputFile: join(dir, 'output-version'), temp: dir, outputs: { 'install.bin': installed } });
    expect(lint).toEqual({ status: 0, stdout: '', stderr: '' });
  }, 180_000);

  it('write the SARIF report and the annotations in one run, set the output, and fail on lint errors', () => {
    const sarif = join(dir, 'report.sarif');
    const output = join(dir, 'output-1');
    const run = runStep(lintStep, { paths: `${CLEAN} ${BROKEN}`, 'sarif-file': sarif }, { outputFile: output, temp: dir, outputs: { 'install.bin': bin } });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    const log = JSON.parse(readFileSync(sarif, 'utf8')) as { version: string; runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };
    expect(log.version).toBe('2.1.0');
    expect(log.runs[0]?.results.map((r) => r.locations[0]?.physicalLocation.artifactLocation.uri)).toContain(BROKEN);
    expect(run.stdout).toMatch(new RegExp(`^::error file=${BROKEN.replace(/\./g, '\\.')},line=10,`, 'm'));
    expect(outputs(output)).toEqual({ 'sarif-file': sarif });
  });

  it('fail on a usage error (exit 2), without setting the output', () => {
    const output = join(dir, 'output-2');
    const run = runStep(lintStep, { paths: CLEAN, args: '--max-warnings lots', 'sarif-file': join(dir, 'bad.sarif') }, { outputFile: output, temp: dir, outputs: { 'install.bin': bin } });
    expect(run.status).toBe(2);
    expect(existsSync(output)).toBe(false);
  });

  it('annotate only, passing extra args through, when sarif-file is empty', () => {
    const output = join(dir, 'output-3');
    const run = runStep(lintStep, { paths: `${CLEAN} ${BROKEN}`, args: '--quiet', 'sarif-file': '' }, { outputFile: output, temp: dir, outputs: { 'install.bin': bin } });
    expect(run.status).toBe(1);
    // The errors of the broken file, each an error annotation at its place.
    const annotations = run.stdout.trim().split('\n').map((line) => /^::(\w+) file=([^,]+),line=(\d+),col=(\d+),.*title=([^:]+)::/.exec(line)?.slice(1));
    expect(annotations).toEqual([
      ['error', BROKEN, '5', '9', 'meta/name'],
      ['error', BROKEN, '10', '3', 'schema/unknown-field'],
      ['error', BROKEN, '11', '20', 'schema/type'],
      ['error', BROKEN, '18', '20', 'user/access-verbs'],
    ]);
    // --quiet reached the CLI: no warning annotations.
    expect(run.stdout).not.toContain('::warning');
    expect(existsSync(output)).toBe(false);
  });

  it('print the stylish report with the statistics table after the annotations when args ask for it (docs/adopting.md)', () => {
    const run = runStep(lintStep, { paths: BROKEN, args: '--format stylish --statistics', 'sarif-file': '' }, { outputFile: join(dir, 'output-7'), temp: dir, outputs: { 'install.bin': bin } });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    const lines = run.stdout.split('\n');
    const stylish = lines.indexOf(BROKEN);
    // Every problem's annotation first, then the stylish report.
    expect(lines.slice(0, stylish).map((line) => /^::(\w+) .*title=([^:]+)::/.exec(line)?.slice(1).join(' '))).toEqual([
      'error meta/name', 'warning meta/self-link', 'error schema/unknown-field', 'error schema/type',
      'warning user/duplicates', 'error user/access-verbs', 'warning user/access-verbs', 'warning security/wildcard-access',
    ]);
    expect(lines.slice(stylish)).toEqual(expect.arrayContaining(['Problems by rule:', '      1        1  schema/unknown-field      Disallow fields the spec does not define']));
  });

  it('base adds --base: transition rules run, and a revision that is not there fails the step', () => {
    const run = runStep(lintStep, { paths: CLEAN, base: 'HEAD', 'sarif-file': '' }, { outputFile: join(dir, 'output-5'), temp: dir, outputs: { 'install.bin': bin } });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const bad = runStep(lintStep, { paths: CLEAN, base: 'no-such-revision', 'sarif-file': '' }, { outputFile: join(dir, 'output-6'), temp: dir, outputs: { 'install.bin': bin } });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--base: "no-such-revision" is not a commit');
  });

  it('pass on clean files', () => {
    const sarif = join(dir, 'clean.sarif');
    const output = join(dir, 'output-4');
    const run = runStep(lintStep, { paths: CLEAN, 'sarif-file': sarif }, { outputFile: output, temp: dir, outputs: { 'install.bin': bin } });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('');
    expect(run.status).toBe(0);
    expect(outputs(output)).toEqual({ 'sarif-file': sarif });
  });
});
