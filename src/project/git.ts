/**
 * `lint --base REF`: the previous versions come from git. One `git ls-tree` lists the YAML files at REF and one
 * `git cat-file --batch` reads them all, so the cost does not grow with process starts. Only this module starts git,
 * and only `--base` loads it.
 */
import { spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PreviousFiles } from '../change/context.js';
import { API_GROUP } from '../engine/scope.js';
import { isYamlFileName, relativeTo } from '../settings-file/paths.js';

export class GitBaseError extends Error {}

const MAX_OUTPUT = 1 << 30;

function git(args: readonly string[], cwd: string, input?: string): Buffer {
  const run = spawnSync('git', args, { cwd, ...(input !== undefined ? { input } : {}), maxBuffer: MAX_OUTPUT });
  if (run.error) {
    const code = (run.error as NodeJS.ErrnoException).code;
    throw new GitBaseError(code === 'ENOENT' ? '--base needs git, which is not installed or not on PATH' : `--base: git failed (${code ?? run.error.message})`);
  }
  if (run.status !== 0) {
    const detail = run.stderr.toString('utf8').trim().split('\n')[0] ?? '';
    throw new GitBaseError(`--base: git ${args[0]} failed${detail ? `: ${detail.replace(/^fatal:\s*/, '')}` : ''}`);
  }
  return run.stdout;
}

/** Splits `git cat-file --batch` output: `<oid> blob <size>\n<content>\n` per object, `<name> missing\n` otherwise. */
function readBatch(output: Buffer, names: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  let offset = 0;
  for (const name of names) {
    const headerEnd = output.indexOf(0x0a, offset);
    if (headerEnd < 0) break;
    const header = output.subarray(offset, headerEnd).toString('utf8');
    offset = headerEnd + 1;
    const size = /^\S+ blob (\d+)$/.exec(header)?.[1];
    if (size === undefined) continue;
    out.set(name, output.subarray(offset, offset + Number(size)).toString('utf8'));
    offset += Number(size) + 1;
  }
  return out;
}

/** The repository's YAML files at `ref`, read at once; throws `GitBaseError` with one line for the user. */
export function gitPreviousFiles(ref: string, cwd: string): PreviousFiles {
  if (ref === '' || ref.startsWith('-')) throw new GitBaseError(`--base takes a git revision, not "${ref}"`);
  const root = git(['rev-parse', '--show-toplevel'], cwd).toString('utf8').trim();
  const check = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd });
  if (check.status !== 0) throw new GitBaseError(`--base: "${ref}" is not a commit in this repository (fetch it first, e.g. git fetch origin ${ref})`);
  const listing = git(['ls-tree', '-r', '-z', '--name-only', ref], root).toString('utf8');
  const paths = listing.split('\0').filter((p) => isYamlFileName(p));
  const texts = paths.length ? readBatch(git(['cat-file', '--batch'], root, paths.map((p) => `${ref}:${p}\n`).join('')), paths) : new Map<string, string>();
  // Files that cannot hold a platform object are not parsed at all.
  const manifests = [...texts.keys()].filter((p) => texts.get(p)?.includes(API_GROUP));
  const real = (path: string): string => {
    try {
      return realpathSync(path);
    } catch {
      return path;
    }
  };
  return {
    text: (file) => texts.get(file),
    files: () => manifests,
    oldPathOf: (newFile) => {
      const path = relativeTo(real(root), real(resolve(cwd, newFile)));
      return texts.has(path) ? path : undefined;
    },
  };
}
