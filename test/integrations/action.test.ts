import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureBuiltCli, repoRoot } from './built-cli.js';
import { packTarball } from './package-tarball.js';

// Each test starts the CLI in a child process: slow on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

interface Step {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  with?: Record<string, string>;
  shell?: string;
  env?: Record<string, string>;
  run?: string;
}

interface Action {
  name: string;
  description: string;
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  outputs: Record<string, { description: string; value: string }>;
  runs: { using: string; steps: Step[] };
}

const action = parse(readFileSync(join(repoRoot, 'action.yml'), 'utf8')) as Action;
const steps = action.runs.steps;
const runSteps = steps.filter((s) => s.run !== undefined);
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

  it('sets up Node, fetches the base revision, installs the published package (not this checkout), then lints once', () => {
    expect(steps).toHaveLength(4);
    expect(steps[0]?.uses).toMatch(/^actions\/setup-node@v\d+$/);
    expect(steps[0]?.with?.['node-version']).toBe('${{ inputs.node-version }}');
    expect(steps[1]?.if).toBe("inputs.base != ''");
    expect(steps[1]?.env).toEqual({ PLATLINT_BASE: '${{ inputs.base }}' });
    expect(steps[2]).toBe(installStep);
    expect(installStep?.run).toMatch(/npm install [^\n]*--omit=dev[^\n]*"platlint@\$version"/);
    expect(installStep?.run).not.toMatch(/npm ci|npm run|--prefix "\$GITHUB_ACTION_PATH"/);
    expect(steps[3]).toBe(lintStep);
    expect(runSteps.filter((step) => step.run?.includes('PLATLINT_BIN'))).toEqual([lintStep]);
    expect(action.outputs['sarif-file']?.value).toBe('${{ steps.lint.outputs.sarif-file }}');
  });

  it('gives every run step a shell and passes inputs through the environment, never into the script', () => {
    for (const step of runSteps) {
      expect(step.shell).toBe('bash');
      expect(step.run).not.toMatch(/\$\{\{/);
    }
    expect(installStep?.env?.['PLATLINT_VERSION']).toBe('${{ inputs.version }}');
    expect(lintStep?.env).toEqual({
      PLATLINT_BIN: '${{ steps.install.outputs.bin }}',
      PLATLINT_PATHS: '${{ inputs.paths }}',
      PLATLINT_ARGS: '${{ inputs.args }}',
      PLATLINT_SARIF_FILE: '${{ inputs.sarif-file }}',
      PLATLINT_BASE: '${{ inputs.base }}',
    });
  });
});

/**
 * Runs a step's script as the runner would (`bash --noprofile --norc -eo pipefail`), with `${{ inputs.X }}` and
 * `${{ steps.install.outputs.bin }}` in its env replaced, the workspace at the repository root and RUNNER_TEMP in `temp`.
 */
function runStep(step: Step | undefined, inputs: Record<string, string>, context: { outputFile: string; temp: string; bin?: string }): { status: number | null; stdout: string; stderr: string } {
  if (!step?.run) throw new Error('no such step');
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(step.env ?? {})) {
    // A default that is itself a GitHub expression (the pull request's base) is empty outside a pull request.
    const fallback = (name: string): string => (action.inputs[name]?.default ?? '').replace(/^\$\{\{.*\}\}$/, '');
    env[key] = value
      .replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_, name: string) => inputs[name] ?? fallback(name))
      .replace(/\$\{\{\s*steps\.install\.outputs\.bin\s*\}\}/g, context.bin ?? '');
  }
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...base, ...env, GITHUB_ACTIONS: 'true', GITHUB_ACTION_PATH: repoRoot, GITHUB_OUTPUT: context.outputFile, RUNNER_TEMP: context.temp, NO_COLOR: '1' },
    timeout: 170_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function outputs(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  return Object.fromEntries(readFileSync(file, 'utf8').trim().split('\n').map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]));
}

describe('action.yml scripts', () => {
  let dir: string;
  let bin: string;
  beforeAll(() => {
    ensureBuiltCli();
    dir = mkdtempSync(join(tmpdir(), 'platlint-action-'));
    // The install step with `version` set to the packed checkout: what the default installs from the registry.
    const { tarball } = packTarball(join(dir, 'pack'));
    const output = join(dir, 'install-output');
    const run = runStep(installStep, { version: `file:${tarball}` }, { outputFile: output, temp: join(dir, 'runner-temp') });
    if (run.status !== 0) throw new Error(`the install step failed: ${run.stderr}`);
    bin = outputs(output)['bin'] ?? '';
  }, 180_000);
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const BROKEN = 'fixtures/examples/broken-user.yaml';
  const CLEAN = 'fixtures/examples/maximal-user.yaml';

  it('install the package into RUNNER_TEMP and name its bin', () => {
    expect(bin).toBe(join(dir, 'runner-temp', 'platlint-action', 'node_modules', '.bin', 'platlint'));
    expect(existsSync(bin)).toBe(true);
  });

  it('default to the release of the action\'s own version', () => {
    // Shown without installing: the same expression, evaluated by the step's shell.
    const version = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    const script = installStep?.run?.split('\n')[0] ?? '';
    const run = spawnSync('bash', ['-c', `${script}\necho "$version"`], { encoding: 'utf8', env: { ...process.env, GITHUB_ACTION_PATH: repoRoot, PLATLINT_VERSION: '' } });
    expect(run.stdout.trim()).toBe(version.version);
  });

  it('write the SARIF report and the annotations in one run, set the output, and fail on lint errors', () => {
    const sarif = join(dir, 'report.sarif');
    const output = join(dir, 'output-1');
    const run = runStep(lintStep, { paths: `${CLEAN} ${BROKEN}`, 'sarif-file': sarif }, { outputFile: output, temp: dir, bin });
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
    const run = runStep(lintStep, { paths: CLEAN, args: '--max-warnings lots', 'sarif-file': join(dir, 'bad.sarif') }, { outputFile: output, temp: dir, bin });
    expect(run.status).toBe(2);
    expect(existsSync(output)).toBe(false);
  });

  it('annotate only, passing extra args through, when sarif-file is empty', () => {
    const output = join(dir, 'output-3');
    const run = runStep(lintStep, { paths: `${CLEAN} ${BROKEN}`, args: '--quiet', 'sarif-file': '' }, { outputFile: output, temp: dir, bin });
    expect(run.status).toBe(1);
    const lines = run.stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(new RegExp(`^::error file=${BROKEN.replace(/\./g, '\\.')},line=\\d+`));
    // --quiet reached the CLI: no warning annotations.
    expect(run.stdout).not.toContain('::warning');
    expect(existsSync(output)).toBe(false);
  });

  it('base adds --base: transition rules run, and a revision that is not there fails the step', () => {
    const run = runStep(lintStep, { paths: CLEAN, base: 'HEAD', 'sarif-file': '' }, { outputFile: join(dir, 'output-5'), temp: dir, bin });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const bad = runStep(lintStep, { paths: CLEAN, base: 'no-such-revision', 'sarif-file': '' }, { outputFile: join(dir, 'output-6'), temp: dir, bin });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--base: "no-such-revision" is not a commit');
  });

  it('pass on clean files', () => {
    const sarif = join(dir, 'clean.sarif');
    const output = join(dir, 'output-4');
    const run = runStep(lintStep, { paths: CLEAN, 'sarif-file': sarif }, { outputFile: output, temp: dir, bin });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('');
    expect(run.status).toBe(0);
    expect(outputs(output)).toEqual({ 'sarif-file': sarif });
  });
});
