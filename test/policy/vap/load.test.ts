/**
 * Mistakes in ValidatingAdmissionPolicy files, through the CLI: each once, in the policy file, at its place, while the
 * other policies still run; the exit code is 1 as for any error.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { tempTree } from '../../helpers/files.js';
import { report } from '../../helpers/json-report.js';
import { binding, docs, policy, user, USERS_RULES, vapRun } from './helpers.js';

const JANE = user('jane', '  username: jane\n  email: jane@example.com\n');
const WORKS = docs(policy('works', `${USERS_RULES}  validations:\n    - expression: "object.spec.email.endsWith('@acme.example')"\n`), binding('works', 'works', '[Warn]'));

describe('a policy that does not compile', () => {
  it('is one policy/invalid error at the expression, once per run however many files, and the other policies run', () => {
    const broken = docs(
      policy('broken', `  matchConstraints:\n    resourceRules:\n      - {apiGroups: ["*"], apiVersions: ["*"], operations: [CREATE], resources: ["*"]}\n  validations:\n    - expression: "object.metadata.name.startsWith('a') &&& true"\n`),
      binding('broken', 'broken', '[Deny]'),
    );
    const run = vapRun({ 'broken.yaml': broken, 'works.yaml': WORKS, 'a.yaml': JANE, 'b.yaml': JANE }, ['--policy', 'broken.yaml', '--policy', 'works.yaml', 'a.yaml', 'b.yaml']);
    expect(run.status).toBe(1);
    expect(run.rows).toEqual([
      ['vap/works', 'warning', 'a.yaml', 4, 9, "failed expression: object.spec.email.endsWith('@acme.example')"],
      ['vap/works', 'warning', 'b.yaml', 4, 9, "failed expression: object.spec.email.endsWith('@acme.example')"],
      ['policy/invalid', 'error', 'broken.yaml', 10, 59, "validations[0].expression: CEL syntax error: token recognition error at: '&'"],
    ]);
  });

  it('type errors against the User schema, unknown functions of the Kubernetes version', () => {
    const errors = (validation: string): string =>
      docs(policy('errors', `${USERS_RULES}  variables:\n    - name: mail\n      expression: "object.spec.mail"\n  validations:\n    - expression: "${validation}"\n    - expression: "object.spec.email"\n`), binding('errors', 'errors', '[Deny]'));
    // Every one a policy/invalid error in the policy file; the policy does not run on u.yaml.
    const problems = (validation: string, settings = ''): [number, number, string][] =>
      vapRun({ 'p.yaml': errors(validation), '.platlint.yaml': settings, 'u.yaml': JANE }, ['--policy', 'p.yaml', 'u.yaml']).rows.map((r) => {
        expect([r[0], r[1], r[2]]).toEqual(['policy/invalid', 'error', 'p.yaml']);
        return [r[3], r[4], r[5]];
      });
    expect(problems("ip('10.0.0.1').family() == 4", 'kubernetesVersion: "1.29"\n')).toEqual([
      [14, 31, "variables[0].expression: CEL type error: undefined field 'mail'; did you mean \"email\"?"],
      [16, 20, "validations[0].expression: CEL type error: undeclared reference to 'ip' (in container '')"],
      [17, 20, 'validations[1].expression: CEL type error: must evaluate to bool but got string'],
    ]);
  });
});

describe('an expression over the per-call cost limit on any object', () => {
  it('is a policy/invalid warning: the API server stores the policy (it estimates no cost of one), and every evaluation fails', () => {
    const costly = docs(policy('costly', `${USERS_RULES}  validations:\n    - expression: "lists.range(2000000).all(i, i >= 0)"\n`), binding('costly', 'costly', '[Deny]'));
    const run = vapRun({ 'p.yaml': costly, 'u.yaml': JANE }, ['--policy', 'p.yaml', 'u.yaml']);
    expect(run.status).toBe(1);
    expect(run.rows).toEqual([
      ['vap/costly', 'error', 'u.yaml', 4, 9, "expression 'lists.range(2000000).all(i, i >= 0)' resulted in error: operation cancelled: actual cost limit exceeded"],
      [
        'policy/invalid',
        'warning',
        'p.yaml',
        13,
        19,
        'validations[0].expression: CEL cost error: estimated rule cost exceeds budget by factor of 8.0x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared): the API server stores the policy, and every evaluation of it fails',
      ],
    ]);
  });
});

describe('what the API server would refuse to store', () => {
  it("validation.go's limits and names: reserved words, 64 match conditions, 20 audit annotations, their keys and lengths, paramKind", () => {
    const conditions = Array.from({ length: 65 }, (_, i) => `    - {name: c${i}, expression: "true"}\n`).join('');
    const annotations = (count: number): string => Array.from({ length: count }, (_, i) => `    - {key: k${i}, valueExpression: "'v'"}\n`).join('');
    const long = `'${'x'.repeat(5200)}'`;
    const run = vapRun(
      {
        'p.yaml': docs(
          policy('reserved', `${USERS_RULES}  variables:\n    - {name: namespace, expression: "1"}\n  validations:\n    - expression: "true"\n`),
          policy('conditions', `${USERS_RULES}  matchConditions:\n${conditions}  validations:\n    - expression: "true"\n`),
          policy('annotations', `${USERS_RULES}  auditAnnotations:\n${annotations(21)}`),
          policy('keys', `${USERS_RULES}  auditAnnotations:\n    - {key: a, valueExpression: "'v'"}\n    - {key: a, valueExpression: "'w'"}\n    - {key: a/b, valueExpression: "'v'"}\n    - {key: long, valueExpression: "${long}"}\n`),
          policy('params', `${USERS_RULES}  paramKind: {apiVersion: a/b/c, kind: Config Map}\n  validations:\n    - expression: "true"\n`),
          policy('version', `${USERS_RULES}  paramKind: {apiVersion: Example.com/1v, kind: ConfigMap}\n  validations:\n    - expression: "true"\n`),
        ),
        'u.yaml': JANE,
      },
      ['--policy', 'p.yaml', 'u.yaml'],
    );
    expect(run.status).toBe(1);
    const qualified =
      "a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')";
    const dns1035 =
      "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
    const subdomain =
      "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
    expect(run.rows.map((r) => [r[0], r[2], r[1], r[3], r[4], r[5]])).toEqual([
      ['policy/invalid', 'p.yaml', 'error', 13, 14, '"namespace" is not a valid variable name: it is a reserved word of CEL'],
      ['policy/invalid', 'p.yaml', 'error', 28, 3, 'spec.matchConditions has 65 items; the API server takes at most 64'],
      ['policy/invalid', 'p.yaml', 'error', 108, 3, 'spec.auditAnnotations has 21 items; the API server takes at most 20'],
      ['policy/invalid', 'p.yaml', 'error', 144, 13, 'The audit annotation key "a" is used twice'],
      ['policy/invalid', 'p.yaml', 'error', 145, 13, `"keys/a/b" (the policy's name and the key) is not a qualified name: ${qualified}`],
      ['policy/invalid', 'p.yaml', 'error', 146, 36, 'auditAnnotations[3].valueExpression is 5202 bytes long; the API server takes at most 5120'],
      ['policy/invalid', 'p.yaml', 'error', 159, 27, 'paramKind.apiVersion "a/b/c" is not valid: it is not a group/version'],
      ['policy/invalid', 'p.yaml', 'error', 159, 40, `paramKind.kind "Config Map" is not valid: it may have mixed case, but should otherwise match: ${dns1035}`],
      ['policy/invalid', 'p.yaml', 'error', 174, 27, `paramKind.apiVersion "Example.com/1v" is not valid: group "Example.com": ${subdomain}; version "1v": ${dns1035}`],
    ]);
  });


  it('structure, validationActions, paramRef, resource rules, names: at their places; nothing of the file is used', () => {
    const run = vapRun(
      {
        'p.yaml': docs(
          policy('typo', `${USERS_RULES}  validations:\n    - expression: "true"\n      mesage: typo\n`),
          policy('rules', `  matchConstraints:\n    resourceRules:\n      - {apiGroups: [], apiVersions: [v1], operations: [CREATE], resources: [users]}\n  variables:\n    - {name: 2fast, expression: "1"}\n  validations:\n    - expression: "true"\n`),
          policy('no-validations', USERS_RULES),
          binding('actions', 'works', '[Deny, Warn]', '  paramRef:\n    name: x\n    selector: {}\n'),
          binding('unknown-policy', 'missing', '[Audit]'),
          'apiVersion: v1\nkind: Secret\nmetadata:\n  name: not-a-param\n',
        ),
        'works.yaml': WORKS,
        'u.yaml': JANE,
      },
      ['--policy', 'p.yaml', '--policy', 'works.yaml', 'u.yaml'],
    );
    expect(run.rows.filter((r) => r[2] === 'p.yaml').map((r) => [r[1], r[3], r[4], r[5]])).toEqual([
      ['error', 14, 7, 'Unknown field "mesage" in spec.validations[0]; did you mean "message"?'],
      ['error', 23, 10, 'apiGroups must list at least one value ("*" for all)'],
      ['error', 25, 14, '"2fast" is not a valid variable name'],
      ['error', 33, 1, 'The policy checks nothing: give spec.validations (or spec.auditAnnotations)'],
      ['error', 47, 3, 'validationActions must not hold both Deny and Warn (the denial already says what a warning would)'],
      ['error', 48, 3, 'paramRef needs exactly one of name and selector'],
      ['error', 48, 3, 'paramRef.parameterNotFoundAction is required: Allow or Deny'],
      ['error', 57, 15, 'No ValidatingAdmissionPolicy named "missing" is loaded: the binding binds nothing'],
      ['error', 61, 7, 'A Secret is neither a policy (platlint/v1 Policy, ValidatingAdmissionPolicy), a binding, nor an object a loaded policy reads (a Namespace, a paramKind)'],
    ]);
    expect(run.rows.filter((r) => r[2] === 'u.yaml').map((r) => r[0])).toEqual(['vap/works']);
  });

  it('a policy nothing binds is a warning: it checks nothing, as in a cluster', () => {
    const run = vapRun({ 'p.yaml': policy('idle', `${USERS_RULES}  validations:\n    - expression: "false"\n`), 'u.yaml': JANE }, ['--policy', 'p.yaml', 'u.yaml']);
    expect([run.status, run.rows]).toEqual([0, [['policy/invalid', 'warning', 'p.yaml', 4, 9, 'No ValidatingAdmissionPolicyBinding binds idle, so it checks nothing: add one with spec.policyName: idle']]]);
  });
});

describe('policy rules like any rule', () => {
  const files = { 'p.yaml': WORKS, 'u.yaml': JANE };

  it('platlint rules lists each policy at the strongest action of its bindings; explain prints it', () => {
    const dir = tempTree('platlint-vap-rules-', files);
    const listed = (JSON.parse(runCli(['rules', '--policy', 'p.yaml', '--format', 'json'], { cwd: dir }).stdout) as { id: string; category: string; severity: string; description: string }[]).filter((r) => r.id.startsWith('vap/'));
    expect(listed).toEqual([{ id: 'vap/works', category: 'vap', severity: 'warning', fixable: false, description: 'Require what the ValidatingAdmissionPolicy works validates (p.yaml)', sources: ['security'], docsUrl: null }]);
    const explained = runCli(['explain', '--policy', 'p.yaml', 'vap/works'], { cwd: dir }).stdout;
    expect(explained.split('\n').slice(0, 9)).toEqual([
      '# vap/works',
      '',
      'Require what the ValidatingAdmissionPolicy works validates (p.yaml).',
      '',
      "- Default severity: by the bindings' validationActions (Deny error, Warn warning, Audit info)",
      '- Category: vap',
      '- Source: ValidatingAdmissionPolicy `works` in p.yaml:4',
      '- failurePolicy: Fail',
      '',
    ]);
    expect(explained).toContain('## Bindings\n\n- `works`: Warn\n');
  });

  it('--rule, .platlint.yaml rules, directives and exceptions work on vap/ ids', () => {
    expect(vapRun(files, ['--policy', 'p.yaml', '--rule', 'vap/works=error', 'u.yaml']).rows.map((r) => r[1])).toEqual(['error']);
    expect(vapRun(files, ['--policy', 'p.yaml', '--rule', 'vap/*=off', 'u.yaml']).rows).toEqual([]);
    expect(vapRun({ ...files, '.platlint.yaml': 'policies: [p.yaml]\nrules:\n  vap/works: info\n' }, ['u.yaml']).rows.map((r) => r[1])).toEqual(['info']);
    const silenced = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  # platlint-disable-next-line vap/works -- migrating to acme.example\n  name: jane\nspec:\n  email: jane@example.com\n';
    expect(vapRun({ ...files, 'u.yaml': silenced }, ['--policy', 'p.yaml', 'u.yaml']).rows).toEqual([]);
    const excepted = vapRun({ ...files, '.platlint.yaml': 'policies: [p.yaml]\nexceptions:\n  - rules: [vap/works]\n    objects: [User/jane]\n    reason: contractor until June\n' }, ['u.yaml']);
    expect([excepted.rows, excepted.report?.results[0]?.suppressed?.map((d) => [d.ruleId, d.by, d.reason])]).toEqual([[], [['vap/works', 'exception', 'contractor until June']]]);
  });

  it('a baseline keeps a known problem out of the report', () => {
    const dir = tempTree('platlint-vap-baseline-', { ...files, '.platlint.yaml': 'policies: [p.yaml]\n' });
    expect(runCli(['baseline'], { cwd: dir }).status).toBe(0);
    const again = report(runCli(['u.yaml', '--format', 'json'], { cwd: dir }).stdout);
    expect([again.results[0]?.diagnostics, again.results[0]?.suppressed?.map((d) => [d.ruleId, d.by, d.line])]).toEqual([[], [['vap/works', 'baseline', 4]]]);
  });
});
