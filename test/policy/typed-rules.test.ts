import { afterAll, describe, expect, it } from 'vitest';
import { lintResult } from '../helpers/lint.js';
import { config, user } from '../helpers/manifests.js';
import { loadPolicy, policy, problemSpans, reported, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

const rule = (lines: string): string => `    - id: acme/typed
      description: A rule on one kind
      severity: error
${lines}`;

describe('a rule that matches one kind is checked against its schema at load', () => {
  it('a field the kind does not have, in self and in object, with a did-you-mean, at the field', () => {
    const policies = loadPolicy(
      policy(
        rule(`      match: {kinds: [User]}
      given: spec.clusterRoles[*]
      expression: "self.nmae != 'cluster-admin'"
      message: m
    - id: acme/object
      description: Whole object
      severity: error
      match: {kinds: [User]}
      expression: "object.spec.emial.endsWith('@acme.com')"
      message: m
`),
      ),
    );
    // Line 12: `      expression: "self.nmae != 'cluster-admin'"`, the select ".nmae" at columns 24-28; line 18:
    // `      expression: "object.spec.emial.endsWith('@acme.com')"`, ".emial" at columns 31-36.
    expect(problemSpans(policies.problems)).toEqual([
      [12, 24, 12, 29, `Expression: CEL type error: undefined field 'nmae'; did you mean "name"?`],
      [18, 31, 18, 37, `Expression: CEL type error: undefined field 'emial'; did you mean "email"?`],
    ]);
    expect(policies.rules).toEqual([]);
  });

  it('a given path that selects nothing in any document of the kind, at its step', () => {
    const policies = loadPolicy(
      policy(
        rule(`      match: {kinds: [User]}
      given:
        - spec.clusterRolse[*]
        - spec.clusterRoles.name
        - "spec[0]"
        - "metadata.labels[0]"
        - spec.email.domain
        - "spec.tokenGeneration[*]"
        - "spec.groups[*]"
        - "clusterRoles[*]"
      expression: "true"
      message: m
`),
      ),
    );
    expect(problemSpans(policies.problems)).toEqual([
      // Each at the step that selects nothing: `        - spec.clusterRolse[*]` has "clusterRolse" at columns 16-27.
      [12, 16, 12, 28, 'The given path "spec.clusterRolse[*]" selects nothing: a User has no spec.clusterRolse; did you mean "clusterRoles"?'],
      [13, 29, 13, 33, 'The given path "spec.clusterRoles.name" selects nothing: spec.clusterRoles of a User is a list: select its items with [*], as in "spec.clusterRoles[*].name", or one with an index like [0]'],
      [14, 16, 14, 17, 'The given path "spec[0]" selects nothing: spec of a User is an object, not a list; select a field by its name'],
      [15, 27, 15, 28, 'The given path "metadata.labels[0]" selects nothing: metadata.labels of a User is a map, not a list; select a key by its name or every value with [*]'],
      [16, 22, 16, 28, 'The given path "spec.email.domain" selects nothing: spec.email of a User is of type string, which has no fields'],
      [17, 32, 17, 33, 'The given path "spec.tokenGeneration[*]" selects nothing: spec.tokenGeneration of a User is of type int, which has no items'],
      // The right name at the wrong depth: the path to where the kind has it.
      [19, 12, 19, 24, 'The given path "clusterRoles[*]" selects nothing: a User has no clusterRoles; did you mean "spec.clusterRoles[*]"?'],
    ]);
  });

  it('assertion fields are paths below each given path, checked the same way', () => {
    const policies = loadPolicy(
      policy(
        rule(`      match: {kinds: [User]}
      given: spec.access[*]
      assertions:
        required: [verb]
        pattern: {nmae: "^team-"}
        forbidden: [teams.lead]
        enum: {"verbs[*]": [get, list]}
`),
      ),
    );
    expect(problemSpans(policies.problems)).toEqual([
      [13, 20, 13, 24, 'The field path "verb" can never be set: a User has no spec.access[*].verb; did you mean "verbs"?'],
      [14, 19, 14, 23, 'The field path "nmae" can never be set: a User has no spec.access[*].nmae; did you mean "name"?'],
      [15, 21, 15, 31, 'The field path "teams.lead" can never be set: spec.access[*].teams of a User is a list: select its items with [*], as in "spec.access[*].teams[*].lead", or one with an index like [0]'],
    ]);
  });

  it('types the variables: a bool field compared with a string is a type error', () => {
    const policies = loadPolicy(policy(rule(`      match: {kinds: [User]}
      given: spec
      expression: "self.disabled != 'yes' && oldObject == null"
      message: m
`)));
    expect(problemSpans(policies.problems)).toEqual([[12, 34, 12, 35, "Expression: CEL type error: found no matching overload for '_!=_' applied to '(bool, string)'"]]);
  });

  it('a rule for both kinds, or for none named, stays dynamic: a missing field fails on the document that lacks it', () => {
    const policies = loadPolicy(
      policy(
        rule(`      match: {kinds: [User, Config]}
      given: spec
      expression: "self.badge > 0"
      message: m
    - id: acme/any
      description: Every kind
      severity: error
      expression: "object.spec.badge > 0"
      message: m
`),
      ),
    );
    expect(policies.problems).toEqual([]);
    const result = lintResult(user('  email: jane.doe@example.com\n'), { policies });
    expect(result.failedChecks?.map((f) => [f.rule, f.first.error])).toEqual([
      ['acme/typed', 'no such key: badge'],
      ['acme/any', 'no such key: badge'],
    ]);
  });

  it('open parts of the schema stay dynamic, and a rule that is right loads and reports as before', () => {
    const policies = loadPolicy(
      policy(
        rule(`      match: {kinds: [User]}
      given: "metadata.labels['team']"
      expression: "self.startsWith('team-')"
      message: team labels start with team-
    - id: acme/roles
      description: No cluster-admin
      severity: error
      match: {kinds: [User, User]}
      given: spec.clusterRoles[*]
      expression: "self.name != 'cluster-admin'"
      message: no cluster-admin
    - id: acme/transition
      description: Roles are not renamed
      severity: error
      match: {kinds: [User]}
      given: spec.clusterRoles[*]
      expression: "oldSelf == null || oldSelf.name == self.name"
      message: roles are not renamed
`),
      ),
    );
    expect(policies.problems).toEqual([]);
    const text = `apiVersion: management.platform/v1
kind: User
metadata:
  name: jane-doe
  labels:
    team: platform
spec:
  email: jane.doe@example.com
  clusterRoles:
    - name: cluster-admin
`;
    expect(reported(lintResult(text, { policies }))).toEqual([
      ['acme/typed', 6, 11, 'team labels start with team-'],
      ['acme/roles', 10, 7, 'no cluster-admin'],
    ]);
  });

  it('reads an integer in a number field as a double, as Kubernetes does, so double arithmetic works on it', () => {
    const policies = loadPolicy(
      policy(
        rule(`      match: {kinds: [Config]}
      given: status.costControl.settings.averageCPUPricePerNode
      expression: "self.price * 2.0 < 100.0 && type(self.price) == double"
      message: the CPU price is too high
`),
      ),
    );
    expect(policies.problems).toEqual([]);
    const prices = (price: string): string => config(`  costControl:\n    settings:\n      averageCPUPricePerNode:\n        price: ${price}\n`);
    const cheap = lintResult(prices('2'), { policies });
    expect(cheap.failedChecks).toBeUndefined();
    expect(reported(cheap)).toEqual([]);
    expect(reported(lintResult(prices('60'), { policies })).map(([id, , , message]) => [id, message])).toEqual([['acme/typed', 'the CPU price is too high']]);
  });
});
