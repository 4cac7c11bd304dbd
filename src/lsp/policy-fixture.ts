/**
 * A policy test fixture open in the editor: not a manifest to lint (its errors are intended), but the test of its
 * pack's policies. It shows what `platlint policy test` says of it, each mismatch at its line.
 */
import { dirname } from 'node:path';
import type { Diagnostic } from '../engine/types.js';
import { isPreviousVersion, packOfFixture } from '../policy/fixtures.js';

const PREFIX = 'policy test: ';

function lineLength(text: string, line: number): number {
  return (text.split('\n')[line - 1] ?? '').replace(/\r$/, '').length;
}

/**
 * The mismatches `platlint policy test` reports for the fixture at `path` with the editor's `text`, as diagnostics:
 * an expectation not met over its whole line, an unexpected diagnostic at its own range. `readFile` gives the
 * policy files' unsaved text. The previous version `X.old.yaml` of a fixture is read from disk, as `policy test` does.
 */
export async function policyFixtureDiagnostics(path: string, text: string, cwd: string, readFile: (absolute: string) => Uint8Array | undefined): Promise<Diagnostic[]> {
  // `policy test` runs `X.yaml` as an update of it, and says nothing of it on its own.
  if (isPreviousVersion(path)) return [];
  // CEL costs hundreds of milliseconds to load: only a session that opens a fixture pays for it.
  const [{ findPolicyFiles, loadPolicies }, { checkFixture }] = await Promise.all([import('../policy/index.js'), import('../policy/fixture-check.js')]);
  const pack = packOfFixture(path);
  // The pack is the directory's own policy files, as `policy test` groups them; not those of folders below it.
  const policies = loadPolicies(findPolicyFiles(pack).filter((file) => dirname(file) === pack), cwd, { readFile });
  if (policies.problems.length > 0) {
    return [{ ruleId: 'policy/invalid', severity: 'error', message: `${PREFIX}the policies in ${pack} do not load; their files show why`, line: 1, column: 1, endLine: 1, endColumn: lineLength(text, 1) + 1, path: '', document: 0 }];
  }
  return checkFixture(path, path, text, policies).map(({ line, ruleId, text: said, diagnostic }): Diagnostic => {
    if (diagnostic) {
      const { fix: _fix, suggestions: _suggestions, ...rest } = diagnostic;
      return { ...rest, message: `${PREFIX}${said}` };
    }
    return { ruleId, severity: 'error', message: `${PREFIX}${said}`, line, column: 1, endLine: line, endColumn: lineLength(text, line) + 1, path: '', document: 0 };
  });
}
