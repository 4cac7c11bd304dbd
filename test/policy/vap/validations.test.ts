/**
 * The diagnostics of ValidatingAdmissionPolicies through the CLI (issue 37, the contract external checks use): rule
 * ids, severities from validationActions, messages, positions, failurePolicy, variables and match conditions.
 */
import { describe, expect, it } from 'vitest';
import { binding, docs, policy, user, USERS_RULES, vapRun, type Row } from './helpers.js';

const JANE = user('jane', '  username: jane\n  email: jane@example.com\n  groups: [developers, admins]\n');

describe('the message of a failed validation', () => {
  it('is the messageExpression, else the message, else Kubernetes\' "failed expression: ..."', () => {
    const policies = docs(
      policy('by-expression', `${USERS_RULES}  validations:\n    - expression: "object.spec.email.endsWith('@acme.example')"\n      messageExpression: "'e-mail ' + object.spec.email + ' is not acme'"\n      message: not used\n`),
      binding('by-expression', 'by-expression', '[Deny]'),
      policy('by-message', `${USERS_RULES}  validations:\n    - expression: "size(object.spec.groups) < 2"\n      message: "  two groups at most  "\n`),
      binding('by-message', 'by-message', '[Deny]'),
      policy('by-default', `${USERS_RULES}  validations:\n    - expression: " object.spec.username != 'jane' "\n`),
      binding('by-default', 'by-default', '[Deny]'),
      // A message expression that fails, or gives an empty string, falls back on the message.
      policy('fallback', `${USERS_RULES}  validations:\n    - expression: "false"\n      messageExpression: "object.spec.icon"\n      message: fell back\n    - expression: "false"\n      messageExpression: "'  '"\n`),
      binding('fallback', 'fallback', '[Deny]'),
    );
    const run = vapRun({ 'policies.yaml': policies, 'users.yaml': JANE }, ['--policy', 'policies.yaml', 'users.yaml']);
    expect(run.status).toBe(1);
    expect(run.rows).toEqual([
      ['vap/by-default', 'error', 'users.yaml', 4, 9, "failed expression: object.spec.username != 'jane'"],
      ['vap/by-expression', 'error', 'users.yaml', 4, 9, 'e-mail jane@example.com is not acme'],
      ['vap/by-message', 'error', 'users.yaml', 4, 9, 'two groups at most'],
      ['vap/fallback', 'error', 'users.yaml', 4, 9, 'fell back'],
      ['vap/fallback', 'error', 'users.yaml', 4, 9, 'failed expression: false'],
    ]);
  });
});

describe('the position of a diagnostic', () => {
  const fieldPath = (path: string): string => policy('at', `${USERS_RULES}  validations:\n    - expression: "false"\n      message: here\n      fieldPath: "${path}"\n`);
  const at = (path: string, object: string): [number, number, number, number][] => {
    const run = vapRun({ 'p.yaml': docs(fieldPath(path), binding('at', 'at', '[Deny]')), 'u.yaml': object }, ['--policy', 'p.yaml', 'u.yaml']);
    return (run.report?.results[0]?.diagnostics ?? []).filter((d) => d.ruleId === 'vap/at').map((d) => [d.line, d.column, d.endLine, d.endColumn]);
  };

  it('is the node fieldPath names: a scalar at its value, a mapping or list at its key, a list item', () => {
    expect(at('spec.email', JANE)).toEqual([[7, 10, 7, 26]]);
    expect(at('.spec.groups', JANE)).toEqual([[8, 3, 8, 9]]);
    expect(at('spec.groups[1]', JANE)).toEqual([[8, 24, 8, 30]]);
    expect(at("metadata.labels['team.acme/name']", user('jane', '  username: jane\n', "  labels:\n    team.acme/name: ops\n"))).toEqual([[6, 21, 6, 24]]);
  });

  it('is metadata.name when the object has no such node, and the document\'s first line when it has no name either', () => {
    expect(at('spec.icon', JANE)).toEqual([[4, 9, 4, 13]]);
    expect(at('spec.groups[9]', JANE)).toEqual([[4, 9, 4, 13]]);
    expect(at('spec.icon', '# a user without a name\napiVersion: management.platform/v1\nkind: User\nspec:\n  username: x\n')).toEqual([[2, 1, 2, 35]]);
  });
});

