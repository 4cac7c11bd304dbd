/**
 * The evaluator as a module (src/policy/vap/index.ts, what issue 38's export round trip uses): budgets, audit
 * annotations, messages, the request under matchPolicy Equivalent, DELETE, the authorizer, the resource guess.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { AdmissionSet, type BindingOutcome } from '../../../src/policy/vap/index.js';
import { guessResource } from '../../../src/policy/vap/resources.js';
import { binding, docs, policy, USERS_RULES } from './helpers.js';

const JANE = { apiVersion: 'management.platform/v1', kind: 'User', metadata: { name: 'jane', labels: { team: 'ops' } }, spec: { username: 'jane', groups: ['a', 'b'] } };

function decide(yaml: string, request: Parameters<AdmissionSet['decide']>[0] = { object: JANE }, options: Parameters<typeof AdmissionSet.of>[1] = {}): BindingOutcome[] {
  const { set, mistakes } = AdmissionSet.of(yaml.split(/^---$/m).map((d) => parse(d) as unknown), options);
  expect(mistakes).toEqual([]);
  return set.decide(request);
}

const one = (spec: string, actions = '[Deny]'): string => docs(policy('p', spec), binding('b', 'p', actions));
/** An expression that costs 960,012 of the 10,000,000 budget, just under the per-call limit. */
const HEAVY = 'lists.range(160000).all(i, i >= 0)';

describe('budgets', () => {
  it('the validations of one binding share 10,000,000; past it, one error stands for all', () => {
    const validations = Array.from({ length: 11 }, () => `    - expression: "${HEAVY}"\n`).join('');
    const [outcome] = decide(one(`${USERS_RULES}  validations:\n${validations}`));
    expect(outcome?.decisions).toEqual([{ action: 'deny', evaluation: 'error', message: 'validation failed due to running out of cost budget, no further validation rules will be run' }]);
    const ten = decide(one(`${USERS_RULES}  validations:\n${validations.split('\n').slice(0, 10).join('\n')}\n`));
    expect(ten[0]?.decisions.map((d) => d.evaluation)).toEqual(Array.from({ length: 10 }, () => 'admit'));
  });

  it('what variables cost counts, once per pass however often they are read', () => {
    const reads = Array.from({ length: 12 }, () => '    - expression: "variables.heavy"\n').join('');
    const once = decide(one(`${USERS_RULES}  variables:\n    - name: heavy\n      expression: "${HEAVY}"\n  validations:\n${reads}`));
    expect(once[0]?.decisions.every((d) => d.evaluation === 'admit')).toBe(true);
  });

  it('every match condition is evaluated before any result counts: after a false one, running out of budget is still an error', () => {
    const heavy = Array.from({ length: 3 }, (_, i) => `    - name: heavy${i}\n      expression: "${HEAVY}"\n`).join('');
    const [outcome] = decide(one(`${USERS_RULES}  matchConditions:\n    - name: first\n      expression: "false"\n${heavy}  validations:\n    - expression: "false"\n`));
    expect(outcome?.decisions).toEqual([{ action: 'deny', evaluation: 'error', message: 'validation failed due to running out of cost budget, no further validation rules will be run' }]);
    // Within the budget, the false one skips the policy.
    const skipped = decide(one(`${USERS_RULES}  matchConditions:\n    - name: first\n      expression: "false"\n${heavy.split('    - name: heavy2')[0]}  validations:\n    - expression: "false"\n`));
    expect(skipped[0]?.decisions).toEqual([]);
  });

  it('match conditions have 2,500,000 of their own', () => {
    const conditions = Array.from({ length: 3 }, (_, i) => `    - name: c${i}\n      expression: "${HEAVY}"\n`).join('');
    const [outcome] = decide(one(`${USERS_RULES}  matchConditions:\n${conditions}  validations:\n    - expression: "true"\n`));
    expect(outcome?.decisions).toEqual([{ action: 'deny', evaluation: 'error', message: 'validation failed due to running out of cost budget, no further validation rules will be run' }]);
  });
});

