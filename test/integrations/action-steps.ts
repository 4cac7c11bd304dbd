import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { repoRoot } from './built-cli.js';

export interface Step {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  with?: Record<string, string>;
  shell?: string;
  env?: Record<string, string>;
  run?: string;
}

export interface Action {
  name: string;
  description: string;
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  outputs: Record<string, { description: string; value: string }>;
  runs: { using: string; steps: Step[] };
}

export const action = parse(readFileSync(join(repoRoot, 'action.yml'), 'utf8')) as Action;
export const steps = action.runs.steps;

export interface StepContext {
  /** GITHUB_OUTPUT. */
  outputFile: string;
  /** RUNNER_TEMP. */
  temp: string;
  /** GITHUB_ACTION_PATH, the action's checkout; the repository by default. */
  actionPath?: string;
  /** Outputs of earlier steps, as `<step id>.<output>`: `install.bin`, `cache.cache-hit`. */
  outputs?: Record<string, string>;
  /** A folder put first on PATH. */
  path?: string;
  /** The working directory, GITHUB_WORKSPACE: the repository by default. */
  workspace?: string;
}

export interface StepRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a composite step's script as the runner would (`bash --noprofile --norc -eo pipefail`), with `${{ inputs.X }}`
 * and `${{ steps.S.outputs.O }}` in its env replaced, in the workspace (the repository root unless given).
 */
export function runStep(step: Step | undefined, inputs: Record<string, string>, context: StepContext): StepRun {
  if (!step?.run) throw new Error('no such step');
  const env: Record<string, string> = {};
  // A default that is itself a GitHub expression (the pull request's base) is empty outside a pull request.
  const fallback = (name: string): string => (action.inputs[name]?.default ?? '').replace(/^\$\{\{.*\}\}$/, '');
  for (const [key, value] of Object.entries(step.env ?? {})) {
    env[key] = value
      .replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_, name: string) => inputs[name] ?? fallback(name))
      .replace(/\$\{\{\s*steps\.([\w-]+)\.outputs\.([\w-]+)\s*\}\}/g, (_, id: string, name: string) => context.outputs?.[`${id}.${name}`] ?? '');
  }
  const base = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined && !/^npm_/i.test(entry[0])));
  const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run], {
    cwd: context.workspace ?? repoRoot,
    encoding: 'utf8',
    env: {
      ...base,
      ...env,
      ...(context.path === undefined ? {} : { PATH: `${context.path}:${base['PATH'] ?? ''}` }),
      GITHUB_ACTIONS: 'true',
      GITHUB_ACTION_PATH: context.actionPath ?? repoRoot,
      GITHUB_OUTPUT: context.outputFile,
      RUNNER_TEMP: context.temp,
      RUNNER_OS: 'Linux',
      RUNNER_ARCH: 'X64',
      NO_COLOR: '1',
    },
    timeout: 600_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The `name=value` lines a step wrote to GITHUB_OUTPUT. */
export function outputs(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  return Object.fromEntries(readFileSync(file, 'utf8').trim().split('\n').map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]));
}
