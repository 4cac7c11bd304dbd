/**
 * The README's install routes that need a clone and npm's full install, run as written against a `file://` clone of
 * the commit under test (there is no network to reach GitHub): the quick start in the clone (which must leave it
 * clean), the packed tarball and the git URL (`npm install --save-dev git+file://...#main`, which builds through
 * `prepare`). Each route the README says works in CI is then installed as CI installs it: the project committed, a
 * fresh clone of it, `npm ci` with an empty npm cache; the route it says does not work fails there the way it says.
 * Not part of `npm test`: each installs the devDependencies and builds. Run it with `npm run test:e2e`.
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
  const result = spawnSync('git', ['-c', 'advice.detachedHead=false', '-c', 'user.name=platlint-e2e', '-c', 'user.email=e2e@platlint.invalid', '-c', 'init.defaultBranch=main', ...args], { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

/** A project with a clean manifest in platform/, as the README's commands expect, in a git repository. */
function project(root: string): string {
  mkdirSync(join(root, 'platform'), { recursive: true });
  copyFileSync(join(repoRoot, 'fixtures/examples/maximal-user.yaml'), join(root, 'platform', 'jane.yaml'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'platform-config', version: '1.0.0', private: true }, null, 2) + '\n');
  writeFileSync(join(root, '.gitignore'), 'node_modules/\n');
  git(['init', '--quiet'], root);
  return root;
}

/**
 * The project as a CI job installs it: what is committed (everything not ignored), cloned into a runner's folder
 * with nothing beside it, then `npm ci` with an npm cache of its own, empty as on a fresh runner.
 */
function ciInstall(root: string, name: string): { checkout: string; ci: { status: number | null; stdout: string; stderr: string } } {
  git(['add', '-A'], root);
  git(['commit', '--quiet', '-m', 'platlint as a devDependency'], root);
  const runner = join(dir, 'runners', name);
  mkdirSync(runner, { recursive: true });
  const checkout = join(runner, 'checkout');
  git(['clone', '--quiet', root, checkout], runner);
  const ci = runBlock(`npm ci --no-audit --no-fund --cache '${join(runner, 'npm-cache')}'`, checkout);
  return { checkout, ci };
}

/** An npm command that succeeded without an error. */
function expectSucceeded(run: { status: number | null; stderr: string }): void {
  expect(run.stderr).not.toMatch(/npm error/);
  expect(run.status).toBe(0);
}

/** The project, committed, installs in CI and lints there. */
function expectWorksInCi(root: string, name: string): void {
  const { checkout, ci } = ciInstall(root, name);
  expectSucceeded(ci);
  expectWorkingPlatlint(checkout);
}

/** In the checkout of a project: the clean manifest passes, a broken one fails with the error at its place. */
function expectWorkingPlatlint(checkout: string): void {
  const clean = runBlock('npx platlint platform/', checkout);
  expect([clean.status, clean.stdout, clean.stderr]).toEqual([0, '', '']);
  copyFileSync(join(repoRoot, 'fixtures/examples/broken-user.yaml'), join(checkout, 'platform', 'broken.yaml'));
  const broken = runBlock('npx platlint platform/', checkout);
  expect(broken.status).toBe(1);
  expect(broken.stdout).toMatch(/^ {2}10:3 +error +Unknown field "emial" in spec; did you mean "email"\?.*schema\/unknown-field$/m);
}

let packed = false;

/**
 * The README's block that clones platlint and packs it, run once in the folder of the projects: the tarball is then
 * at ../platlint/platlint-VERSION.tgz from each project, as the README has it. The clone stays clean.
 */
function packClone(): void {
  if (packed) return;
  const packing = docBlock('README.md', 'Install', 'npm pack').replaceAll(GITHUB, `file://${origin}`);
  const run = runBlock(packing, dir);
  expectSucceeded(run);
  const version = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
  expect(run.stdout.trim().split('\n').at(-1)).toBe(`platlint-${version}.tgz`);
  expect(git(['status', '--porcelain', '--untracked-files=all'], join(dir, 'platlint'))).toBe('');
  packed = true;
}

