import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bins, ensureBuiltCli, repoRoot } from './built-cli.js';
const CLEAN = 'fixtures/examples/maximal-user.yaml';
const BROKEN = 'fixtures/examples/broken-user.yaml';

// Each test starts the CLI in a child process: slow on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

interface Hook {
  id: string;
  name: string;
  description?: string;
  entry: string;
  language: string;
  types?: string[];
  args?: string[];
  require_serial?: boolean;
  pass_filenames?: boolean;
}

const hooks = parse(readFileSync(join(repoRoot, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[];
const hook = hooks.find((h) => h.id === 'platlint');

/**
 * What pre-commit runs for a `language: node` hook: it installs this package (npm pack runs `prepare`, which builds
 * dist/) and puts its bins on PATH, then runs `entry` + `args` + the staged files that match `types`. Here the entry's
 * command is resolved through package.json `bin` the way npm links it.
 */
function runHook(files: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  if (!hook) throw new Error('no platlint hook');
  const [command, ...entryArgs] = hook.entry.trim().split(/\s+/);
  const script = command === undefined ? undefined : bins[command];
  if (!script) throw new Error(`entry ${hook.entry} is not a bin of the package`);
  const result = spawnSync(process.execPath, [join(repoRoot, script), ...entryArgs, ...(hook.args ?? []), ...files], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', GITHUB_ACTIONS: '' },
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  ensureBuiltCli();
}, 180_000);

describe('.pre-commit-hooks.yaml', () => {
  it('defines the platlint hook', () => {
    expect(hook).toMatchObject({
      id: 'platlint',
      name: 'platlint',
      entry: 'platlint',
      language: 'node',
      types: ['yaml'],
      // One process for all the files: one report and one summary (test/e2e runs it with the real pre-commit).
      require_serial: true,
      description: expect.any(String) as unknown,
    });
    // pre-commit passes the files: the hook must not turn that off.
    expect(hook?.pass_filenames).not.toBe(false);
  });

  it('the fixtures are files pre-commit would pass to it (types: [yaml] matches .yaml and .yml)', () => {
    for (const file of [CLEAN, BROKEN]) expect(file).toMatch(/\.ya?ml$/);
  });

  it('fails on a broken file among the staged files and names it', () => {
    const run = runHook([CLEAN, BROKEN]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(BROKEN);
    expect(run.stdout).not.toContain(CLEAN);
  });

  it('passes when only clean files are staged', () => {
    const run = runHook([CLEAN]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('');
    expect(run.status).toBe(0);
  });
});
