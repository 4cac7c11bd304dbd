import { ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding } from 'kubernetes-models/admissionregistration.k8s.io/v1';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { CelEnvironment, KUBERNETES_VERSIONS } from '../../src/policy/cel/index.js';
import { builtinExportRules } from '../../src/policy/export/builtin.js';
import { EXPORT_VERSIONS, exportRules, exportYaml, policyProblems, type ExportRule } from '../../src/policy/export/index.js';
import { loadPolicyPaths } from '../../src/project/policy-files.js';
import { PolicyRule } from '../../src/policy/rule.js';
import { readBinding, readPolicy } from '../../src/policy/vap/read.js';
import { FIXTURES } from '../helpers/fixtures.js';
import { docBlock } from '../docs/doc-blocks.js';

const policyRules = (): ExportRule[] =>
  loadPolicyPaths(['policies'], FIXTURES)
    .rules.filter((r): r is PolicyRule => r instanceof PolicyRule)
    .map((r) => ({ spec: r.spec, severity: r.spec.severity }));

const CONFIG_RULES = ['acme/audit-enabled', 'acme/audit-retention-30-days', 'acme/forge-a-company-org', 'acme/web-identity-a-company-domain', 'acme/oidc-groups', 'acme/oidc-groups-not-empty'];

describe('exported objects', () => {
  it('are exported for the Kubernetes versions that serve admissionregistration.k8s.io/v1 ValidatingAdmissionPolicies', () => {
    expect(EXPORT_VERSIONS).toEqual(KUBERNETES_VERSIONS.filter((v) => Number(v.split('.')[1]) >= 30));
    expect(EXPORT_VERSIONS[0]).toBe('1.30');
  });

  for (const version of EXPORT_VERSIONS) {
    it(`validate against the Kubernetes API schema and type-check against the User's schema in Kubernetes ${version}`, { timeout: 60_000 }, () => {
      const options = { platlintVersion: '0.0.0-test', kubernetesVersion: version, groups: ['storage.platform.example'] };
      const twins = exportRules(builtinExportRules(new Map()), options);
      const policies = exportRules(policyRules(), options);
      // Every twin's checks, and every User rule of the policy fixtures, compile in every version.
      expect(twins.skipped).toEqual([]);
      expect(policies.skipped.map((s) => s.id)).toEqual(CONFIG_RULES);
      const documents = [...twins.documents, ...policies.documents];
      expect(documents.length).toBe(2 * (17 + 4));
      const environment = new CelEnvironment(version);
      for (const doc of documents) {
        if (doc['kind'] === 'ValidatingAdmissionPolicy') {
          // The API's schema (kubernetes-models, generated from Kubernetes' OpenAPI document).
          expect(() => new ValidatingAdmissionPolicy(doc as never).validate()).not.toThrow();
          // Closed structure and the API server's own checks (read.ts), then the expressions with object typed as a User.
          expect(readPolicy(doc).problems).toEqual([]);
          expect(policyProblems(doc, environment)).toEqual([]);
        } else {
          expect(doc['kind']).toBe('ValidatingAdmissionPolicyBinding');
          expect(() => new ValidatingAdmissionPolicyBinding(doc as never).validate()).not.toThrow();
          expect(readBinding(doc).problems).toEqual([]);
        }
      }
      // The YAML written is these objects, exactly.
      expect(parseAllDocuments(exportYaml(documents)).map((d) => d.toJS())).toEqual(documents);
    });
  }

  it('are what docs/cluster-policies.md applies with kubectl: the file its export writes', () => {
    const written = docBlock('docs/cluster-policies.md', 'Export', 'policy export -o');
    const applied = docBlock('docs/cluster-policies.md', 'Apply', 'kubectl apply');
    const file = /-o (\S+)/.exec(written)?.[1];
    expect(file).toBe('cluster/platlint-policies.yaml');
    expect(applied).toBe(`kubectl apply --dry-run=server -f ${file}\nkubectl apply -f ${file}\n`);
  });

  it('the schema check catches what the API server refuses', () => {
    expect(() => new ValidatingAdmissionPolicyBinding({ metadata: { name: 'a' }, spec: { policyName: 'a', validationActions: ['Refuse'] } } as never).validate()).toThrow(/allowed values/);
    expect(() => new ValidatingAdmissionPolicy({ metadata: { name: 'a' }, spec: { validations: [{ message: 'no expression' }] } } as never).validate()).toThrow(/expression/);
  });

  it('the type check catches a field the User does not have', () => {
    const exported = exportRules(
      [{ spec: { id: 'acme/typo', description: 'Require a name', severity: 'error', match: { kinds: ['User'] }, given: 'spec.clusterRoles[*]', expression: 'has(self.nmae)', message: 'typo' }, severity: 'error' }],
      { platlintVersion: '0.0.0-test', kubernetesVersion: '1.30', groups: [] },
    );
    expect(exported.documents).toEqual([]);
    expect(exported.skipped).toEqual([
      { id: 'acme/typo', reason: "its translation does not compile in the CEL of Kubernetes 1.30 with object typed by the User's schema: validations[0].expression: CEL type error: undefined field 'nmae'; did you mean \"name\"?" },
    ]);
  });
});