describe('decisions', () => {
  it('audit annotations: a value is published, an error denies under failurePolicy Fail whatever the actions', () => {
    const annotations = `${USERS_RULES}  validations:\n    - expression: "true"\n  auditAnnotations:\n    - key: team\n      valueExpression: "object.metadata.labels.team"\n    - key: blank\n      valueExpression: "'  '"\n    - key: broken\n      valueExpression: "object.metadata.labels.missing"\n`;
    const [outcome] = decide(one(annotations, '[Audit]'));
    expect(outcome?.auditAnnotations).toEqual([{ key: 'team', value: 'ops' }]);
    expect(outcome?.decisions.slice(1)).toEqual([{ action: 'deny', evaluation: 'error', message: "expression 'object.metadata.labels.missing' resulted in error: no such key: missing", enforced: true }]);
  });

  it('audit annotations are evaluated without an authorizer: reading it is an error, a denial under failurePolicy Fail', () => {
    const annotations = `${USERS_RULES}  validations:\n    - expression: "true"\n  auditAnnotations:\n    - key: k\n      valueExpression: "authorizer.group('').resource('pods').check('get').allowed() ? 'y' : 'n'"\n`;
    const allowAll = { authorizer: [{ verbs: ['*'], resources: ['*'] }] };
    const [outcome] = decide(one(annotations, '[Audit]'), { object: JANE }, allowAll);
    expect(outcome?.auditAnnotations).toEqual([]);
    expect(outcome?.decisions.slice(1)).toEqual([{ action: 'deny', evaluation: 'error', message: "expression 'authorizer.group('').resource('pods').check('get').allowed() ? 'y' : 'n'' resulted in error: no such attribute(s): authorizer", enforced: true }]);
    // A validation of the same policy reads it.
    const validation = `${USERS_RULES}  validations:\n    - expression: "authorizer.group('').resource('pods').check('get').allowed()"\n`;
    expect(decide(one(validation), { object: JANE }, allowAll)[0]?.decisions).toEqual([{ action: 'admit', evaluation: 'admit', message: '', validation: 0 }]);
  });

  it("platlint's limit on what format() writes is a runtime error: a denial under failurePolicy Fail", () => {
    const bomb = `${USERS_RULES}  validations:\n    - expression: "lists.range(100).map(i, '%.999999e'.format([double(i)])).size() > 0"\n`;
    const limit = `format() writes more than ${2 ** 26} characters in this evaluation; platlint stops it there (the cost limit prices format() by its format string, not by what it writes, so the API server would hold all of it in memory)`;
    expect(decide(one(bomb))[0]?.decisions).toEqual([{ action: 'deny', evaluation: 'error', message: `expression 'lists.range(100).map(i, '%.999999e'.format([double(i)])).size() > 0' resulted in error: ${limit}`, validation: 0 }]);
  });

  it("an integer in a number field of the platform's schema is a double, as the API server reads it; elsewhere an int", () => {
    const configs = USERS_RULES.replace('resources: [users]', 'resources: [configs]');
    const spec = `${configs}  validations:\n    - expression: "type(object.status.costControl.settings.averageCPUPricePerNode.price) == double && object.status.costControl.settings.averageCPUPricePerNode.price * 2.0 == 4.0"\n`;
    const price = { costControl: { settings: { averageCPUPricePerNode: { price: 2 } } } };
    const object = { apiVersion: 'management.platform/v1', kind: 'Config', metadata: { name: 'config' }, status: price };
    expect(decide(one(spec), { object })[0]?.decisions).toEqual([{ action: 'admit', evaluation: 'admit', message: '', validation: 0 }]);
    // The same data in an object of another group is not read with the platform's schema.
    const other = { ...object, apiVersion: 'example.com/v1' };
    const dyn = `${configs.replace('[management.platform]', '[example.com]')}  validations:\n    - expression: "type(object.status.costControl.settings.averageCPUPricePerNode.price) == int"\n`;
    expect(decide(one(dyn), { object: other })[0]?.decisions).toEqual([{ action: 'admit', evaluation: 'admit', message: '', validation: 0 }]);
  });

  it('a message expression longer than 5 KiB or of several lines falls back on the message', () => {
    const messages = `${USERS_RULES}  validations:\n    - expression: "false"\n      messageExpression: "lists.range(6000).map(i, 'x').join('')"\n      message: too long\n    - expression: "false"\n      messageExpression: "'two\\\\nlines'"\n`;
    expect(decide(one(messages))[0]?.decisions.map((d) => d.message)).toEqual(['too long', 'failed expression: false']);
  });

  it('a message is measured in UTF-8 bytes and trimmed as Go trims white space (validator.go)', () => {
    const message = (expression: string): string | undefined =>
      decide(one(`${USERS_RULES}  validations:\n    - expression: "false"\n      messageExpression: "${expression}"\n      message: fallback\n`))[0]?.decisions[0]?.message;
    // 3,000 characters, 6,000 bytes: over the 5,120 bytes.
    expect(message("lists.range(3000).map(i, '\u00e9').join('')")).toBe('fallback');
    expect(message("lists.range(2560).map(i, '\u00e9').join('')")).toBe('\u00e9'.repeat(2560));
    // Go's strings.TrimSpace removes U+0085 and keeps U+FEFF; JavaScript's trim() does the opposite.
    expect(message("'\\u0085'")).toBe('fallback');
    expect(message("'\\ufeff'")).toBe('\ufeff');
    expect(message("'\\u00a0ok\\u0085'")).toBe('ok');
  });

  it('under matchPolicy Equivalent, request.kind names the version the rule matched, requestKind the object\'s', () => {
    const rules = '  matchConstraints:\n    resourceRules:\n      - {apiGroups: [management.platform], apiVersions: [v2], operations: [CREATE], resources: [users]}\n';
    const message = "request.kind.version + ' ' + request.resource.version + ' ' + request.requestKind.version + ' ' + request.requestResource.resource";
    expect(decide(one(`${rules}  validations:\n    - expression: "false"\n      messageExpression: "${message}"\n`))[0]?.decisions[0]?.message).toBe('v2 v2 v1 users');
  });

  it('DELETE: no object, the old one, DeleteOptions; the object selector looks at the old object', () => {
    const rules = '  matchConstraints:\n    objectSelector: {matchLabels: {team: ops}}\n    resourceRules:\n      - {apiGroups: [management.platform], apiVersions: [v1], operations: [DELETE], resources: [users]}\n';
    const message = "request.operation + ' ' + string(object == null) + ' ' + oldObject.metadata.name + ' ' + request.options.kind";
    const outcomes = decide(one(`${rules}  validations:\n    - expression: "false"\n      messageExpression: "${message}"\n`), { object: null, oldObject: JANE });
    expect(outcomes[0]?.decisions[0]?.message).toBe('DELETE true jane DeleteOptions');
  });

  it('the authorizer answers from its rules: the user, a service account, a path', () => {
    const checks = [
      "authorizer.group('').resource('secrets').namespace('vault').check('get').allowed()",
      "!authorizer.group('').resource('secrets').namespace('other').check('get').allowed()",
      "authorizer.serviceAccount('ci', 'deployer').group('apps').resource('deployments').check('create').allowed()",
      "!authorizer.group('apps').resource('deployments').check('create').allowed()",
      "authorizer.path('/metrics/cpu').check('get').allowed()",
      "authorizer.requestResource.check('create').reason() == 'platlint: allowed by admission.authorizer[3]'",
    ];
    const authorizer = [
      { verbs: ['get'], apiGroups: [''], resources: ['secrets'], namespaces: ['vault'] },
      { verbs: ['*'], apiGroups: ['apps'], resources: ['deployments'], serviceAccounts: ['ci/deployer'] },
      { verbs: ['get'], nonResourceURLs: ['/metrics/*'] },
      { verbs: ['create'], apiGroups: ['management.platform'], resources: ['users'], resourceNames: ['jane'] },
    ];
    const outcomes = decide(one(`${USERS_RULES}  validations:\n${checks.map((c) => `    - expression: "${c}"\n`).join('')}`), { object: JANE }, { authorizer });
    expect(outcomes[0]?.decisions.map((d) => d.evaluation)).toEqual(['admit', 'admit', 'admit', 'admit', 'admit', 'admit']);
  });

  it('the resource of a kind is its lowercase plural, as apimachinery guesses it', () => {
    expect(['User', 'Config', 'Ingress', 'NetworkPolicy', 'Endpoints', 'Deployment'].map(guessResource)).toEqual(['users', 'configs', 'ingresses', 'networkpolicies', 'endpoints', 'deployments']);
  });
});