describe('severity from the binding\'s validationActions', () => {
  const one = policy('one', `${USERS_RULES}  validations:\n    - expression: "false"\n      message: denied\n`);

  it('Deny is an error, Warn a warning, Audit an info; of several actions the strongest; exit 1 only for an error', () => {
    const severities = (actions: string): [Row[], number | null] => {
      const run = vapRun({ 'p.yaml': docs(one, binding('b', 'one', actions)), 'u.yaml': JANE }, ['--policy', 'p.yaml', 'u.yaml']);
      return [run.rows, run.status];
    };
    const denied = (severity: string): Row[] => [['vap/one', severity, 'u.yaml', 4, 9, 'denied']];
    expect(severities('[Deny]')).toEqual([denied('error'), 1]);
    expect(severities('[Warn]')).toEqual([denied('warning'), 0]);
    expect(severities('[Audit]')).toEqual([denied('info'), 0]);
    expect(severities('[Warn, Audit]')).toEqual([denied('warning'), 0]);
    expect(severities('[Audit, Deny]')).toEqual([denied('error'), 1]);
  });

  it('two bindings that match one object report once per action set, the note naming the bindings', () => {
    const run = vapRun(
      { 'p.yaml': docs(one, binding('first', 'one', '[Deny]'), binding('second', 'one', '[Deny]'), binding('third', 'one', '[Warn]')), 'u.yaml': JANE },
      ['--policy', 'p.yaml', 'u.yaml'],
    );
    expect(run.report?.results[0]?.diagnostics.map((d) => [d.ruleId, d.severity, d.line, d.column, d.message, d.note])).toEqual([
      ['vap/one', 'error', 4, 9, 'denied', "ValidatingAdmissionPolicy 'one' with bindings 'first', 'second' denies this object."],
      ['vap/one', 'warning', 4, 9, 'denied', "ValidatingAdmissionPolicy 'one' with binding 'third' warns about this object."],
    ]);
  });

  it('a binding whose matchResources do not match the object does not report', () => {
    const narrow = '  matchResources:\n    resourceRules:\n      - {apiGroups: [management.platform], apiVersions: [v1], operations: [CREATE], resources: [users], resourceNames: [bob]}\n';
    const run = vapRun({ 'p.yaml': docs(one, binding('bob-only', 'one', '[Deny]', narrow), binding('all', 'one', '[Audit]')), 'u.yaml': JANE }, ['--policy', 'p.yaml', 'u.yaml']);
    expect(run.rows).toEqual([['vap/one', 'info', 'u.yaml', 4, 9, 'denied']]);
  });
});

