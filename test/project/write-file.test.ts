import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AtomicFile, FileWriteError, writeFileAtomic } from '../../src/project/write-file.js';
import { BIN, runCli } from '../helpers/cli.js';
import { tempTree } from '../helpers/files.js';

const HEAD = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n';
/** A User of more than 1 KiB (its annotations) whose fix (`--fix` drops the repeated group) is as long. */
const LARGE_FIXABLE = `${HEAD}  name: jane\n  annotations:\n${Array.from({ length: 60 }, (_, i) => `    example.com/k${i}: value-${i}\n`).join('')}spec:\n  username: jane\n  groups:\n    - sre\n    - sre\n`;
const broken = (name: string): string => `${HEAD}  name: ${name}\nspec:\n  username: ${name}\n  tokenGeneration: "3"\n`;

/** Twenty Users with a problem each: a baseline, a cache and a report of more than 1 KiB. */
function project(): string {
  return tempTree('platlint-write-', Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`users/user-${i}.yaml`, broken(`user-${i}`)])));
}

/** Every file of a folder and below, by its path, with its bytes: what a failed write must leave as it was. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.set(join(entry.parentPath, entry.name), readFileSync(join(entry.parentPath, entry.name), 'latin1'));
  }
  return out;
}

/** The built CLI with a limit on the size of the files it writes (`ulimit -f`, in KiB): a disk that fills up. */
function runLimited(kib: number, args: readonly string[], cwd: string): [number | null, string] {
  const run = spawnSync('bash', ['-c', `ulimit -f ${kib}; exec "$0" "$@"`, process.execPath, BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 });
  return [run.status, run.stderr];
}

describe('a write that fails half-way leaves the old file byte for byte', () => {
  it('--fix on a manifest, which otherwise keeps its mode', () => {
    const dir = tempTree('platlint-write-', { 'users/jane.yaml': LARGE_FIXABLE });
    const file = join(dir, 'users/jane.yaml');
    chmodSync(file, 0o640);
    const before = snapshot(dir);
    expect(runLimited(1, ['--fix', 'users/jane.yaml'], dir)).toEqual([2, 'platlint: cannot write users/jane.yaml: EFBIG: file too large (the old file is kept)\n']);
    expect(snapshot(dir)).toEqual(before);
    expect(runCli(['--fix', 'users/jane.yaml'], { cwd: dir }).status).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(LARGE_FIXABLE.replace('    - sre\n    - sre\n', '    - sre\n'));
    expect(statSync(file).mode & 0o777).toBe(0o640);
  });

  it('platlint baseline, and baseline --prune', () => {
    const dir = project();
    expect(runCli(['baseline'], { cwd: dir }).stderr).toBe('platlint: wrote .platlint-baseline.json: 20 entries\n');
    writeFileSync(join(dir, 'users/user-0.yaml'), broken('user-0').replace('"3"', '3'));
    const before = snapshot(dir);
    expect(readFileSync(join(dir, '.platlint-baseline.json')).length).toBeGreaterThan(1024);
    const failed: [number | null, string] = [2, 'platlint: cannot write .platlint-baseline.json: EFBIG: file too large (the old file is kept)\n'];
    expect(runLimited(1, ['baseline'], dir)).toEqual(failed);
    expect(snapshot(dir)).toEqual(before);
    expect(runLimited(1, ['baseline', '--prune'], dir)).toEqual(failed);
    expect(snapshot(dir)).toEqual(before);
  });

  it('the --cache file', () => {
    const dir = project();
    expect(runCli(['users', '--cache'], { cwd: dir }).status).toBe(1);
    writeFileSync(join(dir, 'users/user-0.yaml'), broken('user-0').replace('"3"', '3'));
    const before = snapshot(dir);
    const cache = join(dir, '.platlintcache/cache.json');
    expect(readFileSync(cache).length).toBeGreaterThan(1024);
    expect(runLimited(1, ['users', '--cache'], dir)).toEqual([2, `platlint: cannot write cache ${cache}: EFBIG: file too large (the old file is kept)\n`]);
    expect(snapshot(dir)).toEqual(before);
  });

  it('an -o report, while the other reports are written', () => {
    const dir = project();
    expect(runCli(['users', '--format', 'json', '-o', 'report.json'], { cwd: dir }).status).toBe(1);
    writeFileSync(join(dir, 'users/user-0.yaml'), broken('user-0').replace('"3"', '3'));
    const before = snapshot(dir);
    const run = spawnSync('bash', ['-c', 'ulimit -f 1; exec "$0" "$@"', process.execPath, BIN, 'users', '--format', 'json', '-o', 'report.json', '--format', 'github'], { cwd: dir, encoding: 'utf8' });
    expect([run.status, run.stderr]).toEqual([2, 'platlint: cannot write report.json: EFBIG: file too large (the old file is kept)\n']);
    expect(run.stdout.split('\n').filter(Boolean)).toHaveLength(19);
    expect(snapshot(dir)).toEqual(before);
  });

  it("init's starter configuration, which is then not there at all", () => {
    const dir = tempTree('platlint-write-', { 'users/jane.yaml': broken('jane') });
    const before = snapshot(dir);
    expect(runLimited(0, ['init'], dir)).toEqual([2, 'platlint: cannot write .platlint.yaml: EFBIG: file too large\n']);
    expect(snapshot(dir)).toEqual(before);
    expect(readdirSync(dir)).toEqual(['users']);
  });
});

