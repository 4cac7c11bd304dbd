import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureBuiltCli, repoRoot } from './built-cli.js';

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
const sarifStep = steps.find((s) => s.run?.includes('--format sarif'));
const lintStep = steps.find((s) => s.run?.includes('--format github'));

describe('action.yml shape', () => {
  it('is a composite action with the documented inputs and defaults', () => {
    expect(action.name).toBe('platlint');
    expect(action.description).toEqual(expect.any(String));
    expect(action.runs.using).toBe('composite');
    expect(Object.keys(action.inputs).sort()).toEqual(['args', 'base', 'node-version', 'paths', 'sarif-file']);
    expect(action.inputs['base']?.default).toBe('${{ github.event.pull_request.base.sha }}');
    expect(action.inputs['paths']?.default).toBe('.');
    expect(action.inputs['args']?.default).toBe('');
    expect(action.inputs['sarif-file']?.default).toBe('platlint.sarif');
    expect(action.inputs['node-version']?.default).toBe('20');
    for (const input of Object.values(action.inputs)) expect(input.required ?? false).toBe(false);
  });

  it('sets up Node with the requested version, then installs and builds itself from the action path', () => {
    expect(steps[0]?.uses).toMatch(/^actions\/setup-node@v\d+$/);
    expect(steps[0]?.with?.['node-version']).toBe('${{ inputs.node-version }}');
    expect(steps[1]?.run?.trim()).toMatch(/^npm ci --prefix "\$GITHUB_ACTION_PATH"/);
  });

  it('runs the built CLI twice: SARIF to the sarif-file (skipped when it is empty), then annotations', () => {
    expect(sarifStep?.id).toBe('sarif');
    expect(sarifStep?.if).toBe("inputs.sarif-file != ''");
    expect(sarifStep?.run).toContain('node "$GITHUB_ACTION_PATH/dist/src/cli/bin.js"');
    expect(sarifStep?.run).toContain('-o "$PLATLINT_SARIF_FILE"');
    expect(lintStep?.run).toContain('node "$GITHUB_ACTION_PATH/dist/src/cli/bin.js"');
    expect(steps.indexOf(sarifStep as Step)).toBeLessThan(steps.indexOf(lintStep as Step));
    expect(action.outputs['sarif-file']?.value).toBe('${{ steps.sarif.outputs.sarif-file }}');
  });

  it('gives every run step a shell and passes inputs through the environment, never into the script', () => {
    for (const step of runSteps) {
      expect(step.shell).toBe('bash');
      expect(step.run).not.toMatch(/\$\{\{/);
    }
    for (const step of [sarifStep, lintStep]) {
      expect(step?.env?.['PLATLINT_PATHS']).toBe('${{ inputs.paths }}');
      expect(step?.env?.['PLATLINT_ARGS']).toBe('${{ inputs.args }}');
    }
  });
});

/**
 * Runs a step's script as the runner would (`bash --noprofile --norc -eo pipefail`), with `${{ inputs.X }}` in its
 * env replaced by the given inputs, the workspace at the repository root and the action path at the repository.
 */
function runStep(step: Step | undefined, inputs: Record<string, string>, outputFile: string): { status: number | null; stdout: string; stderr: string } {
  if (!step?.run) throw new Error('no such step');
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(step.env ?? {})) {
    // A default that is itself a GitHub expression (the pull request's base) is empty outside a pull request.
    const fallback = (name: string): string => (action.inputs[name]?.default ?? '').replace(/^\$\{\{.*\}\}$/, '');
    env[key] = value.replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_, name: string) => inputs[name] ?? fallback(name));
  }
  const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, ...env, GITHUB_ACTIONS: 'true', GITHUB_ACTION_PATH: repoRoot, GITHUB_OUTPUT: outputFile, NO_COLOR: '1' },
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('action.yml scripts', () => {
  let dir: string;
  beforeAll(() => {
    ensureBuiltCli();
    dir = mkdtempSync(join(tmpdir(), 'platlint-action-'));
  }, 180_000);
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const BROKEN = 'fixtures/examples/broken-user.yaml';
  const CLEAN = 'fixtures/examples/maximal-user.yaml';

  it('write the SARIF report and set the output even when there are lint errors', () => {
    const sarif = join(dir, 'report.sarif');
    const output = join(dir, 'output-1');
    const run = runStep(sarifStep, { paths: `${CLEAN} ${BROKEN}`, 'sarif-file': sarif }, output);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const log = JSON.parse(readFileSync(sarif, 'utf8')) as { version: string; runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };
    expect(log.version).toBe('2.1.0');
    expect(log.runs[0]?.results.map((r) => r.locations[0]?.physicalLocation.artifactLocation.uri)).toContain(BROKEN);
    expect(readFileSync(output, 'utf8')).toBe(`sarif-file=${sarif}\n`);
  });

  it('fail the SARIF step on a usage error (exit 2), without setting the output', () => {
    const output = join(dir, 'output-2');
    const run = runStep(sarifStep, { paths: CLEAN, args: '--max-warnings lots', 'sarif-file': join(dir, 'bad.sarif') }, output);
    expect(run.status).toBe(2);
    expect(existsSync(output)).toBe(false);
  });

  it('annotate and fail on lint errors, passing extra args through', () => {
    const run = runStep(lintStep, { paths: `${CLEAN} ${BROKEN}`, args: '--quiet' }, join(dir, 'output-3'));
    expect(run.status).toBe(1);
    const lines = run.stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(new RegExp(`^::error file=${BROKEN.replace(/\./g, '\\.')},line=\\d+`));
    // --quiet reached the CLI: no warning annotations.
    expect(run.stdout).not.toContain('::warning');
  });

  it('base adds --base: transition rules run, and a revision that is not there fails the step', () => {
    const run = runStep(lintStep, { paths: CLEAN, base: 'HEAD' }, join(dir, 'output-5'));
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const bad = runStep(lintStep, { paths: CLEAN, base: 'no-such-revision' }, join(dir, 'output-6'));
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--base: "no-such-revision" is not a commit');
  });

  it('pass on clean files', () => {
    const run = runStep(lintStep, { paths: CLEAN }, join(dir, 'output-4'));
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('');
    expect(run.status).toBe(0);
  });
});
