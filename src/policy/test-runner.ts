/**
 * `platlint policy test DIR`: every directory holding policy files is a pack; its policies are run against the
 * fixtures in its `tests/` folder, whose `# expect: ID` markers (the syntax of the built-in fixtures) name the rules
 * that must report a diagnostic starting on that line. Like `conftest verify`, each fixture passes or fails, every
 * mismatch is listed, and a closing line counts them: `N passed, M failed`. A fixture `X.yaml` with an `X.old.yaml`
 * beside it is linted as an update of it (as `platlint diff X.old.yaml X.yaml` does), for rules that read
 * `oldObject` or `oldSelf` and for the `change/` rules.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { builtinRules } from '../../rules/index.js';
import { ChangeContext } from '../change/context.js';
import { decodeSource } from '../engine/decode.js';
import { lintText } from '../engine/lint.js';
import { presetSettings } from '../engine/presets.js';
import type { Diagnostic, FileResult } from '../engine/types.js';
import { findPolicyFiles, loadPolicies, type LoadPoliciesOptions } from './load.js';

export class PolicyTestError extends Error {}

export interface PolicyTestSummary {
  passed: number;
  failed: number;
  lines: string[];
}

/** `# expect: a/b, c/d` at the end of a line → `"<line> a/b"`, `"<line> c/d"`. */
export function expectedMarkers(text: string): Set<string> {
  const out = new Set<string>();
  text.split('\n').forEach((line, i) => {
    const match = /#\s*expect:\s*([^#]+)$/.exec(line.replace(/\r$/, ''));
    if (!match?.[1]) return;
    for (const id of match[1].split(',')) if (id.trim()) out.add(`${i + 1} ${id.trim()}`);
  });
  return out;
}

function fixturesOf(packDir: string): string[] {
  const dir = join(packDir, 'tests');
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => (e.isFile() || e.isSymbolicLink()) && /\.ya?ml$/i.test(e.name) && !/\.old\.ya?ml$/i.test(e.name))
      .map((e) => join(dir, e.name))
      .sort();
  } catch {
    return [];
  }
}

/** The text of `X.old.yaml` beside fixture `X.yaml`, if there is one. */
function previousVersion(fixture: string): string | undefined {
  const path = fixture.replace(/\.(ya?ml)$/i, '.old.$1');
  if (!existsSync(path)) return undefined;
  const decoded = decodeSource(readFileSync(path));
  return decoded.ok ? decoded.text : undefined;
}

function problemLines(results: readonly FileResult[], show: (file: string) => string): string[] {
  const out: string[] = [];
  for (const result of results) {
    if (result.ioError) out.push(`  ${show(result.file)}: ${result.ioError}`);
    for (const d of result.diagnostics) out.push(`  ${show(result.file)}:${d.line}:${d.column}: ${d.ruleId}: ${d.message}`);
  }
  return out;
}

/**
 * Runs the policy tests under `dir` (resolved against `cwd`, the CLI's working directory). Throws `PolicyTestError` when `dir` is not a readable
 * directory or holds no policy file.
 */
export function runPolicyTests(dir: string, cwd: string, options: LoadPoliciesOptions = {}): PolicyTestSummary {
  const root = resolve(cwd, dir);
  let files: string[];
  try {
    if (!statSync(root).isDirectory()) throw new PolicyTestError(`${dir} is not a directory`);
    files = findPolicyFiles(root);
  } catch (error) {
    if (error instanceof PolicyTestError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new PolicyTestError(code === 'ENOENT' ? `no such directory: ${dir}` : `cannot read ${dir} (${code ?? (error as Error).message})`);
  }
  if (files.length === 0) throw new PolicyTestError(`no policy files (*.yaml, *.yml) in ${dir}`);
  const show = (file: string): string => join(dir, relative(root, resolve(cwd, file)));

  const packs = new Map<string, string[]>();
  for (const file of files) {
    const pack = dirname(file);
    packs.set(pack, [...(packs.get(pack) ?? []), file]);
  }

  const lines: string[] = [];
  let passed = 0;
  let failed = 0;
  for (const [pack, policyFiles] of packs) {
    const policies = loadPolicies(policyFiles, cwd, options);
    if (policies.problems.length) {
      failed++;
      lines.push(`FAIL - ${show(pack)} - the policy does not load:`, ...problemLines(policies.problems, show));
    }
    const fixtures = fixturesOf(pack);
    if (fixtures.length === 0) {
      lines.push(`WARN - ${show(pack)} - no test fixtures in ${join(show(pack), 'tests')}`);
      continue;
    }
    const rules = [...builtinRules, ...policies.rules];
    const settings = presetSettings('recommended', rules);
    const policyIds = new Set(policies.rules.map((r) => r.meta.id));
    for (const fixture of fixtures) {
      const name = show(fixture);
      const decoded = decodeSource(readFileSync(fixture));
      if (!decoded.ok) {
        failed++;
        lines.push(`FAIL - ${name} - ${decoded.reason}`);
        continue;
      }
      policies.clearEvaluationProblems();
      policies.setCurrentFile(name);
      const previous = previousVersion(fixture);
      const change = previous === undefined ? undefined : new ChangeContext({ text: () => previous, files: () => ['old'], oldPathOf: () => 'old' });
      const result = lintText(decoded.text, { filename: name, rules, settings, ...(change ? { previousOf: change.previousFor(name, decoded.text) } : {}) });
      const expected = expectedMarkers(decoded.text);
      const checked = new Set([...policyIds, ...[...expected].map((m) => m.slice(m.indexOf(' ') + 1))]);
      const reported = new Map<string, Diagnostic>();
      for (const d of result.diagnostics) if (checked.has(d.ruleId)) reported.set(`${d.line} ${d.ruleId}`, d);
      const mismatches: string[] = [];
      const byLine = (a: string, b: string): number => parseInt(a, 10) - parseInt(b, 10) || a.localeCompare(b);
      for (const marker of [...expected].sort(byLine)) {
        if (reported.has(marker)) continue;
        const [line, id] = [marker.slice(0, marker.indexOf(' ')), marker.slice(marker.indexOf(' ') + 1)];
        mismatches.push(`  line ${line}: expected ${id}, but it reported nothing there${policyIds.has(id) || builtinRules.some((r) => r.meta.id === id) ? '' : ' (no rule has this id)'}`);
      }
      for (const [marker, d] of [...reported].sort(([a], [b]) => byLine(a, b))) {
        if (!expected.has(marker)) mismatches.push(`  line ${d.line}: unexpected ${d.ruleId}: ${d.message}`);
      }
      for (const problem of policies.evaluationProblems()) {
        for (const d of problem.diagnostics) mismatches.push(`  ${show(problem.file)}:${d.line}:${d.column}: ${d.ruleId}: ${d.message}`);
      }
      if (mismatches.length === 0) {
        passed++;
        lines.push(`PASS - ${name}`);
      } else {
        failed++;
        lines.push(`FAIL - ${name}`, ...mismatches);
      }
    }
  }
  lines.push(`${passed} passed, ${failed} failed`);
  return { passed, failed, lines };
}
