/**
 * pre-commit end to end, with the real tool (`.ci/run` installs Debian's pre-commit when it is missing): the README's
 * `.pre-commit-config.yaml`, pointed at a clone of the commit under test, in a throwaway repository.
 *
 * pre-commit builds the hook as it would for a user: `npm install` and `npm pack` in its own clone of the repository
 * (up to 4.6.0, Debian's 3.0.4 included), or `npm install -g git+file://...` (4.6.1 and later, whose command is run
 * below without pre-commit). Both run `prepare` (src/build/prepare.mjs). Not part of `npm test`: it installs the devDependencies
 * from the registry and takes minutes. Run it with `npx vitest run test/e2e`.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { bins, ensureBuiltCli, repoRoot } from '../integrations/built-cli.js';
import { docBlock } from '../docs/doc-blocks.js';

const INSTALL_TIMEOUT_MS = 900_000;

/** The environment of a user's shell: none of the settings an `npm test` or vitest run put there. */
const userEnv: Record<string, string> = Object.fromEntries(
  Object.entries(process.env).filter(([key, value]) => value !== undefined && !/^(npm_|VITEST|NODE_OPTIONS$|INIT_CWD$)/i.test(key)),
) as Record<string, string>;

function sh(command: string, args: readonly string[], cwd: string, env: Record<string, string> = {}): { status: number | null; output: string } {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...userEnv, NO_COLOR: '1', ...env }, timeout: INSTALL_TIMEOUT_MS });
  if (result.error) throw result.error;
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function git(args: readonly string[], cwd: string): string {
  const run = sh('git', ['-c', 'user.name=platlint-e2e', '-c', 'user.email=e2e@platlint.invalid', '-c', 'init.defaultBranch=main', ...args], cwd);
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.output}`);
  return run.output.trim();
}

let dir: string;
let clone: string;
let rev: string;

beforeAll(() => {
  const version = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' });
  if (version.error || version.status !== 0) {
    throw new Error('pre-commit is not installed: .ci/run installs it (apt-get install -y pre-commit), or install it by hand');
  }
  dir = mkdtempSync(join(tmpdir(), 'platlint-pre-commit-'));
  rev = git(['rev-parse', 'HEAD'], repoRoot);
  clone = join(dir, 'platlint');
  git(['clone', '--quiet', '--no-checkout', repoRoot, clone], dir);
  git(['checkout', '--quiet', rev], clone);
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 120_000);

function write(root: string, path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

describe('the README pre-commit configuration and its autoupdate command, with the real pre-commit', () => {
  it('fails on a broken manifest with its diagnostic, leaves other YAML alone, and passes once it is fixed', () => {
    const project = join(dir, 'project');
    mkdirSync(project);
    git(['init', '--quiet'], project);
    // The README's configuration, pointed at the clone; its pinned commit is then moved to the clone's newest by the
    // README's own autoupdate command.
    const config = docBlock('README.md', 'pre-commit', '- id: platlint').replaceAll('https://github.com/platlint/platlint', clone);
    expect(config).toMatch(/^ {4}rev: [0-9a-f]{40}$/m);
    write(project, '.pre-commit-config.yaml', config);
    const autoupdate = docBlock('README.md', 'pre-commit', 'pre-commit autoupdate').trim().replaceAll('https://github.com/platlint/platlint', clone);
    const updated = sh('bash', ['-c', autoupdate], project, { PRE_COMMIT_HOME: join(dir, 'pre-commit-cache') });
    expect(updated.status, updated.output).toBe(0);
    expect(readFileSync(join(project, '.pre-commit-config.yaml'), 'utf8')).toMatch(new RegExp(`^ {4}rev: ${rev}$`, 'm'));
    copyFileSync(join(repoRoot, 'fixtures/examples/broken-user.yaml'), join(project, 'platform-jane.yaml'));
    mkdirSync(join(project, 'platform', 'users'), { recursive: true });
    copyFileSync(join(repoRoot, 'fixtures/examples/broken-user.yaml'), join(project, 'platform/users/jane.yaml'));
    copyFileSync(join(repoRoot, 'fixtures/examples/maximal-user.yaml'), join(project, 'platform/users/john.yaml'));
    // Non-platform YAML: outside the hook's `files: ^platform/` (never passed to platlint), and inside it, where
    // platlint itself skips YAML that is not a manifest.
    write(project, '.github/workflows/ci.yml', 'name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: make test\n');
    write(project, 'platform/values.yaml', 'replicas: 2\nimage:\n  repository: registry.example.com/platform\n  tag: "1.4"\n');
    git(['add', '-A'], project);

    const cache = join(dir, 'pre-commit-cache');
    const failing = sh('pre-commit', ['run', '--all-files'], project, { PRE_COMMIT_HOME: cache });
    expect(failing.output).toMatch(/^platlint\.+Failed$/m);
    expect(failing.output).toContain('platform/users/jane.yaml');
    expect(failing.output).toMatch(/^ {2}10:3 +error +Unknown field "emial" in spec; did you mean "email"\?.*schema\/unknown-field$/m);
    for (const other of ['platform/users/john.yaml', 'platform/values.yaml', '.github/workflows/ci.yml', 'platform-jane.yaml']) expect(failing.output).not.toContain(other);
    expect(failing.status).toBe(1);

    git(['rm', '--quiet', '--force', 'platform/users/jane.yaml'], project);
    const passing = sh('pre-commit', ['run', '--all-files'], project, { PRE_COMMIT_HOME: cache });
    expect(passing.output).toMatch(/^platlint\.+Passed$/m);
    expect(passing.status).toBe(0);
  }, INSTALL_TIMEOUT_MS);
});

describe('the hook definition with the real pre-commit', () => {
  it('passes every file to one platlint process (require_serial): --all-files prints one summary', () => {
    ensureBuiltCli();
    // The hook as .pre-commit-hooks.yaml defines it, run from this checkout (`repo: local`) rather than installed.
    const [hook] = parse(readFileSync(join(repoRoot, '.pre-commit-hooks.yaml'), 'utf8')) as Record<string, unknown>[];
    const local = { ...hook, language: 'system', entry: `${process.execPath} ${join(repoRoot, bins['platlint'] ?? '')}`, files: '^platform/' };
    const project = join(dir, 'serial');
    mkdirSync(project);
    git(['init', '--quiet'], project);
    write(project, '.pre-commit-config.yaml', stringify({ repos: [{ repo: 'local', hooks: [local] }] }));
    mkdirSync(join(project, 'platform'));
    for (let i = 0; i < 40; i++) copyFileSync(join(repoRoot, 'fixtures/examples/broken-user.yaml'), join(project, 'platform', `user-${i}.yaml`));
    git(['add', '-A'], project);
    const run = sh('pre-commit', ['run', '--all-files'], project, { PRE_COMMIT_HOME: join(dir, 'pre-commit-cache') });
    expect(run.status).toBe(1);
    expect(run.output.split('\n').filter((line) => line.startsWith('✖ '))).toEqual([expect.stringMatching(/ in 40 files with problems \(40 files linted\)$/) as unknown]);
  }, 120_000);
});

describe('the hook with args: [--fix], with the real pre-commit', () => {
  it('fixes the staged files, fails the commit once with what it fixed, and passes once the fixes are staged', () => {
    ensureBuiltCli();
    const config = parse(docBlock('docs/integrations.md', 'Fixing on commit', '--fix')) as { repos: { hooks: Record<string, unknown>[] }[] };
    const [hook] = parse(readFileSync(join(repoRoot, '.pre-commit-hooks.yaml'), 'utf8')) as Record<string, unknown>[];
    // The docs' hook settings, on the hook as .pre-commit-hooks.yaml defines it, run from this checkout.
    const local = { ...hook, ...config.repos[0]?.hooks[0], language: 'system', entry: `${process.execPath} ${join(repoRoot, bins['platlint'] ?? '')}` };
    const project = join(dir, 'fix');
    mkdirSync(project);
    git(['init', '--quiet'], project);
    write(project, '.pre-commit-config.yaml', stringify({ repos: [{ repo: 'local', hooks: [local] }] }));
    const user = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\n  selfLink: /apis/management.platform/v1/users/jane\nspec:\n  emial: jane@example.com\n';
    write(project, 'platform/jane.yaml', user);
    git(['add', '-A'], project);
    const cache = join(dir, 'pre-commit-cache');
    const fixing = sh('pre-commit', ['run', '--all-files'], project, { PRE_COMMIT_HOME: cache });
    expect(fixing.output).toMatch(/^platlint\.+Failed$/m);
    expect(fixing.output).toContain('- files were modified by this hook');
    expect(fixing.output).toContain('✔ Fixed 2 problems in 1 file.');
    expect(fixing.status).toBe(1);
    expect(readFileSync(join(project, 'platform/jane.yaml'), 'utf8')).toBe(user.replace('  selfLink: /apis/management.platform/v1/users/jane\n', '').replace('emial', 'email'));
    git(['add', '-A'], project);
    const passing = sh('pre-commit', ['run', '--all-files'], project, { PRE_COMMIT_HOME: cache });
    expect(passing.output).toMatch(/^platlint\.+Passed$/m);
    expect(passing.status).toBe(0);
  }, 120_000);
});

describe('the policy test hook with the real pre-commit', () => {
  it('runs platlint policy test on the folder of its args once, and fails the commit on a failing fixture', () => {
    ensureBuiltCli();
    const hooks = parse(readFileSync(join(repoRoot, '.pre-commit-hooks.yaml'), 'utf8')) as Record<string, unknown>[];
    const hook = hooks.find((h) => h['id'] === 'platlint-policy-test');
    expect(hook).toMatchObject({ entry: 'platlint policy test', pass_filenames: false, args: ['policies/'] });
    // Run from this checkout (`repo: local`) with the definition's own args, as the installed hook runs them.
    const local = { ...hook, language: 'system', entry: `${process.execPath} ${join(repoRoot, bins['platlint'] ?? '')} policy test` };
    const project = join(dir, 'policy-tests');
    mkdirSync(project);
    git(['init', '--quiet'], project);
    write(project, '.pre-commit-config.yaml', stringify({ repos: [{ repo: 'local', hooks: [local] }] }));
    for (const file of ['policy.yaml', 'tests/invalid.yaml', 'tests/valid.yaml']) {
      write(project, `policies/no-cluster-admin/${file}`, readFileSync(join(repoRoot, 'fixtures/policies/no-cluster-admin', file), 'utf8'));
    }
    git(['add', '-A'], project);
    const cache = join(dir, 'pre-commit-cache');
    const passing = sh('pre-commit', ['run', 'platlint-policy-test', '--all-files'], project, { PRE_COMMIT_HOME: cache });
    expect(passing.output).toMatch(/^platlint policy test\.+Passed$/m);
    expect(passing.status).toBe(0);

    // A fixture whose marker the policy no longer meets.
    const invalid = join(project, 'policies/no-cluster-admin/tests/invalid.yaml');
    writeFileSync(invalid, readFileSync(invalid, 'utf8').replace('# expect: acme/no-cluster-admin', ''));
    git(['add', '-A'], project);
    const failing = sh('pre-commit', ['run', 'platlint-policy-test', '--all-files'], project, { PRE_COMMIT_HOME: cache });
    expect(failing.output).toMatch(/^platlint policy test\.+Failed$/m);
    expect(failing.output).toContain('FAIL - policies/no-cluster-admin/tests/invalid.yaml\n  line ');
    expect(failing.output).toContain('1 passed, 1 failed');
    expect(failing.status).toBe(1);
  }, 120_000);
});

describe('installing from git with the command of pre-commit 4.6.1 and later', () => {
  it('builds in prepare (which installs the devDependencies it needs) and installs a working bin', () => {
    const prefix = join(dir, 'global');
    // pre_commit/languages/node.py: `npm install --allow-git=root --install-links -g git+file://<clone>`.
    const install = sh('npm', ['install', '--allow-git=root', '--install-links', '--global', '--no-audit', '--no-fund', `git+file://${clone}#${rev}`], dir, { NPM_CONFIG_PREFIX: prefix });
    expect(install.output).not.toMatch(/npm error/);
    expect(install.status).toBe(0);
    const bin = join(prefix, 'bin', 'platlint');
    const clean = sh(bin, [join(repoRoot, 'fixtures/examples/maximal-user.yaml')], dir);
    expect(clean).toEqual({ status: 0, output: '' });
    const broken = sh(bin, [join(repoRoot, 'fixtures/examples/broken-user.yaml')], dir);
    expect(broken.status).toBe(1);
    expect(broken.output).toContain('schema/unknown-field');
  }, INSTALL_TIMEOUT_MS);
});
