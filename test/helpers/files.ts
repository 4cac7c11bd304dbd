import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { walkYamlFiles } from '../../src/project/files.js';

/** Every YAML file under a directory, found by the linter's own walker (ignore files aside); a problem throws. */
export function yamlFilesUnder(dir: string): string[] {
  const errors: string[] = [];
  const files = walkYamlFiles(dir, errors, { ignoreFiles: false, cwd: process.cwd() });
  if (errors.length) throw new Error(errors.join('\n'));
  return files;
}

/** A new temporary directory holding the given files (paths relative to it, folders created). */
export function tempTree(prefix: string, files: Readonly<Record<string, string>>): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

/** tempTree as a git repository on branch main, its files committed with `commit`; a git command that fails throws. */
export function gitTree(prefix: string, files: Readonly<Record<string, string>>, options: { commit?: boolean } = {}): string {
  const dir = tempTree(prefix, files);
  const commands = [['init', '-q', '-b', 'main'], ...(options.commit ? [['add', '.'], ['-c', 'user.name=t', '-c', 'user.email=t@t.invalid', 'commit', '-qm', 'start']] : [])];
  for (const args of commands) {
    const run = spawnSync('git', args, { cwd: dir, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
  }
  return dir;
}

/** A named pipe at the path (nothing writes to it: reading it would wait forever). */
export function mkfifo(path: string): void {
  const made = spawnSync('mkfifo', [path]);
  if (made.status !== 0) throw new Error(`mkfifo failed: ${made.stderr}`);
}

/** What a file platlint reads can be instead of a regular file: endless (/dev/zero), or blocking forever (a FIFO). */
export type HostileFile = 'a FIFO' | '/dev/zero' | 'a link to /dev/zero';

/** Makes `name` under `dir` a FIFO or a link to /dev/zero (folders created); /dev/zero itself is not made. The path. */
export function hostileFile(dir: string, name: string, kind: HostileFile): string {
  if (kind === '/dev/zero') return '/dev/zero';
  const path = join(dir, name);
  mkdirSync(join(path, '..'), { recursive: true });
  if (kind === 'a FIFO') mkfifo(path);
  else symlinkSync('/dev/zero', path);
  return path;
}

/** Why platlint does not read such a file, as it says it. */
export function refusalOf(kind: HostileFile): string {
  return kind === 'a FIFO' ? 'it is a FIFO, not a regular file' : 'it is a device, not a regular file';
}
