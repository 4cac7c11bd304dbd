import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Diagnostic } from '../../src/engine/types.js';
import { lint, lintPatchFiles, type LintHelperOptions } from './lint.js';

/** `fixtures/<rule-id>/`: each rule's valid and invalid YAML, with `# expect: <id>` markers on the lines it reports. */
export const FIXTURES = join(import.meta.dirname, '../../fixtures');

/**
 * The rules that no YAML fixture can show, each with the end-to-end test file that covers it: the policy loader's
 * and evaluator's (a custom policy file is what they report on) and the engine's report of a rule that crashed.
 */
export const RULES_WITHOUT_FIXTURES: Readonly<Record<string, string>> = {
  'policy/invalid': 'test/policy/cli.test.ts',
  'policy/evaluation-error': 'test/policy/evaluation.test.ts',
  'internal/rule-error': 'test/integrations/package.test.ts',
  'baseline/unused': 'test/cli/baseline.test.ts',
  'exception/expired': 'test/cli/exceptions.test.ts',
  'exception/unused': 'test/cli/exceptions.test.ts',
};

/**
 * Folders of fixtures/ that hold no rule's fixtures, with what reads them: the example manifests, the recorded
 * go-yaml answers, the JSON Patch conformance suite, the policy packs of `platlint policy test` (platlint's and
 * ValidatingAdmissionPolicies with their kaptest suites) and the files that keep the configuration embedded
 * (docs/configuration-sources.md).
 */
export const DATA_FIXTURE_FOLDERS: Readonly<Record<string, string>> = {
  embedded: 'test/cli/embedded.test.ts',
  examples: 'test/examples.test.ts',
  'go-oracle': 'test/yaml/go-oracle.test.ts',
  'json-patch-tests': 'test/patch/json-patch-tests.test.ts',
  policies: 'test/policy/test-runner.test.ts',
  vap: 'test/policy/vap/kaptest.test.ts',
};

/** The fixtures of a rule: `X.old.yaml` is the previous version of `X.yaml`, `X.base.yaml` (or `base.yaml`) the object `X.patch.yaml` patches. */
export function fixtureFiles(ruleId: string): string[] {
  const dir = join(FIXTURES, ruleId);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f) && !/(?:^|\.)(?:old|base)\.ya?ml$/.test(f))
    .map((f) => join(dir, f));
}

/** A fixture's diagnostics, every rule on: as an update when it has an `.old.yaml` sibling; a `.patch.yaml` applied to its base. */
export function lintFixture(file: string, text: string, options: Pick<LintHelperOptions, 'pruneSections'> = {}): Diagnostic[] {
  const sibling = (suffix: string): string | undefined => {
    const path = file.replace(/(?:\.patch)?\.ya?ml$/, suffix);
    return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  };
  if (/\.patch\.ya?ml$/.test(file)) {
    const base = sibling('.base.yaml') ?? readFileSync(join(dirname(file), 'base.yaml'), 'utf8');
    return lintPatchFiles(base, text, { ...options, preset: 'strict' }).patch;
  }
  const previous = sibling('.old.yaml');
  return lint(text, { ...options, preset: 'strict', ...(previous !== undefined ? { previous } : {}) });
}
