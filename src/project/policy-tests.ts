/**
 * `platlint policy test DIR`: every directory holding policy files is a pack; its policies are run against the
 * fixtures in its `tests/` folder, whose `# expect: ID` markers (the syntax of the built-in fixtures) name the rules
 * that must report a diagnostic starting on that line. Like `conftest verify`, each fixture passes or fails, every
 * mismatch is listed, and a closing line counts them: `N passed, M failed`. A fixture `X.yaml` with an `X.old.yaml`
 * beside it is linted as an update of it (as `platlint diff X.old.yaml X.yaml` does), for rules that read
 * `oldObject` or `oldSelf` and for the `change/` rules. kaptest manifests (`kaptest.yaml`: ValidatingAdmissionPolicies,
 * resources and test suites) run too, each case printed the same way (kaptest-runner.ts).
 */
import { statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ioReason, readManifestText } from './read-file.js';
import { checkFixture, previousVersionOf } from './fixture-check.js';
import { fixtureFolder, fixturesOf } from './policy-fixtures.js';
import { findPolicyFiles, loadPolicyPaths, type PolicyPathsOptions } from './policy-files.js';
import { runKaptest } from './kaptest-runner.js';
import { isKaptestManifest } from '../policy/vap/kaptest.js';
import { readYaml } from '../engine/read-yaml.js';
import { resultProblems, type PolicyTestCase, type PolicyTestProblem } from './policy-test-results.js';

export class PolicyTestError extends Error {}

/** A fixture's text and its previous version's, or the one line saying why one of them cannot be read. */
function fixtureTexts(fixture: string, show: (file: string) => string): { text: string; previous?: string } | { error: string } {
  const read = readManifestText(fixture);
  if ('reason' in read) return { error: read.reason };
  const previous = previousVersionOf(fixture);
  if (previous && 'reason' in previous) return { error: `cannot read ${show(previous.path)}: ${previous.reason}` };
  return { text: read.text, ...(previous ? { previous: previous.text } : {}) };
}

/** Whether a file is a kaptest manifest (its text is read again when it runs: manifests are few and small). */
function isKaptestFile(file: string): boolean {
  const read = readManifestText(file);
  if ('reason' in read || !read.text.includes('testSuites')) return false;
  const [document] = readYaml(read.text).documents;
  // One with a syntax error is still a manifest when its key is there to see: its run says where the error is.
  if (document?.unreadable) return /^testSuites[ \t]*:/m.test(read.text);
  return isKaptestManifest(document?.data);
}

/**
 * Runs the policy tests under `dir` (resolved against `cwd`, the CLI's working directory): the packs' fixtures and
 * the kaptest manifests; `dir` may also be one kaptest manifest. Throws `PolicyTestError` when `dir` is neither a
 * readable directory nor a kaptest manifest, or holds no policy file.
 */
export function runPolicyTests(dir: string, cwd: string, options: PolicyPathsOptions = {}): PolicyTestCase[] {
  const root = resolve(cwd, dir);
  let files: string[];
  let single = false;
  try {
    single = !statSync(root).isDirectory();
    if (single && !isKaptestFile(root)) throw new PolicyTestError(`${dir} is neither a directory nor a kaptest manifest`);
    files = single ? [root] : findPolicyFiles(root, { kaptest: true });
  } catch (error) {
    if (error instanceof PolicyTestError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new PolicyTestError(code === 'ENOENT' ? `no such directory: ${dir}` : `cannot read ${dir} (${ioReason(error)})`);
  }
  if (files.length === 0) throw new PolicyTestError(`no policy files (*.yaml, *.yml) in ${dir}`);
  const show = (file: string): string => (single ? relative(cwd, file) || file : join(dir, relative(root, resolve(cwd, file))));

  const cases: PolicyTestCase[] = [];
  // kaptest manifests first: the files they name are their tests' own, not policy packs.
  const manifests = files.filter(isKaptestFile);
  const named = new Set<string>();
  for (const manifest of manifests) {
    const run = runKaptest(manifest, show, options);
    for (const file of run.files) named.add(file);
    cases.push(...run.cases);
  }
  const packs = new Map<string, string[]>();
  for (const file of files) {
    if (manifests.includes(file)) continue;
    const pack = dirname(file);
    // A policy a kaptest manifest tests is a pack of its own only when the pack has fixtures too.
    if (named.has(file) && fixturesOf(pack).length === 0) continue;
    packs.set(pack, [...(packs.get(pack) ?? []), file]);
  }
  for (const [pack, policyFiles] of packs) cases.push(...runPack(pack, policyFiles, cwd, show, options));
  return cases;
}

/** One pack: its policies loaded, then each of its fixtures checked against its markers. */
function runPack(pack: string, policyFiles: string[], cwd: string, show: (file: string) => string, options: PolicyPathsOptions): PolicyTestCase[] {
  const suite = show(pack);
  const cases: PolicyTestCase[] = [];
  const policies = loadPolicyPaths(policyFiles, cwd, options);
  if (policies.problems.length) {
    const unreadable = policies.problems.some((p) => p.ioError !== undefined);
    cases.push({ suite, name: suite, file: suite, status: 'fail', reason: 'the policy does not load:', problems: resultProblems(policies.problems, show), ...(unreadable ? { unreadable } : {}) });
  }
  const fixtures = fixturesOf(pack);
  if (fixtures.length === 0) {
    cases.push({ suite, name: suite, file: suite, status: 'warn', reason: `no test fixtures in ${show(fixtureFolder(pack))}`, problems: [] });
    return cases;
  }
  for (const fixture of fixtures) {
    const name = show(fixture);
    const read = fixtureTexts(fixture, show);
    if ('error' in read) {
      cases.push({ suite, name, file: name, status: 'fail', reason: read.error, problems: [], unreadable: true });
      continue;
    }
    const check = checkFixture(name, read.text, policies, read.previous);
    const problems: PolicyTestProblem[] = check.mismatches.map((m) => ({ kind: 'mismatch', file: name, line: m.line, ruleId: m.ruleId, message: m.text, ...(m.diagnostic ? { diagnostic: m.diagnostic } : {}) }));
    const evaluation = policies.evaluationProblems([{ file: name, ...(check.failedChecks ? { failedChecks: check.failedChecks } : {}) }]);
    problems.push(...resultProblems(evaluation, show));
    cases.push({ suite, name, file: name, status: problems.length ? 'fail' : 'pass', problems });
  }
  return cases;
}
