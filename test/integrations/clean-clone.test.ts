/**
 * What npm does in a clone leaves `git status` clean: package-lock.json describes package.json (npm rewrites a lock
 * whose root package disagrees with package.json on the next `npm install`), and the tarball `npm pack` writes is
 * ignored. test/e2e/install-routes.test.ts runs `npm install` in a fresh clone and checks `git status`; this catches
 * the causes in `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './built-cli.js';

type Manifest = Record<string, unknown>;

const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as Manifest;
const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as Manifest & { packages: Record<string, Manifest> };

/** The fields of package.json that npm copies into the lock's root package (`packages[""]`). */
const COPIED = ['name', 'version', 'license', 'bin', 'dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies', 'engines'];

describe('package-lock.json', () => {
  it('is a version 3 lock of this package', () => {
    expect([lock['lockfileVersion'], lock['name'], lock['version']]).toEqual([3, manifest['name'], manifest['version']]);
  });

  it('has a root package that agrees with package.json on every field npm copies there', () => {
    const root = lock.packages[''] ?? {};
    for (const field of COPIED) expect(root[field], field).toEqual(manifest[field]);
    expect(Object.keys(root).filter((key) => !COPIED.includes(key))).toEqual([]);
  });

  it('reads the same to npm 10 (Node 20 ships it) and npm 11: no `libc` field, which npm 10 drops and npm 11 leaves out', () => {
    // npm 11 records the C library of platform binaries (glibc or musl) and keeps a lock without it as it is; npm 10
    // drops the field, so a lock with it would be rewritten by `npm install` on a machine with Node 20's own npm.
    expect(Object.entries(lock.packages).filter(([, entry]) => 'libc' in entry).map(([path]) => path)).toEqual([]);
  });

  it('locks every dependency at the exact version package.json pins', () => {
    const pinned = { ...(manifest['dependencies'] as Record<string, string>), ...(manifest['devDependencies'] as Record<string, string>) };
    for (const [name, version] of Object.entries(pinned)) {
      expect(version, name).toMatch(/^\d+\.\d+\.\d+$/);
      expect(lock.packages[`node_modules/${name}`]?.['version'], name).toBe(version);
    }
  });
});

describe('.gitignore', () => {
  it('ignores the tarball npm pack writes in the clone, and not the lock', () => {
    const ignored = (path: string): number | null => spawnSync('git', ['check-ignore', '--quiet', '--no-index', path], { cwd: repoRoot }).status;
    expect(ignored(`platlint-${String(manifest['version'])}.tgz`)).toBe(0);
    expect(ignored('package-lock.json')).toBe(1);
  });
});
