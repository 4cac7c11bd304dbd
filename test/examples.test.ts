import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinRules } from '../rules/index.js';
import { lint } from './helpers/lint.js';

const EXAMPLES = join(import.meta.dirname, '../fixtures/examples');

/**
 * The realistic, valid example manifests. Under `recommended` they must lint without any error, and the warnings
 * they do get are pinned here, so that a rule change that starts (or stops) flagging them is visible:
 *
 * - maximal-config.yaml sets the deprecated `status.oidc` and `status.devPodSubDomain` on purpose, to exercise every
 *   field (its header says so): two `config/deprecated` warnings.
 * - Neither example gets a `security/*` finding: every secret is an environment reference, every URL is https,
 *   every login provider is restricted (orgs, groups, hosted domains, a named tenant, allowedGroups), no validation
 *   is switched off, `wildcardRedirect` is false, the legal template has no script and the custom JavaScript comes
 *   from the platform host.
 *
 * Rules are being added concurrently: an expected id whose rule is not registered yet is dropped from the
 * expectation rather than failing, so the test stays exact for every rule that exists.
 */
const EXPECTED_WARNINGS: Readonly<Record<string, readonly string[]>> = {
  'maximal-config.yaml': ['config/deprecated', 'config/deprecated'],
  'maximal-user.yaml': [],
};

const registered = new Set(builtinRules.map((r) => r.meta.id));

describe.each(Object.entries(EXPECTED_WARNINGS))('example %s', (file, warnings) => {
  const text = readFileSync(join(EXAMPLES, file), 'utf8');

  it('lints with no error and exactly the expected warnings under recommended', () => {
    const diagnostics = lint(text, { preset: 'recommended' });
    expect(diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.ruleId}: ${d.message}`)).toEqual([]);
    expect(diagnostics.filter((d) => d.severity === 'warning').map((d) => d.ruleId).sort()).toEqual(
      warnings.filter((id) => registered.has(id)).sort(),
    );
  });

  it('has no security finding at all, even as errors under the security preset', () => {
    const diagnostics = lint(text, { preset: 'security' });
    expect(diagnostics.filter((d) => d.ruleId.startsWith('security/')).map((d) => `${d.line}:${d.column} ${d.ruleId}: ${d.message}`)).toEqual([]);
    expect(diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.ruleId}: ${d.message}`)).toEqual([]);
  });
});