describe('failurePolicy', () => {
  const failing = (failurePolicy: string): string =>
    policy('fails', `  failurePolicy: ${failurePolicy}\n${USERS_RULES}  validations:\n    - expression: "object.spec.tokenGeneration > 1"\n      message: never shown\n    - expression: "true"\n`);

  it('Fail: a runtime error is a denial quoting the error, at the binding\'s severity', () => {
    const run = vapRun({ 'p.yaml': docs(failing('Fail'), binding('b', 'fails', '[Deny]')), 'u.yaml': JANE }, ['--policy', 'p.yaml', 'u.yaml']);
    expect(run.status).toBe(1);
    expect(run.rows).toEqual([['vap/fails', 'error', 'u.yaml', 4, 9, "expression 'object.spec.tokenGeneration > 1' resulted in error: no such key: tokenGeneration"]]);
  });

  it('Ignore: the API server admits the object; the error is an info', () => {
    const run = vapRun({ 'p.yaml': docs(failing('Ignore'), binding('b', 'fails', '[Deny]')), 'u.yaml': JANE }, ['--policy', 'p.yaml', 'u.yaml']);
    expect(run.status).toBe(0);
    expect(run.report?.results[0]?.diagnostics.map((d) => [d.ruleId, d.severity, d.line, d.column, d.message, d.note])).toEqual([
      ['vap/fails', 'info', 4, 9, "expression 'object.spec.tokenGeneration > 1' resulted in error: no such key: tokenGeneration", "ValidatingAdmissionPolicy 'fails' with binding 'b' could not evaluate this and, under failurePolicy Ignore, admits the object."],
    ]);
  });

  it('a validation over the per-call cost limit fails as the API server\'s does', () => {
    const costly = policy('costly', `${USERS_RULES}  validations:\n    - expression: "object.spec.groups.all(a, lists.range(100000).all(i, i >= 0))"\n`);
    const run = vapRun({ 'p.yaml': docs(costly, binding('b', 'costly', '[Deny]')), 'u.yaml': JANE }, ['--policy', 'p.yaml', 'u.yaml']);
    expect(run.rows).toEqual([['vap/costly', 'error', 'u.yaml', 4, 9, "expression 'object.spec.groups.all(a, lists.range(100000).all(i, i >= 0))' resulted in error: operation cancelled: actual cost limit exceeded"]]);
  });
});

describe('variables and match conditions', () => {
  it('variables compose, are evaluated when read, and their errors name them', () => {
    const composed = policy(
      'composed',
      `${USERS_RULES}  variables:\n    - name: domain\n      expression: "object.spec.email.split('@')[1]"\n    - name: acme\n      expression: "variables.domain == 'acme.example'"\n    - name: broken\n      expression: "object.spec.icon"\n  validations:\n    - expression: "variables.acme"\n      messageExpression: "'domain ' + variables.domain"\n    - expression: "variables.acme || variables.broken == ''"\n      message: not reached by the error\n`,
    );
    const run = vapRun({ 'p.yaml': docs(composed, binding('b', 'composed', '[Deny]')), 'u.yaml': JANE }, ['--policy', 'p.yaml', 'u.yaml']);
    expect(run.rows).toEqual([
      ['vap/composed', 'error', 'u.yaml', 4, 9, 'domain example.com'],
      ['vap/composed', 'error', 'u.yaml', 4, 9, `expression 'variables.acme || variables.broken == ''' resulted in error: composited variable "broken" fails to evaluate: no such key: icon`],
    ]);
  });

  it('a false match condition skips the policy; an error in one fails by failurePolicy', () => {
    const conditions = (condition: string, failurePolicy = 'Fail'): string =>
      policy('conditional', `  failurePolicy: ${failurePolicy}\n${USERS_RULES}  matchConditions:\n    - name: not-a-robot\n      expression: "${condition}"\n  validations:\n    - expression: "false"\n      message: checked\n`);
    const run = (condition: string, failurePolicy?: string): Row[] =>
      vapRun({ 'p.yaml': docs(conditions(condition, failurePolicy), binding('b', 'conditional', '[Deny]')), 'u.yaml': JANE }, ['--policy', 'p.yaml', 'u.yaml']).rows;
    const at = (severity: string, message: string): Row => ['vap/conditional', severity, 'u.yaml', 4, 9, message];
    expect(run("!object.spec.username.startsWith('robot-')")).toEqual([at('error', 'checked')]);
    expect(run("object.spec.username.startsWith('robot-')")).toEqual([]);
    expect(run("object.spec.icon == ''")).toEqual([at('error', "expression 'object.spec.icon == ''' resulted in error: no such key: icon")]);
    expect(run("object.spec.icon == ''", 'Ignore')).toEqual([at('info', "expression 'object.spec.icon == ''' resulted in error: no such key: icon")]);
  });
});
