/**
 * The README's install routes that need a clone and npm's full install, run as written against a `file://` clone of
 * the commit under test (there is no network to reach GitHub): the quick start in the clone, the packed tarball, and
 * the git URL (`npm install --save-dev git+file://...#main`, which builds through `prepare`). Not part of `npm test`:
 * each installs the devDependencies and builds. Run it with `npx vitest run test/e2e`.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../integrations/built-cli.js';
import { docBlock } from '../docs/doc-blocks.js';

const INSTALL_TIMEOUT_MS = 900_000;
const GITHUB = 'https://github.com/platlint/platlint.git';

/** The environment of a user's shell: none of the settings an `npm test` or vitest run put there. */
const userEnv: Record<string, string> = Object.fromEntries(
  Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined && !/^(npm_|VITEST|NODE_OPTIONS$|INIT_CWD$|GITHUB_)/i.test(entry[0])),
);

/** A block of the README run by bash, stopping at the first failing command, in `cwd`. */
function runBlock(block: string, cwd: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync('bash', ['--noprofile', '--norc', '-e', '-c', block], { cwd, encoding: 'utf8', env: { ...userEnv, NO_COLOR: '1' }, timeout: INSTALL_TIMEOUT_MS });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function git(args: readonly string[], cwd: string): string {
  const result = spawnSync('git', ['-c', 'advice.detachedHead=false', ...args], { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

/** A project with a clean manifest in platform/, as the README's commands expect. */
function project(root: string): string {
  mkdirSync(join(root, 'platform'), { recursive: true });
  copyFileSync(join(repoRoot, 'fixtures/examples/maximal-user.yaml'), join(root, 'platform', 'jane.yaml'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'platform-config', version: '1.0.0', private: true }, null, 2) + '\n');
  return root;
}

let dir: string;
/** Stands for the GitHub repository: a clone of the commit under test, on a branch `main`. */
let origin: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'platlint-install-routes-'));
  // Named as on GitHub, so that `git clone` of it makes the folder `platlint` the README's next command enters.
  origin = join(dir, 'remote', 'platlint.git');
  mkdirSync(join(dir, 'remote'));
  git(['clone', '--quiet', repoRoot, origin], dir);
  git(['checkout', '--quiet', '-B', 'main', git(['rev-parse', 'HEAD'], repoRoot)], origin);
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 120_000);

describe('the README install routes, against a file:// clone', () => {
  it('quick start: npm install in a clone builds the CLI, which lints the examples (exit 1: two are broken)', () => {
    const clone = join(dir, 'quick-start');
    git(['clone', '--quiet', origin, clone], dir);
    const block = docBlock('README.md', 'Quick start', 'npm install && npx platlint fixtures/examples/');
    const run = runBlock(block, clone);
    expect(run.stderr).not.toMatch(/npm error/);
    expect(run.stdout).toMatch(/^fixtures\/examples\/broken-user\.yaml$/m);
    expect(run.stdout).toMatch(/^fixtures\/examples\/broken-config\.yaml$/m);
    expect(run.stdout).not.toMatch(/^fixtures\/examples\/maximal-user\.yaml$/m);
    expect(run.status).toBe(1);
  }, INSTALL_TIMEOUT_MS);

  it('packed tarball: npm ci and npm pack in a clone, then npm install --save-dev of the tarball in a project', () => {
    const packing = docBlock('README.md', 'Install', 'npm pack').replaceAll(GITHUB, `file://${origin}`);
    const packed = runBlock(packing, dir);
    expect(packed.stderr).not.toMatch(/npm error/);
    expect(packed.status).toBe(0);
    const version = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
    expect(packed.stdout.trim().split('\n').at(-1)).toBe(`platlint-${version}.tgz`);
    const root = project(join(dir, 'project'));
    const installed = runBlock(docBlock('README.md', 'Install', '../platlint/platlint-0.1.0.tgz'), root);
    expect(installed.stderr).not.toMatch(/npm error/);
    expect(installed.status).toBe(0);
    expect(installed.stdout).not.toContain('platform/jane.yaml');
  }, INSTALL_TIMEOUT_MS);

  it('git URL: npm install --save-dev git+file://...#main builds through prepare and links a working bin', () => {
    const block = docBlock('README.md', 'Install', `git+${GITHUB}`).replaceAll(`git+${GITHUB}`, `git+file://${origin}`);
    expect(block).toContain(`git+file://${origin}#main`);
    const root = project(join(dir, 'git-project'));
    const run = runBlock(block, root);
    expect(run.stderr).not.toMatch(/npm error/);
    expect(run.status).toBe(0);
    copyFileSync(join(repoRoot, 'fixtures/examples/broken-user.yaml'), join(root, 'platform', 'broken.yaml'));
    const broken = runBlock('npx platlint platform/', root);
    expect(broken.status).toBe(1);
    expect(broken.stdout).toMatch(/^ {2}10:3 +error +Unknown field "emial" in spec; did you mean "email"\?.*schema\/unknown-field$/m);
  }, INSTALL_TIMEOUT_MS);
});
