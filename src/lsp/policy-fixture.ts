/**
 * A policy test fixture open in the editor: not a manifest to lint (its errors are intended), but the test of its
 * pack's policies. It shows what `platlint policy test` says of it, each mismatch at its line.
 */
import { dirname } from 'node:path';
import policyFixtureMismatchRule from '../../rules/policy/fixture-mismatch/index.js';
import { FileReporter } from '../engine/reporter.js';
import type { Diagnostic } from '../engine/types.js';
import { isKaptestFolder, isPreviousVersion, packOfFixture } from '../project/policy-fixtures.js';

/**
 * The mismatches `platlint policy test` reports for the fixture at `path` with the editor's `text`, as diagnostics:
 * an expectation not met over its whole line, an unexpected diagnostic at its own range. `readFile` gives the
 * policy files' unsaved text. The previous version `X.old.yaml` of a fixture is read from disk, as `policy test` does.
 */
export async function policyFixtureDiagnostics(path: string, text: string, cwd: string, readFile: (absolute: string) => Uint8Array | undefined): Promise<Diagnostic[]> {
  // `policy test` runs `X.yaml` as an update of it, and says nothing of it on its own; a kaptest suite's files are
  // its manifest's, whose results name cases, not lines.
  if (isPreviousVersion(path) || isKaptestFolder(dirname(path))) return [];
  // CEL costs hundreds of milliseconds to load: only a session that opens a fixture pays for it.
  const [{ findPolicyFiles, loadPolicyPaths }, { checkFixture, previousVersionOf }] = await Promise.all([import('../project/policy-files.js'), import('../project/fixture-check.js')]);
  const pack = packOfFixture(path);
  // The pack is the directory's own policy files, as `policy test` groups them; not those of folders below it.
  const policies = loadPolicyPaths(findPolicyFiles(pack).filter((file) => dirname(file) === pack), cwd, { readFile });
  const reporter = new FileReporter({ text, settings: new Map() });
  const wholeLine = (line: number): readonly [number, number] => reporter.toLineEnd(reporter.offsetAt(line, 1));
  const previous = previousVersionOf(path);
  if (policies.problems.length > 0) {
    reporter.report({ ...policyFixtureMismatchRule.finding('notLoading', { pack }), range: wholeLine(1), pointer: '', document: 0 });
  } else if (previous && 'reason' in previous) {
    reporter.report({ ...policyFixtureMismatchRule.finding('previousUnreadable', { path: previous.path, reason: previous.reason }), range: wholeLine(1), pointer: '', document: 0 });
  } else {
    for (const { line, finding, diagnostic: d } of checkFixture(path, text, policies, previous && 'text' in previous ? previous.text : undefined).mismatches) {
      // An unexpected diagnostic at its own range; an expectation not met over its whole line.
      const range: readonly [number, number] = d ? [reporter.offsetAt(d.line, d.column), reporter.offsetAt(d.endLine, d.endColumn)] : wholeLine(line);
      reporter.report({ ...finding, range, pointer: d?.path ?? '', document: d?.document ?? 0 });
    }
  }
  return reporter.finish({ withFrames: false }).diagnostics;
}
