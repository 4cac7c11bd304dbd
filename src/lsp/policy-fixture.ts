/**
 * A policy test fixture open in the editor: not a manifest to lint (its errors are intended), but the test of its
 * pack's policies. It shows what `platlint policy test` says of it, each mismatch at its line.
 */
import { dirname } from 'node:path';
import { DiagnosticSink, type ReportingRule } from '../engine/diagnostics.js';
import type { Diagnostic, Severity } from '../engine/types.js';
import { isKaptestFolder, isPreviousVersion, packOfFixture } from '../policy/fixtures.js';

/** What `policy test` says of an expectation or a diagnostic, under the rule id it is about. */
function testRule(id: string, severity: Severity = 'error'): ReportingRule {
  return { id, severity, messages: { said: 'policy test: {{said}}' } };
}

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
  const [{ findPolicyFiles, loadPolicies }, { checkFixture, previousVersionOf }] = await Promise.all([import('../policy/index.js'), import('../policy/fixture-check.js')]);
  const pack = packOfFixture(path);
  // The pack is the directory's own policy files, as `policy test` groups them; not those of folders below it.
  const policies = loadPolicies(findPolicyFiles(pack).filter((file) => dirname(file) === pack), cwd, { readFile });
  const sink = new DiagnosticSink({ text, settings: new Map() });
  const wholeLine = (line: number): [number, number] => {
    const start = sink.offsetAt(line, 1);
    const end = text.indexOf('\n', start);
    return [start, (end < 0 ? text.length : end) - (text[end - 1] === '\r' ? 1 : 0)];
  };
  const previous = previousVersionOf(path);
  if (policies.problems.length > 0) {
    sink.emit({ rule: testRule('policy/invalid'), messageId: 'said', data: { said: `the policies in ${pack} do not load; their files show why` }, range: wholeLine(1), pointer: '', document: 0 });
  } else if (previous && 'reason' in previous) {
    sink.emit({ rule: testRule('policy/invalid'), messageId: 'said', data: { said: `cannot read ${previous.path}: ${previous.reason}` }, range: wholeLine(1), pointer: '', document: 0 });
  } else {
    for (const { line, ruleId, text: said, diagnostic: d } of checkFixture(path, text, policies, previous && 'text' in previous ? previous.text : undefined)) {
      // An unexpected diagnostic at its own range; an expectation not met over its whole line.
      const range: [number, number] = d ? [sink.offsetAt(d.line, d.column), sink.offsetAt(d.endLine, d.endColumn)] : wholeLine(line);
      sink.emit({ rule: testRule(ruleId, d?.severity), messageId: 'said', data: { said }, range, pointer: d?.path ?? '', document: d?.document ?? 0 });
    }
  }
  return sink.finish({ withFrames: false }).diagnostics;
}