describe('readers of the baseline while writers run', () => {
  it('see a whole baseline on every read, and no writer fails on reading another one', async () => {
    // Large enough (some 150 kB) that a write takes many system calls: a reader would catch one half-way.
    const dir = tempTree('platlint-write-', Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`users/user-${i}.yaml`, broken(`user-${i}`).replace('spec:', 'spec:\n  emial: x@example.com\n  groups: [a, a]')])));
    const baseline = join(dir, '.platlint-baseline.json');
    expect(runCli(['baseline'], { cwd: dir }).stderr).toBe('platlint: wrote .platlint-baseline.json: 900 entries\n');
    const whole = readFileSync(baseline, 'utf8');
    const writers = Array.from({ length: 4 }, () => {
      const writer = spawn(process.execPath, [BIN, 'baseline'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
      let stderr = '';
      writer.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
      return new Promise<[number | null, string]>((resolve) => writer.on('close', (code) => resolve([code, stderr])));
    });
    let running = true;
    const done = Promise.all(writers).finally(() => (running = false));
    let reads = 0;
    while (running) {
      // Each read is the baseline as one writer left it: the same text every time, since they write the same.
      expect(readFileSync(baseline, 'utf8')).toBe(whole);
      reads++;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await done).toEqual(Array.from({ length: 4 }, () => [0, 'platlint: wrote .platlint-baseline.json: 900 entries\n']));
    expect(reads).toBeGreaterThan(10);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

describe('AtomicFile', () => {
  it('writes through a symbolic link into the file it points to, and keeps the link, with throughLinks', () => {
    const dir = tempTree('platlint-write-', { 'real/config.yaml': 'old\n' });
    symlinkSync('real/config.yaml', join(dir, 'link.yaml'));
    writeFileAtomic(join(dir, 'link.yaml'), 'new\n', { throughLinks: true });
    expect([lstatSync(join(dir, 'link.yaml')).isSymbolicLink(), readlinkSync(join(dir, 'link.yaml')), readFileSync(join(dir, 'real/config.yaml'), 'utf8')]).toEqual([true, 'real/config.yaml', 'new\n']);
    expect(readdirSync(join(dir, 'real'))).toEqual(['config.yaml']);
  });

  it('replaces a symbolic link to a file by the new file otherwise, and leaves what it pointed to', () => {
    const dir = tempTree('platlint-write-', { 'real/config.yaml': 'old\n' });
    symlinkSync('real/config.yaml', join(dir, 'link.yaml'));
    writeFileAtomic(join(dir, 'link.yaml'), 'new\n');
    expect([lstatSync(join(dir, 'link.yaml')).isSymbolicLink(), readFileSync(join(dir, 'link.yaml'), 'utf8'), readFileSync(join(dir, 'real/config.yaml'), 'utf8')]).toEqual([false, 'new\n', 'old\n']);
    expect(readdirSync(dir).sort()).toEqual(['link.yaml', 'real']);
  });

  it('writes straight into a device or a pipe, which have no content to keep', () => {
    writeFileAtomic('/dev/null', 'nothing\n');
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
    const dir = tempTree('platlint-write-', { 'jane.yaml': broken('jane') });
    const run = spawnSync('bash', ['-c', 'set -o pipefail; "$0" "$@" | cat', process.execPath, BIN, 'jane.yaml', '--format', 'json', '-o', '/dev/stdout'], { cwd: dir, encoding: 'utf8' });
    expect([run.status, run.stderr]).toEqual([1, '']);
    expect((JSON.parse(run.stdout) as { summary: { errors: number } }).summary.errors).toBe(1);
  });

  it('leaves the old file when aborted, and refuses a folder in one line', () => {
    const dir = tempTree('platlint-write-', { 'report.txt': 'old\n' });
    const file = new AtomicFile(join(dir, 'report.txt'), { shown: 'report.txt' });
    file.write('half of a new');
    expect(readdirSync(dir)).toHaveLength(2);
    file.abort();
    expect([readdirSync(dir), readFileSync(join(dir, 'report.txt'), 'utf8')]).toEqual([['report.txt'], 'old\n']);
    mkdirSync(join(dir, 'folder'));
    expect(() => writeFileAtomic(join(dir, 'folder'), 'x', { shown: 'folder' })).toThrow(new FileWriteError('cannot write folder: EISDIR: it is a directory'));
    expect(() => writeFileAtomic(join(dir, 'missing/x.txt'), 'x', { shown: 'missing/x.txt' })).toThrow(new FileWriteError('cannot write missing/x.txt: ENOENT: no such file or directory'));
    expect(readdirSync(dir).sort()).toEqual(['folder', 'report.txt']);
  });
});
