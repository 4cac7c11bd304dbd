import { afterAll, describe, expect, it } from 'vitest';
import { builtinExportRules } from '../../src/policy/export/builtin.js';
import { exportRules } from '../../src/policy/export/index.js';
import { PolicyRule } from '../../src/policy/rule.js';
import { celTwins } from '../../rules/twins.js';
import { AdmissionRoundTrip, type RoundTrip } from '../helpers/admission-roundtrip.js';
import { generatedUsers } from '../helpers/generated-users.js';
import { loadPolicy, policy, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

const OPTIONS = { platlintVersion: '0.0.0-test', kubernetesVersion: '1.37', groups: [] };
const USERS = generatedUsers(500);
/** Hundreds of objects, each judged by every rule and every policy. */
const SLOW = { timeout: 120_000 };

function judgeGenerated(trip: AdmissionRoundTrip): RoundTrip {
  USERS.forEach(({ text, previous }, i) => trip.judgeText(`generated user ${i}`, text, previous));
  return trip.result;
}

/** Policy rules on Users that exercise every part of the translation: given shapes, assertions, match, oldSelf. */
const CASES = policy(`    - id: acme/nested-wildcards
      description: Disallow the delete verb
      severity: error
      match: {kinds: [User]}
      given: spec.access[*].verbs[*]
      expression: "self != 'delete'"
      messageExpression: "'the verb ' + string(self) + ' is not allowed'"
    - id: acme/map-wildcard
      description: Require string claims
      severity: warning
      match: {kinds: [User]}
      given: spec.extraClaims[*]
      expression: "type(self) == string"
      message: claims are strings
    - id: acme/first-role
      description: Require the first cluster role and the second access rule to be viewers
      severity: info
      match: {kinds: [User], names: ["a*", "!ab*"]}
      given: ["spec.clusterRoles[0]", "spec.access[1]"]
      expression: "type(self) != map || !has(self.name) || self.name == 'platform-viewer'"
      message: the first role is a viewer
    - id: acme/labelled
      description: Require a team on web users
      severity: error
      match:
        kinds: [User]
        labels:
          matchLabels: {tier: web}
          matchExpressions:
            - {key: team, operator: In, values: [gitops, ops]}
            - {key: app.kubernetes.io/managed-by, operator: NotIn, values: [ops]}
            - {key: tier, operator: Exists}
            - {key: legacy, operator: DoesNotExist}
      expression: "has(object.spec) && has(object.spec.owner)"
      message: web users have an owner
    - id: acme/required-parts
      description: Require named access rules with verbs
      severity: warning
      match: {kinds: [User]}
      given: spec.access[*]
      assertions:
        required: [name, verbs]
      message: name every rule
    - id: acme/owner-user
      description: Require an owning user
      severity: error
      match: {kinds: [User]}
      assertions:
        required: [spec.owner.user]
      message: name the owner
    - id: acme/no-inline-refs
      description: Disallow a password reference and image pull secret keys
      severity: warning
      match: {kinds: [User]}
      assertions:
        forbidden: [spec.passwordRef, "spec.imagePullSecrets[*].key"]
    - id: acme/patterns
      description: Require acme addresses and team groups
      severity: info
      match: {kinds: [User]}
      assertions:
        pattern: {spec.email: '@example\\.com$', "spec.groups[*]": "^team-"}
      message: acme's patterns
    - id: acme/allowed-values
      description: Require known token generations and enabled users
      severity: error
      match: {kinds: [User]}
      assertions:
        enum: {spec.tokenGeneration: [0, 3, 1.5], spec.disabled: [false]}
    - id: acme/one-login
      description: Require exactly one of an icon and access keys
      severity: warning
      match: {kinds: [User]}
      assertions:
        exactlyOneOf: [spec.icon, spec.codesRef]
      message: one of them
    - id: acme/roles-kept
      description: Disallow renaming a cluster role in place
      severity: warning
      match: {kinds: [User]}
      given: spec.clusterRoles[*]
      expression: "type(self) != map || type(oldSelf) != map || !has(self.name) || !has(oldSelf.name) || self.name == oldSelf.name"
      messageExpression: "'renamed from ' + string(oldSelf.name)"
`);

describe('the round trip on generated Users', () => {
  it('the twins decide each generated User as their rules do', SLOW, () => {
    const exported = exportRules(builtinExportRules(new Map()), OPTIONS);
    const result = judgeGenerated(new AdmissionRoundTrip(celTwins.map((t) => t.rule), exported.documents, (id) => id.split('/').slice(0, 2).join('/')));
    expect(result.mismatches).toEqual([]);
    expect(result.objects).toBe(USERS.length);
    // Each rule both reports and lets through some of them.
    for (const { rule } of celTwins) {
      const count = result.reportedOn.get(rule.meta.id) ?? 0;
      expect([rule.meta.id, count > 0 && count < result.objects]).toEqual([rule.meta.id, true]);
    }
  });

  it('policy rules of every shape the translation handles decide each generated User as platlint does', SLOW, () => {
    const loaded = loadPolicy(CASES);
    expect(loaded.problems).toEqual([]);
    const rules = loaded.rules.filter((r): r is PolicyRule => r instanceof PolicyRule);
    const exported = exportRules(rules.map((r) => ({ spec: r.spec, severity: r.spec.severity })), OPTIONS);
    expect(exported.skipped).toEqual([]);
    const result = judgeGenerated(new AdmissionRoundTrip(rules, exported.documents));
    expect(result.mismatches).toEqual([]);
    for (const rule of rules) {
      const count = result.reportedOn.get(rule.meta.id) ?? 0;
      expect([rule.meta.id, count > 0 && count < result.objects]).toEqual([rule.meta.id, true]);
    }
  });
});
