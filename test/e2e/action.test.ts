/**
 * The GitHub Action's default route on a cache miss, for real: its install step runs `npm ci` in a copy of the
 * checkout (as the runner downloads the action), which builds dist/ through `prepare`, and the lint step runs the bin
 * it built. test/integrations/action.test.ts covers the other routes without the install. Run it with
 * `npx vitest run test/e2e`.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../integrations/built-cli.js';
import { outputs, runStep, steps } from '../integrations/action-steps.js';

const INSTALL_TIMEOUT_MS = 900_000;

let dir: string;
let checkout: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'platlint-action-e2e-'));
  checkout = join(dir, 'action');
  const tracked = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: repoRoot, encoding: 'utf8' }).stdout.split('\0').filter((path) => path !== '' && existsSync(join(repoRoot, path)));
  for (const path of tracked) cpSync(join(repoRoot, path), join(checkout, path));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 120_000);

describe('action.yml without version, on a cache miss', () => {
  it('builds its own checkout with npm ci and lints with it', () => {
    const install = steps.find((step) => step.id === 'install');
    const lint = steps.find((step) => step.id === 'lint');
    const output = join(dir, 'install-output');
    const installed = runStep(install, {}, { outputFile: output, temp: dir, actionPath: checkout, outputs: { 'cache.cache-hit': '' } });
    expect(installed.status, installed.stderr).toBe(0);
    // The build's log is on stderr: stdout is left to the step's own output.
    expect(installed.stdout).toBe('');
    const bin = outputs(output)['bin'] ?? '';
    expect(bin).toBe(join(checkout, 'dist', 'src', 'bin', 'launch.cjs'));
    const clean = runStep(lint, { paths: 'fixtures/examples/maximal-user.yaml', 'sarif-file': '' }, { outputFile: join(dir, 'lint-clean'), temp: dir, outputs: { 'install.bin': bin } });
    expect(clean).toEqual({ status: 0, stdout: '', stderr: '' });
    const broken = runStep(lint, { paths: 'fixtures/examples/broken-user.yaml', 'sarif-file': '' }, { outputFile: join(dir, 'lint-broken'), temp: dir, outputs: { 'install.bin': bin } });
    expect(broken.status).toBe(1);
    expect(broken.stdout).toMatch(/^::error file=fixtures\/examples\/broken-user\.yaml,line=10,/m);
  }, INSTALL_TIMEOUT_MS);
});