/** The README's prose after a route's blocks: the sentence that says whether it works in CI. */
function readmeInstallProse(): string {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  return readme.slice(readme.indexOf('## Install\n'), readme.indexOf('## Quick start\n')).replace(/\s+/g, ' ');
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

// Seven installs' node_modules (the clone, three projects, three CI checkouts): minutes to remove on a loaded machine.
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 600_000);

describe('the README install routes, against a file:// clone', () => {
  it('quick start: npm install in a clone builds the CLI, which lints the examples (exit 1: two are broken), and leaves the clone clean', () => {
    const clone = join(dir, 'quick-start');
    git(['clone', '--quiet', origin, clone], dir);
    const block = docBlock('README.md', 'Quick start', 'npm install && npx platlint fixtures/examples/');
    const run = runBlock(block, clone);
    expect(run.stderr).not.toMatch(/npm error/);
    expect(run.stdout).toMatch(/^fixtures\/examples\/broken-user\.yaml$/m);
    expect(run.stdout).toMatch(/^fixtures\/examples\/broken-config\.yaml$/m);
    expect(run.stdout).not.toMatch(/^fixtures\/examples\/maximal-user\.yaml$/m);
    expect(run.status).toBe(1);
    expect(git(['status', '--porcelain', '--untracked-files=all'], clone)).toBe('');
  }, INSTALL_TIMEOUT_MS);

  it('packed tarball: packed in a clone, committed into the project and installed from there; npm ci in a fresh clone of the project works', () => {
    packClone();
    const root = project(join(dir, 'project'));
    const installed = runBlock(docBlock('README.md', 'Install', './vendor/platlint-0.1.0.tgz'), root);
    expectSucceeded(installed);
    expect(installed.stdout).not.toContain('platform/jane.yaml');
    expect(readmeInstallProse()).toContain('This works in CI because the tarball is in your repository');
    expectWorksInCi(root, 'tarball');
  }, INSTALL_TIMEOUT_MS);

  it('packed tarball installed from the clone beside the project: npm ci in a fresh clone of the project fails as the README says', () => {
    const prose = readmeInstallProse();
    const command = /Installed straight from the clone \(`([^`]+)`\), it works on your machine only/.exec(prose)?.[1];
    const error = /`npm ci` fails with `([^`]+)`/.exec(prose)?.[1];
    expect(command).toBe('npm install --save-dev ../platlint/platlint-0.1.0.tgz');
    packClone();
    const root = project(join(dir, 'project-outside'));
    expectSucceeded(runBlock(command ?? '', root));
    const { ci } = ciInstall(root, 'outside');
    // npm's exit code for an ENOENT (errno -2).
    expect(ci.status).toBe(254);
    const [before, after] = (error ?? '').split('...');
    expect(ci.stderr).toContain(`${before ?? ''}${join(dir, 'runners', 'outside')}${after ?? ''}`);
  }, INSTALL_TIMEOUT_MS);

  it('git URL: npm install --save-dev git+file://...#main builds through prepare; npm ci in a fresh clone of the project builds the locked commit', () => {
    const block = docBlock('README.md', 'Install', `git+${GITHUB}`).replaceAll(`git+${GITHUB}`, `git+file://${origin}`);
    expect(block).toContain(`git+file://${origin}#main`);
    const root = project(join(dir, 'git-project'));
    expectSucceeded(runBlock(block, root));
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { resolved?: string }> };
    expect(lock.packages['node_modules/platlint']?.resolved).toBe(`git+file://${origin}#${git(['rev-parse', 'main'], origin)}`);
    expect(readmeInstallProse()).toContain('This works in CI: `package-lock.json` records the commit, and `npm ci` on a fresh runner fetches and builds that commit');
    expectWorksInCi(root, 'git');
  }, INSTALL_TIMEOUT_MS);
});
