import { afterAll, describe, expect, it } from 'vitest';
import { lintResult } from '../helpers/lint.js';
import { loadPolicy, policy, reported, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

const USER = `apiVersion: management.platform/v1
kind: User
metadata:
  name: jane-doe
  labels:
    app.kubernetes.io/managed-by: gitops
    team: platform
spec:
  username: jane.doe
  email: jane.doe@example.com
  tokenGeneration: 3
  clusterRoles:
    - name: platform-viewer
    - name: cluster-admin
    - name: cluster-monitoring
  access:
    - name: read
      verbs: [get, list]
      teams: [platform-engineering]
`;

const CONFIG = `apiVersion: management.platform/v1
kind: Config
metadata:
  name: platform-config
status:
  auth:
    oidc:
      issuerUrl: https://login.example.com
      clientId: platform
      clientSecret: $OIDC_CLIENT_SECRET
      redirectURI: https://platform.example.com/auth/oidc/callback
    connectors:
      - id: contractors
        displayName: Contractors
        oidc:
          issuerUrl: https://contractors.example.com
          clientId: contractors
          clientSecret: $CONTRACTORS_SECRET
          redirectURI: https://platform.example.com/auth/contractors/callback
          groups: [contractors]
      - id: partners
        displayName: Partners
        oidc:
          issuerUrl: https://partners.example.com
          clientId: partners
          clientSecret: $PARTNERS_SECRET
          redirectURI: https://platform.example.com/auth/partners/callback
`;

const NO_CLUSTER_ADMIN = policy(`    - id: acme/no-cluster-admin
      description: Disallow cluster-admin
      severity: error
      match: {kinds: [User]}
      given: spec.clusterRoles[*]
      expression: "self.name != 'cluster-admin'"
      message: cluster-admin must be requested through the access process
`);

describe('policy rules through the engine', () => {
  it('loads as Rule objects that look like built-ins', () => {
    const policies = loadPolicy(NO_CLUSTER_ADMIN);
    expect(policies.problems).toEqual([]);
    expect(policies.rules).toHaveLength(1);
    expect(policies.rules[0]?.meta).toEqual({
      id: 'acme/no-cluster-admin',
      description: 'Disallow cluster-admin',
      severity: 'error',
      sources: ['security'],
      kinds: ['User'],
    });
    expect(policies.rules[0]?.messages).toEqual({ violation: '{{message}}' });
  });

  it('reports each given match on its own line, at the matched list item', () => {
    const result = lintResult(USER, { policies: loadPolicy(NO_CLUSTER_ADMIN) });
    expect(reported(result)).toEqual([['acme/no-cluster-admin', 14, 7, 'cluster-admin must be requested through the access process']]);
    const d = result.diagnostics.find((x) => x.ruleId === 'acme/no-cluster-admin');
    expect(d?.path).toBe('/spec/clusterRoles/1');
    expect(d?.severity).toBe('error');
  });

  it('reports a mapping matched through given at its key, in connectors and at the top level', () => {
    const policies = loadPolicy(policy(`    - id: acme/oidc-groups
      description: Require OIDC groups
      severity: warning
      given: [status.auth.oidc, "status.auth.connectors[*].oidc"]
      expression: has(self.groups) && size(self.groups) > 0
      message: list the groups that may log in
`));
    expect(policies.problems).toEqual([]);
    expect(reported(lintResult(CONFIG, { policies }))).toEqual([
      ['acme/oidc-groups', 7, 5, 'list the groups that may log in'],
      ['acme/oidc-groups', 23, 9, 'list the groups that may log in'],
    ]);
  });

  it('matches nothing when the given path is missing, and the whole document without given', () => {
    const policies = loadPolicy(policy(`    - id: acme/never
      description: Flag everything under a missing path
      severity: error
      given: spec.nothing[*].here
      expression: "false"
      message: never
    - id: acme/whole
      description: Require a team label
      severity: info
      expression: has(object.metadata.labels) && 'team' in object.metadata.labels && self == object
      message: label the document with its team
`));
    expect(policies.problems).toEqual([]);
    expect(reported(lintResult(USER, { policies }))).toEqual([]);
    expect(reported(lintResult(CONFIG, { policies }))).toEqual([['acme/whole', 1, 1, 'label the document with its team']]);
  });

  it('builds the message with messageExpression', () => {
    const policies = loadPolicy(policy(`    - id: acme/roles
      description: Disallow cluster roles outside the catalogue
      severity: warning
      given: spec.clusterRoles[*]
      expression: self.name.startsWith('platform-')
      messageExpression: "'cluster role ' + self.name + ' of ' + object.metadata.name + ' is not in the catalogue (' + string(size(object.spec.clusterRoles)) + ' roles)'"
`));
    expect(reported(lintResult(USER, { policies }))).toEqual([
      ['acme/roles', 14, 7, 'cluster role cluster-admin of jane-doe is not in the catalogue (3 roles)'],
      ['acme/roles', 15, 7, 'cluster role cluster-monitoring of jane-doe is not in the catalogue (3 roles)'],
    ]);
  });

  it('reads YAML integers as CEL ints', () => {
    const policies = loadPolicy(policy(`    - id: acme/ints
      description: Require token generation 3
      severity: error
      match: {kinds: [User]}
      given: spec
      expression: self.tokenGeneration == 3 && self.tokenGeneration + 1 == 4 && type(self.tokenGeneration + 1) == int
      messageExpression: "'generation ' + string(self.tokenGeneration + 1)"
    - id: acme/ints-report
      description: Report the next generation
      severity: info
      match: {kinds: [User]}
      given: spec.tokenGeneration
      expression: "false"
      messageExpression: "'next generation is ' + string(self + 1) + (type(self + 1) == int ? ', an int' : ', not an int')"
`));
    expect(policies.problems).toEqual([]);
    const result = lintResult(USER, { policies });
    expect(reported(result)).toEqual([['acme/ints-report', 11, 20, 'next generation is 4, an int']]);
    expect(result.failedChecks).toBeUndefined();
    expect(policies.evaluationProblems([result])).toEqual([]);
  });

  it('does not report compliant documents', () => {
    const policies = loadPolicy(NO_CLUSTER_ADMIN);
    expect(reported(lintResult(USER.replace('cluster-admin', 'platform-admin'), { policies }))).toEqual([]);
  });

  it('follows severity overrides and "off" like a built-in rule', () => {
    const policies = loadPolicy(NO_CLUSTER_ADMIN);
    const severities = (severity: 'warning' | 'off'): string[] =>
      lintResult(USER, { policies, rules: { 'acme/no-cluster-admin': severity } }).diagnostics.filter((d) => d.ruleId.startsWith('acme/')).map((d) => d.severity);
    expect(severities('warning')).toEqual(['warning']);
    expect(severities('off')).toEqual([]);
  });
});

describe('match', () => {
  const rule = (match: string): string => policy(`    - id: acme/m
      description: Flag matched documents
      severity: info
      match: ${match}
      expression: "false"
      message: matched
`);
  const OTHER_USER = USER.replace('name: jane-doe', 'name: svc-deploy').replace('app.kubernetes.io/managed-by: gitops', 'app.kubernetes.io/managed-by: helm').replace('team: platform', 'tier: ops');
  const matched = (match: string): string[] =>
    [USER, OTHER_USER, CONFIG].filter((doc) => reported(lintResult(doc, { policies: loadPolicy(rule(match)) })).length > 0).map((doc) => /name: (\S+)/.exec(doc)?.[1] ?? '');

  it('by kind', () => {
    expect(matched('{kinds: [User]}')).toEqual(['jane-doe', 'svc-deploy']);
    expect(matched('{kinds: [Config]}')).toEqual(['platform-config']);
    expect(matched('{}')).toEqual(['jane-doe', 'svc-deploy', 'platform-config']);
  });

  it('by name glob', () => {
    expect(matched('{names: ["svc-*"]}')).toEqual(['svc-deploy']);
    expect(matched('{names: ["jane-*", "platform-?onfig"]}')).toEqual(['jane-doe', 'platform-config']);
    expect(matched('{names: ["!svc-*"]}')).toEqual(['jane-doe', 'platform-config']);
  });

  it('by labels: matchLabels and every matchExpressions operator', () => {
    expect(matched('{labels: {matchLabels: {app.kubernetes.io/managed-by: gitops}}}')).toEqual(['jane-doe']);
    expect(matched('{labels: {matchExpressions: [{key: team, operator: In, values: [platform, sre]}]}}')).toEqual(['jane-doe']);
    expect(matched('{labels: {matchExpressions: [{key: team, operator: NotIn, values: [platform]}]}}')).toEqual(['svc-deploy', 'platform-config']);
    expect(matched('{labels: {matchExpressions: [{key: tier, operator: Exists}]}}')).toEqual(['svc-deploy']);
    expect(matched('{labels: {matchExpressions: [{key: tier, operator: DoesNotExist}]}}')).toEqual(['jane-doe', 'platform-config']);
    expect(matched('{kinds: [User], labels: {matchLabels: {team: platform}, matchExpressions: [{key: tier, operator: DoesNotExist}]}}')).toEqual(['jane-doe']);
  });
});

describe('assertions', () => {
  const AUDIT = `apiVersion: management.platform/v1
kind: Config
metadata:
  name: platform-config
status:
  audit:
    enabled: false
    level: 2
    path: var/log/audit
    maxAge: 7
  auth:
    oidc:
      issuerUrl: https://login.example.com
      clientId: platform
      clientSecret: $OIDC_CLIENT_SECRET
    gitForgeA:
      clientId: forge
      clientSecret: $FORGE_SECRET
`;
  const run = (assertions: string, given = 'status.audit'): [string, number, number, string][] => {
    const policies = loadPolicy(policy(`    - id: acme/a
      description: Check the audit settings
      severity: error
      given: ${given}
      assertions:
${assertions}
`));
    expect(policies.problems).toEqual([]);
    return reported(lintResult(AUDIT, { policies }));
  };

  it('required: missing fields, grouped per mapping, at its key', () => {
    expect(run('        required: [path, maxBackups, compress]')).toEqual([
      ['acme/a', 6, 3, 'status.audit.maxBackups and status.audit.compress are required.'],
    ]);
    expect(run('        required: [enabled, path]')).toEqual([]);
  });

  it('required: a missing parent is reported at the nearest existing key', () => {
    expect(run('        required: [status.backup.path]', '$')).toEqual([['acme/a', 5, 1, 'status.backup.path is required.']]);
  });

  it('forbidden', () => {
    expect(run('        forbidden: [level, dataStoreEndpoint]')).toEqual([['acme/a', 8, 5, 'status.audit.level must not be set.']]);
  });

  it('pattern (Go RE2, unanchored unless anchored)', () => {
    expect(run("        pattern: {path: '^/var/log/'}")).toEqual([
      ['acme/a', 9, 11, 'status.audit.path is "var/log/audit", which does not match the pattern ^/var/log/.'],
    ]);
    expect(run("        pattern: {path: 'log'}")).toEqual([]);
  });

  it('enum', () => {
    expect(run('        enum: {enabled: [true], maxAge: [30, 90]}')).toEqual([
      ['acme/a', 7, 14, 'status.audit.enabled is false, not true.'],
      ['acme/a', 10, 13, 'status.audit.maxAge is 7, not one of 30, 90.'],
    ]);
  });

  it('exactlyOneOf: none, or more than one', () => {
    expect(run('        exactlyOneOf: [level, policy]')).toEqual([]);
    expect(run('        exactlyOneOf: [policy, dataStoreEndpoint]')).toEqual([
      ['acme/a', 6, 3, 'Exactly one of policy, dataStoreEndpoint must be set in status.audit, but none is.'],
    ]);
    expect(run('        exactlyOneOf: [oidc, gitForgeA, saml]', 'status.auth')).toEqual([
      ['acme/a', 16, 5, 'Exactly one of oidc, gitForgeA, saml must be set in status.auth, but oidc and gitForgeA are.'],
    ]);
  });

  it('prefixes the rule message and reaches into lists with [*]', () => {
    const policies = loadPolicy(policy(`    - id: acme/a
      description: Check cluster roles
      severity: error
      assertions:
        pattern: {"spec.clusterRoles[*].name": "^platform-"}
      message: Cluster roles come from the platform catalogue
`));
    expect(reported(lintResult(USER, { policies }))).toEqual([
      ['acme/a', 14, 13, 'Cluster roles come from the platform catalogue (spec.clusterRoles[1].name is "cluster-admin", which does not match the pattern ^platform-)'],
      ['acme/a', 15, 13, 'Cluster roles come from the platform catalogue (spec.clusterRoles[2].name is "cluster-monitoring", which does not match the pattern ^platform-)'],
    ]);
  });
});
