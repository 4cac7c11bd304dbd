import { join } from 'node:path';
import { fixtureFiles as fixtureFilesIn, lintFixture } from '../../src/site/fixtures.js';

/** `fixtures/<rule-id>/`: each rule's valid and invalid YAML, with `# expect: <id>` markers on the lines it reports. */
export const FIXTURES = join(import.meta.dirname, '../../fixtures');

/**
 * The rules that no YAML fixture can show, each with the end-to-end test file that covers it: the policy loader's
 * and evaluator's (a custom policy file is what they report on) and the engine's report of a rule that crashed.
 */
export const RULES_WITHOUT_FIXTURES: Readonly<Record<string, string>> = {
  'policy/invalid': 'test/policy/cli.test.ts',
  'policy/evaluation-error': 'test/policy/evaluation.test.ts',
  'policy/fixture-mismatch': 'test/policy/fixtures.test.ts',
  'internal/rule-error': 'test/integrations/package.test.ts',
  'baseline/unused': 'test/cli/baseline.test.ts',
  'config-file/invalid': 'test/lsp/server.test.ts',
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

/** The fixtures of a rule (src/site/fixtures.ts has the layout): `X.old.yaml` and patch bases go with their fixture. */
export function fixtureFiles(ruleId: string): string[] {
  return fixtureFilesIn(FIXTURES, ruleId);
}

export { lintFixture };
