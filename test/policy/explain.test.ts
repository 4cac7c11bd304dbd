import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import { builtinRules } from '../../rules/index.js';
import { ruleCategory } from '../../src/engine/types.js';
import { rules as policyDocRules } from '../../rules/policy/index.js';
import { explainPolicyRule } from '../../src/policy/explain.js';
import { loadPolicyPaths } from '../../src/project/policy-files.js';
import { policySchema } from '../../src/policy/schema.js';

describe('explain and schema', () => {
  it('explains a policy rule as Markdown: description, severity, match, given, expression', () => {
    const policies = loadPolicyPaths(['fixtures/policies/no-cluster-admin/policy.yaml'], process.cwd());
    expect(policies.problems).toEqual([]);
    expect(policies.explain('acme/no-cluster-admin')).toBe(`# acme/no-cluster-admin

Disallow the cluster-admin cluster role for users managed in Git.

- Default severity: error
- Category: policy
- Source: policy \`acme-access\` in fixtures/policies/no-cluster-admin/policy.yaml:9
- Fixable: no
- Documentation: https://wiki.acme.example/platform/break-glass-access

## Match

- Kinds: User
- Names: any
- Labels: app.kubernetes.io/managed-by=gitops

## Given

\`spec.clusterRoles[*]\`: each matching node is checked and reported on its own; a document without any is not checked.

## Expression

CEL; \`true\` means compliant. \`self\` is the matched node, \`object\` the whole document.

\`\`\`cel
!has(self.name) || self.name != 'cluster-admin'
\`\`\`

## Message

cluster-admin must not be granted in Git: request it through the break-glass access process, or assign a scoped cluster role such as platform-admin.
`);
    expect(policies.docsUrl('acme/no-cluster-admin')).toBe('https://wiki.acme.example/platform/break-glass-access');
    expect(policies.explain('auth/saml-ca')).toBeUndefined();
    expect(explainPolicyRule(builtinRules[0] ?? policies.rules[0]!)).toBeUndefined();
  });

  it('explains assertions and message expressions', () => {
    const policies = loadPolicyPaths(['fixtures/policies'], process.cwd());
    expect(policies.problems).toEqual([]);
    expect(policies.rules.map((r) => r.meta.id)).toEqual([
      'acme/audit-enabled',
      'acme/audit-retention-30-days',
      'acme/no-cluster-admin',
      'acme/no-wildcard-verbs',
      'acme/forge-a-company-org',
      'acme/web-identity-a-company-domain',
      'acme/oidc-groups',
      'acme/oidc-groups-not-empty',
      'acme/token-generation-only-grows',
      'acme/token-generation-kept',
    ]);
    const audit = policies.explain('acme/audit-enabled') ?? '';
    expect(audit).toContain('## Assertions\n\n- Required: `status.audit.enabled`, `status.audit.path`, `status.audit.maxAge`, `status.audit.maxBackups`\n- `status.audit.enabled` is one of `true`\n');
    expect(audit).toContain('- Names: `*`');
    expect(audit).toContain('## Given\n\nThe whole document.\n');
    const sso = policies.explain('acme/web-identity-a-company-domain') ?? '';
    expect(sso).toContain('`status.auth.webIdentityA`, `status.auth.connectors[*].webIdentityA`: each matching node');
    expect(sso).toContain('## Message\n\nComputed by the CEL expression:\n\n```cel\n');
  });

  it('exports a JSON Schema that accepts the example policies and rejects unknown fields', () => {
    expect(policySchema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(policySchema.$id).toBe('https://platlint.dev/schemas/policy.json');
    const validate = new Ajv({ strict: true, allowUnionTypes: true }).compile(policySchema);
    for (const pack of ['no-cluster-admin', 'sso-restricted', 'audit-retention']) {
      const doc: unknown = parse(readFileSync(`fixtures/policies/${pack}/policy.yaml`, 'utf8'));
      expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    }
    expect(validate({ apiVersion: 'platlint/v1', kind: 'Policy', metadata: { name: 'x' }, spec: { rules: [{ id: 'a/b', description: 'd', severity: 'error', expresion: 'true' }] } })).toBe(false);
  });

  it('documents policy/invalid, policy/evaluation-error and policy/fixture-mismatch as rules of the policy category', () => {
    expect(policyDocRules.map((r) => [r.meta.id, ruleCategory(r.meta.id), r.meta.severity])).toEqual([
      ['policy/invalid', 'policy', 'error'],
      ['policy/evaluation-error', 'policy', 'error'],
      ['policy/fixture-mismatch', 'policy', 'error'],
    ]);
    for (const rule of policyDocRules) {
      const doc = readFileSync(`rules/${rule.meta.id}/README.md`, 'utf8');
      expect(doc.startsWith(`# ${rule.meta.id}\n\n${rule.meta.description}.\n`)).toBe(true);
      expect(doc).toMatch(/^## Why$/m);
      expect(doc).not.toMatch(/^## (Invalid|Valid)$/m);
    }
  });
});
