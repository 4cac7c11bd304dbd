/**
 * `platlint policy test` on a kaptest manifest (vap/kaptest.ts): its policy files and resource files read relative
 * to it, each case run and reported as the other tests are (passed, or failed with what was expected and what each
 * validation said). A file that cannot be read fails the manifest (exit 2, as for fixtures).
 */
import { dirname, resolve } from 'node:path';
import { readManifestText, readRegularFile, SIZE_LIMITS } from './read-file.js';
import policyInvalidRule from '../../rules/policy/invalid/index.js';
import { decodeSource } from '../engine/decode.js';
import { problemLine } from '../engine/problem-line.js';
import type { Diagnostic, Finding } from '../engine/types.js';
import { readingProblems } from '../engine/reading-problems.js';
import { readYaml } from '../engine/read-yaml.js';
import { isRecord } from '../platform/data.js';
import { CelEnvironment } from '../policy/cel/index.js';
import { placeProblem } from '../policy/schema-problems.js';
import { PolicySource } from '../policy/source.js';
import { settingsAuthorizer } from '../policy/vap/authorizer.js';
import type { ObjectData } from '../policy/vap/cluster.js';
import { compilePolicy, type CompiledPolicy } from '../policy/vap/compile.js';
import { describeCase, readKaptestManifest, runKaptestCase } from '../policy/vap/kaptest.js';
import type { AdmissionSettings } from '../policy/vap/load.js';
import { readPolicy } from '../policy/vap/read.js';
import { ResourceMapper } from '../policy/vap/resources.js';
import { objectsInText } from '../policy/vap/scan.js';
import { admissionKindOf, ADMISSION_POLICY_KIND } from '../policy/vap/types.js';
import type { PolicyTestCase } from './policy-test-results.js';

export interface KaptestRun {
  cases: PolicyTestCase[];
  /** Every file the manifest names (absolute): they are no policy pack of their own. */
  files: string[];
}

export interface KaptestOptions {
  kubernetesVersion?: string;
  admission?: AdmissionSettings;
}

/** The text of a file the manifest names, or why it cannot be read. */
function readText(file: string, policy: boolean): { text: string } | { reason: string } {
  if (!policy) return readManifestText(file);
  // A regular file of sane size, as every policy file (read-file.ts).
  const read = readRegularFile(file, SIZE_LIMITS.policy);
  if (!('bytes' in read)) return { reason: `cannot read the policy (${read.reason})` };
  const decoded = decodeSource(read.bytes);
  return decoded.ok ? { text: decoded.text } : { reason: decoded.reason };
}

/** The ValidatingAdmissionPolicies of a file, compiled, and the problems of those that do not compile. */
function policiesIn(text: string, environment: CelEnvironment): { policies: CompiledPolicy[]; problems: Diagnostic[] } {
  // Read as Kubernetes reads a policy (the one reader, src/engine/read-yaml.ts); a syntax error is said at its line.
  const read = readYaml(text);
  const { lineCounter } = read.parsed;
  const policies: CompiledPolicy[] = [];
  // What does not compile is policy/invalid, as when the same file is linted (src/policy/load.ts).
  const invalid: Finding[] = [];
  for (const { data, doc, index, unreadable } of read.documents) {
    // kaptest reads the ValidatingAdmissionPolicies of a file and passes over everything else.
    if (unreadable || !isRecord(data) || admissionKindOf(data) !== ADMISSION_POLICY_KIND) continue;
    const source = new PolicySource(read.parsed.text, lineCounter, doc, index);
    const policy = readPolicy(data);
    const compiled = policy.spec ? compilePolicy(policy.spec, environment) : undefined;
    const found = compiled ? (compiled.ok ? [] : compiled.problems) : policy.problems;
    for (const problem of found) {
      const { spot, message } = placeProblem(problem, source);
      invalid.push({ ...policyInvalidRule.finding('invalid', { detail: message }), range: spot.range, pointer: spot.path, document: spot.document });
    }
    if (compiled?.ok) policies.push(compiled.policy);
  }
  return { policies, problems: readingProblems(read, invalid) };
}

/** Runs a kaptest manifest; `show` names a file as the report does. */
export function runKaptest(manifest: string, show: (file: string) => string, options: KaptestOptions = {}): KaptestRun {
  const run: KaptestRun = { cases: [], files: [] };
  const name = show(manifest);
  const fail = (reason: string, options: Partial<PolicyTestCase> = {}): KaptestRun => {
    run.cases.push({ suite: name, name, file: name, status: 'fail', reason, problems: [], ...options });
    return run;
  };
  const read = readManifestText(manifest);
  if ('reason' in read) return fail(read.reason, { unreadable: true });
  const manifestRead = readYaml(read.text);
  const [syntax] = readingProblems(manifestRead);
  if (syntax) return fail(`unmarshal manifest YAML: ${problemLine(name, syntax)}`);
  const spec = readKaptestManifest(manifestRead.documents[0]?.data);
  if ('error' in spec) return fail(spec.error);
  const dir = dirname(manifest);
  const environment = new CelEnvironment(options.kubernetesVersion);
  const policies = new Map<string, CompiledPolicy>();
  const resources: ObjectData[] = [];
  for (const [paths, policy] of [[spec.policies, true], [spec.resources, false]] as const) {
    for (const path of paths) {
      const file = resolve(dir, path);
      run.files.push(file);
      const text = readText(file, policy);
      if ('reason' in text) return fail(`cannot read ${show(file)}: ${text.reason}`, { unreadable: true });
      if (!policy) {
        resources.push(...objectsInText(text.text, { wants: () => true }));
        continue;
      }
      const loaded = policiesIn(text.text, environment);
      if (loaded.problems.length) fail('a policy does not load:', { problems: loaded.problems.map((diagnostic) => ({ kind: 'diagnostic', file: show(file), diagnostic })) });
      for (const p of loaded.policies) policies.set(p.spec.name, p);
    }
  }
  const context = { mapper: new ResourceMapper(options.admission?.resources), authorizer: settingsAuthorizer(options.admission?.authorizer) };
  for (const suite of spec.suites) {
    const policy = policies.get(suite.policy);
    if (!policy) {
      fail(`${suite.policy} - policy not found in ${spec.policies.join(', ')}`);
      continue;
    }
    for (const test of suite.tests) {
      const label = `${name} - ${suite.policy} - ${describeCase(test)}`;
      const outcome = runKaptestCase(policy, resources, test, context);
      if (outcome.result === test.expect) {
        run.cases.push({ suite: name, name: label, file: name, status: 'pass', problems: [] });
        continue;
      }
      const expected = test.expect ? `expected ${test.expect.toUpperCase()}` : 'no expect (admit, deny, skip or error)';
      const problems = outcome.details.map((message) => ({ kind: 'detail' as const, message }));
      run.cases.push({ suite: name, name: label, file: name, status: 'fail', reason: `${expected}, got ${outcome.result.toUpperCase()}`, problems });
    }
  }
  return run;
}
