/**
 * `platlint policy test DIR`: every directory holding policy files is a pack; its policies are run against the
 * fixtures in its `tests/` folder, whose `# expect: ID` markers (the syntax of the built-in fixtures) name the rules
 * that must report a diagnostic starting on that line. Like `conftest verify`, each fixture passes or fails, every
 * mismatch is listed, and a closing line counts them: `N passed, M failed`. A fixture `X.yaml` with an `X.old.yaml`
 * beside it is linted as an update of it (as `platlint diff X.old.yaml X.yaml` does), for rules that read
 * `oldObject` or `oldSelf` and for the `change/` rules.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { decodeSource } from '../engine/decode.js';
import type { FileResult } from '../engine/types.js';
import { checkFixture } from './fixture-check.js';
import { fixtureFolder, fixturesOf } from './policy-fixtures.js';
import { findPolicyFiles, loadPolicyPaths, type PolicyPathsOptions } from './policy-files.js';

export class PolicyTestError extends Error {}

export interface PolicyTestSummary {
  passed: number;
  failed: number;
  lines: string[];
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
export function runPolicyTests(dir: string, cwd: string, options: PolicyPathsOptions = {}): PolicyTestSummary {
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
    const policies = loadPolicyPaths(policyFiles, cwd, options);
    if (policies.problems.length) {
      failed++;
      lines.push(`FAIL - ${show(pack)} - the policy does not load:`, ...problemLines(policies.problems, show));
    }
    const fixtures = fixturesOf(pack);
    if (fixtures.length === 0) {
      lines.push(`WARN - ${show(pack)} - no test fixtures in ${show(fixtureFolder(pack))}`);
      continue;
    }
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
      const mismatches = checkFixture(fixture, name, decoded.text, policies).map((m) => `  line ${m.line}: ${m.text}`);
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
