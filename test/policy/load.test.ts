import { afterAll, describe, expect, it } from 'vitest';
import { loadPolicyPaths } from '../../src/project/policy-files.js';
import { loadPolicy, policy, problemSpans, tempDir, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

const VALID_RULE = `    - id: acme/ok
      description: A valid rule next to broken ones
      severity: warning
      expression: "true"
      message: never reported
`;

describe('policy/invalid: problems in the policy file, at their own position', () => {
  it('a CEL syntax error, at the character in the expression, once', () => {
    const policies = loadPolicy(policy(`    - id: acme/syntax
      description: Broken syntax
      severity: error
      expression: "self.name == 'a' &&& true"
      message: m
${VALID_RULE}`));
    // Line 10: `      expression: "self.name == 'a' &&& true"`; the value starts at column 20, the lexer stops at
    // the third "&" (offset 19 of the expression), which starts no token.
    expect(problemSpans(policies.problems)).toEqual([[10, 39, 10, 40, "Expression: CEL syntax error: token recognition error at: '&'"]]);
    expect(policies.problems[0]?.file).toBe('policy.yaml');
    expect(policies.problems[0]?.diagnostics[0]).toMatchObject({ ruleId: 'policy/invalid', severity: 'error', path: '/spec/rules/0/expression', document: 0 });
    expect(policies.rules.map((r) => r.meta.id)).toEqual(['acme/ok']);
  });

  it('thirty syntax errors deep in parentheses leave the rule after them valid', () => {
    const broken = (i: number): string => `    - id: acme/broken-${i}
      description: Broken syntax
      severity: error
      expression: "((((((((((self.name =="
      message: m
`;
    const policies = loadPolicy(policy(Array.from({ length: 30 }, (_, i) => broken(i)).join('') + VALID_RULE));
    expect(policies.problems.flatMap((p) => p.diagnostics)).toHaveLength(30);
    expect(policies.rules.map((r) => r.meta.id)).toEqual(['acme/ok']);
  });

  it('an unknown function, at the function name, inside a block scalar', () => {
    const policies = loadPolicy(policy(`    - id: acme/unknown-function
      description: Misspelt function
      severity: error
      given: spec
      expression: |
        has(self.clusterRoles) &&
          self.clusterRoles.all(r, r.name.startWith('platform-'))
      message: m
`));
    // Line 13: `          self.clusterRoles.all(r, r.name.startWith('platform-'))`; "startWith" is columns 43-51.
    expect(problemSpans(policies.problems)).toEqual([
      [13, 43, 13, 52, `Expression: CEL type error: undeclared reference to 'startWith' (in container ''); did you mean "startsWith"?`],
    ]);
    expect(policies.rules).toEqual([]);
  });

  it('a type error: no overload for the operand types', () => {
    const policies = loadPolicy(policy(`    - id: acme/type
      description: Compares an int with a string
      severity: error
      expression: size(self.spec.clusterRoles) > '3'
      message: m
`));
    expect(problemSpans(policies.problems)).toEqual([
      [10, 48, 10, 49, "Expression: CEL type error: found no matching overload for '_>_' applied to '(int, string)'"],
    ]);
  });

  it('an undeclared variable, and an expression that cannot be a bool', () => {
    const policies = loadPolicy(policy(`    - id: acme/variable
      description: Unknown variable
      severity: error
      expression: 'spec.disabled == false'
      message: m
    - id: acme/not-bool
      description: Not a condition
      severity: error
      expression: self.metadata.name + '!'
      messageExpression: "size(self.metadata.name)"
`));
    expect(problemSpans(policies.problems)).toEqual([
      [10, 20, 10, 33, "Expression: CEL type error: undeclared reference to 'spec' (in container '')"],
      [15, 19, 15, 37, 'Expression: the expression must evaluate to a bool (true means compliant), not string'],
      [16, 27, 16, 31, 'Message expression: the message expression must evaluate to a string, not int'],
    ]);
  });

  it('an invalid Go regular expression in matches()', () => {
    const policies = loadPolicy(policy(`    - id: acme/regex
      description: Lookahead
      severity: error
      expression: "self.metadata.name.matches('^(?!admin)')"
      message: m
`));
    expect(problemSpans(policies.problems)).toEqual([
      [10, 47, 10, 48, 'Expression: CEL type error: invalid matches argument (error parsing regexp: invalid or unsupported Perl syntax: `(?!`)'],
    ]);
  });

  it('an expression that costs more than the per-call limit whatever the document holds, as for an admission policy', () => {
    const policies = loadPolicy(policy(`    - id: acme/too-costly
      description: Always over the limit
      severity: error
      expression: "lists.range(2000000).all(i, i >= 0)"
      message: m
    - id: acme/under
      description: Under the limit on every document
      severity: error
      expression: "lists.range(100000).all(i, i >= 0)"
      message: m
`));
    // The estimate's minimum is 8,000,012 units against 1,000,000: the rule could never be evaluated.
    expect(problemSpans(policies.problems)).toEqual([
      [10, 20, 10, 31, 'Expression: CEL cost error: estimated rule cost exceeds budget by factor of 8.0x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)'],
    ]);
    expect(policies.rules.map((r) => r.meta.id)).toEqual(['acme/under']);
  });

  it('an unknown field, at its key, with a did-you-mean; the other rules still load', () => {
    const policies = loadPolicy(policy(`    - id: acme/typo
      description: Misspelt key
      sevrity: error
      expression: "true"
      message: m
${VALID_RULE}`));
    expect(problemSpans(policies.problems)).toEqual([
      [7, 7, 7, 20, 'spec.rules[0] is missing the required field "severity"'],
      [9, 7, 9, 14, 'Unknown field "sevrity" in spec.rules[0]; did you mean "severity"?'],
    ]);
    expect(policies.rules.map((r) => r.meta.id)).toEqual(['acme/ok']);
  });

  it('wrong types and enums, at the value', () => {
    const policies = loadPolicy(policy(`    - id: acme/types
      description: Bad values
      severity: fatal
      match: {kinds: [Team]}
      expression: "true"
      message: [m]
`));
    expect(problemSpans(policies.problems).map(([line, col, , , message]) => [line, col, message])).toEqual([
      [9, 17, 'spec.rules[0].severity must be one of error, warning, info, not "fatal"'],
      [10, 23, 'spec.rules[0].match.kinds[0] must be one of User, Config, not "Team"'],
      [12, 7, 'spec.rules[0].message must be a string'],
    ]);
  });

  it('a mapping where one of a few words belongs is one problem, its type, not also "not [object Object]"', () => {
    const policies = loadPolicy(policy(`    - id: acme/types
      description: Bad values
      severity: {level: error}
      match: {kinds: [User, 5]}
      expression: "true"
      message: m
`));
    expect(problemSpans(policies.problems).map(([line, col, , , message]) => [line, col, message])).toEqual([
      [9, 7, 'spec.rules[0].severity must be a string'],
      [10, 29, 'spec.rules[0].match.kinds[1] must be a string'],
    ]);
    const mistyped = loadPolicy(policy(`    - id: acme/types
      description: Bad values
      severity: 5
      expression: "true"
      message: m
`));
    expect(problemSpans(mistyped.problems).map(([, , , , message]) => message)).toEqual(['spec.rules[0].severity must be a string']);
  });

  it('a map key of digits is a key, not a list index', () => {
    const policies = loadPolicy(policy(`    - id: acme/labels
      description: Labels of digits
      severity: error
      match:
        labels:
          matchLabels:
            "0": 5
      expression: "true"
      message: m
`));
    expect(problemSpans(policies.problems)).toEqual([[13, 18, 13, 19, 'spec.rules[0].match.labels.matchLabels.0 must be a string']]);
  });

  it('a file that is not a policy', () => {
    const policies = loadPolicy('apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: x\n');
    expect(problemSpans(policies.problems).map(([line, col, , , message]) => [line, col, message])).toEqual([
      [2, 7, 'A User is neither a policy (platlint/v1 Policy, ValidatingAdmissionPolicy), a binding, nor an object a loaded policy reads (a Namespace, a paramKind)'],
    ]);
  });

  it('YAML syntax errors', () => {
    const policies = loadPolicy('apiVersion: platlint/v1\nkind: Policy\nmetadata: {name: acme\nspec:\n  rules: []\n');
    // The one YAML reader's words and place, as in a manifest: where the bracket opens.
    expect(problemSpans(policies.problems)).toEqual([[3, 11, 3, 22, 'YAML syntax error: the { here is never closed.']]);
    expect(policies.problems.flatMap((r) => r.diagnostics.map((d) => d.ruleId))).toEqual(['yaml/syntax']);
    expect(policies.rules).toEqual([]);
  });

  it('YAML read as the platform reads it: YAML 1.1 values, keys written twice, an alias without its anchor', () => {
    const found = (text: string): [string, number, number, string][] => loadPolicy(text).problems.flatMap((r) => r.diagnostics.map((d): [string, number, number, string] => [d.ruleId, d.line, d.column, d.message]));
    // `on` is the boolean true in YAML 1.1, as Kubernetes and the platform read it: no description.
    expect(found(policy('    - id: acme/a\n      description: on\n      severity: error\n      severity: warning\n      expression: "true"\n      message: m\n'))).toEqual([
      ['policy/invalid', 8, 20, 'spec.rules[0].description must be a string'],
      ['yaml/duplicate-key', 10, 7, 'The key severity is given twice in this mapping; only one value would be kept.'],
    ]);
    expect(found(policy('    - id: acme/a\n      description: *missing\n      severity: error\n      expression: "true"\n      message: m\n'))).toEqual([
      ['yaml/syntax', 8, 20, 'YAML syntax error: the alias *missing refers to no anchor defined before it.'],
    ]);
  });

  it('rule ids: shape, built-in ids, duplicates', () => {
    const policies = loadPolicy(policy(`    - id: NoNamespace
      description: d
      severity: error
      expression: "true"
      message: m
    - id: auth/saml-ca
      description: d
      severity: error
      expression: "true"
      message: m
    - id: acme/twice
      description: d
      severity: error
      expression: "true"
      message: m
    - id: acme/twice
      description: d
      severity: error
      expression: "true"
      message: m
`), { reservedIds: ['auth/saml-ca'] });
    expect(problemSpans(policies.problems).map(([line, col, , , message]) => [line, col, message])).toEqual([
      [7, 11, 'The rule id "NoNamespace" must be lowercase and namespaced, like acme/no-cluster-admin (letters, digits and dashes; parts separated by "/")'],
      [12, 11, 'The rule id "auth/saml-ca" is the id of a built-in rule; give policy rules ids of their own, namespaced with your organisation (e.g. acme/...)'],
      [22, 11, 'The rule id "acme/twice" is already declared in policy.yaml:17; rule ids must be unique'],
    ]);
    expect(policies.rules.map((r) => r.meta.id)).toEqual(['acme/twice']);
  });

  it('rule shape: nothing to check, both kinds of check, no message, both messages', () => {
    const policies = loadPolicy(policy(`    - id: acme/nothing
      description: d
      severity: error
    - id: acme/both
      description: d
      severity: error
      expression: "true"
      message: m
      assertions: {required: [spec]}
    - id: acme/silent
      description: d
      severity: error
      expression: "true"
    - id: acme/two-messages
      description: d
      severity: error
      expression: "true"
      message: m
      messageExpression: "'m'"
`));
    expect(problemSpans(policies.problems).map(([line, col, , , message]) => [line, col, message])).toEqual([
      [7, 7, 'The rule checks nothing: give an expression (CEL, with message or messageExpression) or assertions'],
      [15, 7, 'Give either expression or assertions, not both; split them into two rules'],
      [19, 7, 'An expression rule needs a message or a messageExpression saying what is wrong and what to do'],
      [25, 7, 'Give either message or messageExpression, not both'],
    ]);
  });

  it('given and assertion paths, regular expressions, selectors', () => {
    const policies = loadPolicy(policy(`    - id: acme/paths
      description: d
      severity: error
      given: "spec.clusterRoles[x].name"
      expression: "true"
      message: m
    - id: acme/assertions
      description: d
      severity: error
      match:
        kinds: []
        labels:
          matchExpressions:
            - {key: team, operator: In}
            - {key: tier, operator: Exists, values: [a]}
      assertions:
        required: ["spec.access[*]"]
        pattern: {spec.username: "^(?=admin)"}
        enum: {spec.disabled: []}
        exactlyOneOf: [spec.email]
`));
    expect(problemSpans(policies.problems).map(([line, col, , , message]) => [line, col, message])).toEqual([
      [10, 32, 'Invalid given path "spec.clusterRoles[x].name": "[x]" is not [*], an index like [0] or a quoted key like [\'a.b\']'],
      [17, 9, 'match.kinds is empty, so the rule would never apply; list User, Config or both, or leave kinds out'],
      [20, 37, 'The In operator needs a non-empty list of values'],
      [21, 45, 'The Exists operator takes no values; remove them'],
      [23, 20, 'A required field must end with a field name, not "spec.access[*]"'],
      [24, 34, "Invalid regular expression (Go RE2 syntax): invalid or unsupported Perl syntax: `(?=` (lookahead is not supported by Go's RE2 syntax)"],
      [25, 16, 'The list of allowed values is empty'],
      [26, 9, 'exactlyOneOf needs at least two fields; for one field use required'],
    ]);
    expect(policies.rules).toEqual([]);
  });

  it('files and directories: missing paths, directories of policies, tests folders skipped', () => {
    const dir = tempDir({
      'pack/a.yaml': policy(VALID_RULE),
      'pack/b.yml': policy(VALID_RULE.replace('acme/ok', 'acme/other')),
      'pack/tests/user.yaml': 'apiVersion: management.platform/v1\nkind: User\nmetadata: {name: u}\n',
      'empty/README.md': '# nothing here',
    });
    const policies = loadPolicyPaths(['pack', 'missing.yaml', 'empty', 'pack/a.yaml'], dir);
    expect(policies.rules.map((r) => [r.meta.id, r.origin.file])).toEqual([
      ['acme/ok', 'pack/a.yaml'],
      ['acme/other', 'pack/b.yml'],
    ]);
    expect(policies.problems.map((p) => [p.file, p.ioError])).toEqual([
      ['missing.yaml', 'no such policy file or directory'],
      ['empty', 'no policy files (*.yaml, *.yml) in this directory'],
    ]);
  });
});
