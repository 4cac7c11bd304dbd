/**
 * Policy test fixtures, one definition for every command: the YAML files in the `tests/` folder of a directory that
 * holds policy files (a pack). `platlint policy test` runs them, `platlint lint` skips them (their intended errors
 * are not the repository's), and the language server shows on them what `policy test` says (fixture-check.ts).
 * Light to import: lint and the language server ask on every file.
 */
import { readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { emptyResult, type FileResult } from '../engine/types.js';
import { isYamlFileName } from '../settings-file/paths.js';

/** Why `platlint lint` does not lint a policy test fixture. */
export const POLICY_FIXTURE_REASON = 'policy test fixture; run `platlint policy test`';

/** A policy test fixture's result in `platlint lint`, on the main thread or a worker: skipped, with why. */
export function policyFixtureSkipped(file: string): FileResult {
  return { ...emptyResult(file), skips: [{ line: 1, path: '', reason: POLICY_FIXTURE_REASON }], skippedFile: true };
}

const PREVIOUS_VERSION = /\.old\.ya?ml$/i;

/** kaptest's folder of a policy's test suite, beside the policy (`kaptest init policy.yaml` makes `policy.test/`). */
export function isKaptestFolder(name: string): boolean {
  return /\.test$/.test(basename(name));
}

/** The folder of a pack's fixtures. */
export function fixtureFolder(pack: string): string {
  return join(pack, 'tests');
}

/** `X.old.yaml`: not a fixture of its own but the previous version of fixture `X.yaml`. */
export function isPreviousVersion(file: string): boolean {
  return PREVIOUS_VERSION.test(file);
}

/** The fixtures `policy test` runs for a pack: its `tests/*.yaml`, but not the `X.old.yaml` previous versions. */
export function fixturesOf(pack: string): string[] {
  const dir = fixtureFolder(pack);
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => (e.isFile() || e.isSymbolicLink()) && isYamlFileName(e.name) && !isPreviousVersion(e.name))
      .map((e) => join(dir, e.name))
      .sort();
  } catch {
    return [];
  }
}

/**
 * Whether `file` is a policy test fixture (or the previous version of one) of one of the packs, the directories of
 * `policyFiles`, or a file of a kaptest suite beside them. Paths are resolved against `cwd`.
 */
export function policyFixtureTest(policyFiles: readonly string[], cwd: string): (file: string) => boolean {
  const packs = new Set(policyFiles.map((file) => dirname(resolve(cwd, file))));
  const folders = new Set([...packs].map(fixtureFolder));
  return (file) => {
    if (packs.size === 0 || !isYamlFileName(file)) return false;
    const folder = dirname(resolve(cwd, file));
    // kaptest's suites and resources beside the policies are tests as well.
    return folders.has(folder) || (isKaptestFolder(folder) && packs.has(dirname(folder)));
  };
}

/** The pack a fixture belongs to: the directory above its `tests/` folder. */
export function packOfFixture(fixture: string): string {
  return dirname(dirname(fixture));
}

