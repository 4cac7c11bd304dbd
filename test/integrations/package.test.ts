/**
 * The package as npm publishes it and a user installs it: `npm pack` of the built checkout, installed with
 * `--omit=dev` into a new project. Its limits (files, size, packages added) are asserted here; `npm pack --dry-run`
 * and `npm install` print the figures.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { docBlock } from '../docs/doc-blocks.js';
import { ruleDocs } from '../../src/build/rule-docs-archive.js';
import { bins, ensureBuiltCli, repoRoot } from './built-cli.js';
import { installIntoNewProject, npm, packTarball, type Packed } from './package-tarball.js';

vi.setConfig({ testTimeout: 60_000 });

const CLEAN = join(repoRoot, 'fixtures/examples/maximal-user.yaml');
const BROKEN = join(repoRoot, 'fixtures/examples/broken-user.yaml');
const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  version: string;
  files: string[];
  dependencies: Record<string, string>;
  scripts: Record<string, string>;
  scarfSettings?: { enabled?: boolean };
};

let dir: string;
let packed: Packed;
let project: string;
let installedBin: string;

beforeAll(() => {
  ensureBuiltCli();
  dir = mkdtempSync(join(tmpdir(), 'platlint-package-'));
  packed = packTarball(join(dir, 'pack'));
  project = join(dir, 'project');
  const install = installIntoNewProject(project, packed.tarball);
  if (install.status !== 0) throw new Error(`installing the tarball failed: ${install.stderr}`);
  installedBin = join(project, 'node_modules', '.bin', 'platlint');
}, 180_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

function run(bin: string, args: readonly string[], cwd = project): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(bin, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', GITHUB_ACTIONS: '' }, timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm pack', () => {
  it('ships only what runs: the bundle (with the JSON Schemas), its licenses, the rule docs, README, LICENSE', () => {
    const paths = packed.files.map((f) => f.path);
    const allowed = [
      /^package\.json$/,
      /^README\.md$/,
      /^LICENSE$/,
      /^dist\/src\/bin\/(launch|platlint)\.cjs$/,
      /^dist\/src\/bin\/platlint-[0-9a-f]{20}\.code-cache$/,
      /^dist\/src\/bin\/THIRD-PARTY-LICENSES\.txt$/,
      /^dist\/src\/bin\/rule-docs\.json\.gz$/,
    ];
    expect(paths.filter((path) => !allowed.some((pattern) => pattern.test(path)))).toEqual([]);
    expect(paths).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'dist/src/bin/launch.cjs', 'dist/src/bin/platlint.cjs', 'dist/src/bin/rule-docs.json.gz']));
  });

  it('is at most 10 files and 3 MB unpacked (the bundle and its code cache are 1.3 MB each)', () => {
    expect(packed.files.length).toBeLessThanOrEqual(10);
    expect(packed.unpackedSize).toBeLessThanOrEqual(3_000_000);
  });

  it('carries the Apache-2.0 license text', () => {
    const license = readFileSync(join(project, 'node_modules', 'platlint', 'LICENSE'), 'utf8');
    expect(license).toMatch(/^\s*Apache License\s+Version 2\.0, January 2004/);
    expect(license).toContain('END OF TERMS AND CONDITIONS');
  });

  it('holds the code cache of the bundle it holds, and no other', () => {
    const bundle = readFileSync(join(project, 'node_modules', 'platlint', 'dist', 'src', 'bin', 'platlint.cjs'), 'utf8');
    const hash = /^\/\/ platlint bundle ([0-9a-f]{20})\n/.exec(bundle)?.[1];
    expect(packed.files.map((f) => f.path).filter((path) => path.endsWith('.code-cache'))).toEqual([`dist/src/bin/platlint-${hash}.code-cache`]);
  });

  it('names in THIRD-PARTY-LICENSES.txt the packages bundled in', () => {
    const notices = readFileSync(join(project, 'node_modules', 'platlint', 'dist', 'src', 'bin', 'THIRD-PARTY-LICENSES.txt'), 'utf8');
    for (const name of ['yaml', 'commander', 'picomatch', 'vscode-languageserver']) expect(notices).toMatch(new RegExp(`^${name} \\d+\\.\\d+\\.\\d+ \\(`, 'm'));
    // The runtime dependencies are installed beside the bundle, with their own license files.
    for (const name of Object.keys(manifest.dependencies)) expect(notices).not.toMatch(new RegExp(`^${name} `, 'm'));
    // A license text shared word for word (the five LSP packages) is printed once, the others point to it.
    expect(notices.match(/^Copyright \(c\) Microsoft Corporation$/gm)).toHaveLength(1);
    for (const [, name] of notices.matchAll(/^The same license text as (\S+ \S+), above\.$/gm)) expect(notices).toMatch(new RegExp(`^${name?.replace(/[.@/]/g, '\\$&')} \\(`, 'm'));
    expect(notices).toMatch(/^vscode-languageserver-types 3\.\d+\.\d+ \(MIT\)\n-+\n\nThe same license text as vscode-jsonrpc /m);
  });
});

describe('installing the tarball with --omit=dev into a new project', () => {
  it('adds at most 10 packages, none of which runs an install script', () => {
    const lock = JSON.parse(readFileSync(join(project, 'node_modules', '.package-lock.json'), 'utf8')) as { packages: Record<string, { hasInstallScript?: boolean }> };
    const added = Object.keys(lock.packages).filter((path) => path.startsWith('node_modules/'));
    expect(added).toContain('node_modules/platlint');
    expect(added.length).toBeLessThanOrEqual(10);
    expect(Object.entries(lock.packages).filter(([, entry]) => entry.hasInstallScript === true).map(([path]) => path)).toEqual([]);
    // The runtime dependencies are what the bundle leaves out (src/build/bundle-cli.ts), each with its own few.
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['ajv', 're2js']);
  });

  it('links the bin, which lints a clean file with exit 0 and a broken one with exit 1', () => {
    expect(Object.keys(bins)).toEqual(['platlint']);
    const clean = run(installedBin, [CLEAN]);
    expect(clean).toEqual({ status: 0, stdout: '', stderr: '' });
    const broken = run(installedBin, [BROKEN]);
    expect(broken.status).toBe(1);
    expect(broken.stdout).toMatch(/^ {2}10:3 +error +Unknown field "emial" in spec; did you mean "email"\?.*schema\/unknown-field$/m);
  });

  it('runs custom policies (CEL, ajv and re2js from the installed package)', () => {
    for (const pack of ['audit-retention', 'no-cluster-admin', 'sso-restricted']) {
      const result = run(installedBin, ['policy', 'test', join(repoRoot, 'fixtures', 'policies', pack)]);
      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(/^\d+ passed, 0 failed$/m);
      expect(result.status).toBe(0);
    }
  });

  it('without re2js beside it, says that auth/groups-filters failed, not that every pattern is wrong', () => {
    // The package copied out of the project that installed its dependencies, as someone vendoring the bundle would.
    const stranded = join(dir, 'stranded');
    cpSync(join(project, 'node_modules', 'platlint'), stranded, { recursive: true });
    const result = run(process.execPath, [join(stranded, 'dist/src/bin/launch.cjs'), join(repoRoot, 'fixtures/auth/groups-filters/invalid.yaml'), '--format', 'json']);
    const diagnostics = (JSON.parse(result.stdout) as { results: { diagnostics: { ruleId: string; line: number; message: string }[] }[] }).results[0]?.diagnostics ?? [];
    expect(diagnostics.map((d) => [d.ruleId, d.line])).toEqual([['internal/rule-error', 1]]);
    expect(diagnostics[0]?.message).toMatch(/^The rule auth\/groups-filters failed on this document \(Cannot find module 're2js'/);
    expect(result.status).toBe(1);
  });

  it('explains a rule from the shipped rule docs', () => {
    const result = run(installedBin, ['explain', 'auth/saml-ca']);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(readFileSync(join(repoRoot, 'rules', 'auth', 'saml-ca', 'README.md'), 'utf8'));
  });

  it('ships every rule doc, word for word, in the archive explain reads (and no rules/ directory)', () => {
    const installed = join(project, 'node_modules', 'platlint');
    expect(existsSync(join(installed, 'rules'))).toBe(false);
    const archived = JSON.parse(gunzipSync(readFileSync(join(installed, 'dist', 'src', 'bin', 'rule-docs.json.gz'))).toString('utf8')) as Record<string, string>;
    expect(archived).toEqual(ruleDocs(repoRoot));
    expect(Object.keys(archived).length).toBeGreaterThan(50);
    expect(run(installedBin, ['explain', 'no-such/rule']).status).toBe(2);
  });

  it('says in one line that the installation is damaged when the rule docs archive is garbage or a directory', () => {
    const archive = join(project, 'node_modules', 'platlint', 'dist', 'src', 'bin', 'rule-docs.json.gz');
    const kept = readFileSync(archive);
    const expected = {
      status: 2,
      stdout: '',
      stderr: 'platlint: internal error: the page of auth/saml-ca is not in this installation (dist/src/bin/rule-docs.json.gz is missing or damaged): reinstall platlint\n',
    };
    try {
      writeFileSync(archive, 'not gzip');
      expect(run(installedBin, ['explain', 'auth/saml-ca'])).toEqual(expected);
      rmSync(archive);
      mkdirSync(archive);
      expect(run(installedBin, ['explain', 'auth/saml-ca'])).toEqual(expected);
    } finally {
      rmSync(archive, { recursive: true, force: true });
      writeFileSync(archive, kept);
    }
    expect(run(installedBin, ['explain', 'auth/saml-ca']).status).toBe(0);
  });

  it('prints the JSON Schemas for editors (`platlint schema`), from the bundle', () => {
    for (const name of ['user', 'config', 'manifest', 'settings', 'policy', 'report', 'policy-test']) {
      const printed = run(installedBin, ['schema', name]);
      expect(printed.status).toBe(0);
      expect(JSON.parse(printed.stdout)).toMatchObject({ $schema: expect.stringMatching(/^https?:\/\/json-schema\.org\//) as unknown });
    }
  });

  it('starts the language server (bundled LSP library) and answers initialize', async () => {
    const server = spawn(installedBin, ['lsp', '--stdio'], { cwd: project, stdio: ['pipe', 'pipe', 'pipe'] });
    const send = (message: object): void => {
      const body = JSON.stringify({ jsonrpc: '2.0', ...message });
      server.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    };
    let received = '';
    const initialized = new Promise<string>((resolve, reject) => {
      server.stdout.on('data', (chunk: Buffer) => {
        received += chunk.toString('utf8');
        if (received.includes('"id":1')) resolve(received);
      });
      server.on('exit', (code) => reject(new Error(`the server exited (${code}) before answering: ${received}`)));
    });
    send({ id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
    const answer = await initialized;
    expect(answer).toMatch(/"capabilities":\{/);
    send({ id: 2, method: 'shutdown' });
    send({ method: 'exit' });
    const code = await new Promise<number | null>((resolve) => server.on('exit', resolve));
    expect(code).toBe(0);
  });
});

describe('the checkout', () => {
  it('has an executable bin after the build (npm test builds first)', () => {
    const bin = join(repoRoot, bins['platlint'] as string);
    expect(statSync(bin).mode & 0o111).toBe(0o111);
    expect(readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('opts out of the Scarf telemetry a devDependency would install', () => {
    expect(manifest.scarfSettings).toEqual({ enabled: false });
  });

  it('installs with `npm ci --omit=dev`: prepare builds nothing, prints nothing on stdout, and npm pack refuses to ship no CLI', () => {
    // A copy of what `prepare` needs, without the devDependencies it would build with.
    const copy = join(dir, 'omit-dev');
    mkdirSync(join(copy, 'src', 'build'), { recursive: true });
    for (const file of ['package.json', 'package-lock.json', '.npmrc', 'src/build/prepare.mjs']) cpSync(join(repoRoot, file), join(copy, file));
    const ci = npm(['ci', '--omit=dev', '--no-audit', '--no-fund'], copy);
    expect(ci.stderr).not.toMatch(/npm error/);
    expect(ci.status).toBe(0);
    expect(existsSync(join(copy, 'node_modules', 'typescript'))).toBe(false);
    expect(existsSync(join(copy, 'node_modules', 'ajv'))).toBe(true);
    // Packing without a built CLI fails, with nothing on stdout where pre-commit reads the tarball's name.
    const refused = npm(['pack', '--dry-run'], copy, { NODE_ENV: 'production' });
    // The prepare script's exit code, which npm passes on.
    expect(refused.status).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('dist/ not built: run `npm ci` first');
    // With a CLI built, `npm pack` prints the tarball's name alone: no script banner, no build output.
    mkdirSync(join(copy, 'dist', 'src', 'bin'), { recursive: true });
    writeFileSync(join(copy, 'dist', 'src', 'bin', 'platlint.cjs'), '// platlint bundle 0123456789abcdef\n');
    const pack = npm(['pack', '--dry-run'], copy, { NODE_ENV: 'production' });
    expect(pack.status).toBe(0);
    expect(pack.stdout).toBe(`platlint-${manifest.version}.tgz\n`);
  }, 180_000);
});

/** The README's install block for the packed tarball, run as written, with the tarball where the block packs it. */
describe('README install blocks', () => {
  it('npm install --save-dev of the tarball copied into the project: a devDependency that npx runs, staged for commit', () => {
    const block = docBlock('README.md', 'Install', './vendor/platlint-0.1.0.tgz');
    const tarball = `platlint-${manifest.version}.tgz`;
    expect(block.trim().split('\n')).toEqual([
      `mkdir -p vendor && cp ../platlint/${tarball} vendor/`,
      `npm install --save-dev ./vendor/${tarball}`,
      'npx platlint platform/',
      `git add vendor/${tarball} package.json package-lock.json`,
    ]);
    // The block before it packs the tarball in a clone beside the project (test/e2e/install-routes.test.ts runs both,
    // then `npm ci` in a clone of the project, as CI runs it).
    const root = join(dir, 'readme-tarball');
    mkdirSync(join(root, 'platlint'), { recursive: true });
    copyFileSync(packed.tarball, join(root, 'platlint', tarball));
    const project = join(root, 'project');
    mkdirSync(join(project, 'platform'), { recursive: true });
    copyFileSync(CLEAN, join(project, 'platform', 'jane.yaml'));
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'platform-config', version: '1.0.0', private: true }) + '\n');
    expect(spawnSync('git', ['init', '--quiet'], { cwd: project }).status).toBe(0);
    const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
    const result = spawnSync('bash', ['-e', '-c', block], { cwd: project, encoding: 'utf8', env: { ...base, NO_COLOR: '1', GITHUB_ACTIONS: '' }, timeout: 170_000 });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).not.toContain('platform/jane.yaml');
    const installed = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { devDependencies?: Record<string, string> };
    expect(installed.devDependencies).toEqual({ platlint: `file:vendor/${tarball}` });
    const staged = spawnSync('git', ['diff', '--cached', '--name-only'], { cwd: project, encoding: 'utf8' }).stdout;
    expect(staged).toBe(`package-lock.json\npackage.json\nvendor/${tarball}\n`);
    copyFileSync(BROKEN, join(project, 'platform', 'broken.yaml'));
    const broken = spawnSync('npx', ['platlint', 'platform/'], { cwd: project, encoding: 'utf8', env: { ...base, NO_COLOR: '1', GITHUB_ACTIONS: '' } });
    expect(broken.status).toBe(1);
    expect(broken.stdout).toContain('schema/unknown-field');
  }, 180_000);
});
