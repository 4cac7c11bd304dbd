import { afterAll, describe, expect, it } from 'vitest';
import { builtinRules } from '../../rules/index.js';
import { presetSettings } from '../../src/engine/presets.js';
import type { Rule } from '../../src/engine/types.js';
import { lintResult } from '../helpers/lint.js';
import { config } from '../helpers/manifests.js';
import { loadPolicy, policy, problemSpans, reported, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

const oidcConfig = (name: string, oidc: string): string => config(`  auth:\n    oidc:\n${oidc}`, name);

const WITH_GROUPS = '      issuerUrl: https://login.example.com\n      groups: [platform-users]\n';
const EMPTY_GROUPS = '      issuerUrl: https://login.example.com\n      groups: []\n';
const NO_GROUPS = '      issuerUrl: https://login.example.com\n';

describe('policy/evaluation-error', () => {
  const GROUPS = policy(`    - id: acme/oidc-groups
      description: Require OIDC groups
      severity: error
      given: status.auth.oidc
      expression: size(self.groups) > 0
      message: list the groups that may log in
    - id: acme/oidc-issuer
      description: Require the company issuer
      severity: warning
      given: status.auth.oidc
      expression: self.issuerUrl.startsWith('https://login.acme.com')
      message: use the company identity provider
`);

  it('skips a document the expression fails on, checks the others, and reports the rule once, at its expression', () => {
    const policies = loadPolicy(GROUPS);
    expect(policies.problems).toEqual([]);
    const a = lintResult([oidcConfig('a', WITH_GROUPS), oidcConfig('b', NO_GROUPS), oidcConfig('c', EMPTY_GROUPS)].join('---\n'), { policies, filename: 'configs.yaml' });
    const b = lintResult(oidcConfig('d', NO_GROUPS), { policies, filename: 'other.yaml' });
    // The failing documents are not reported by the rule, the others are; the other rule runs on every document.
    expect(reported(a)).toEqual([
      ['acme/oidc-issuer', 7, 5, 'use the company identity provider'],
      ['acme/oidc-issuer', 17, 5, 'use the company identity provider'],
      ['acme/oidc-groups', 26, 5, 'list the groups that may log in'],
      ['acme/oidc-issuer', 26, 5, 'use the company identity provider'],
    ]);
    expect(reported(b).map(([id]) => id)).toEqual(['acme/oidc-issuer']);
    expect(a.diagnostics.some((d) => d.ruleId === 'internal/rule-error')).toBe(false);
    // Each file's result says what the rule could not check there; the run reports the rule once, from all of them.
    expect(a.failedChecks).toEqual([{ rule: 'acme/oidc-groups', first: { document: 'Config "b"', at: 'expression', error: 'no such key: groups' }, documents: 1, skipped: 0 }]);
    expect(b.failedChecks).toEqual([{ rule: 'acme/oidc-groups', first: { document: 'Config "d"', at: 'expression', error: 'no such key: groups' }, documents: 1, skipped: 0 }]);
    const problems = policies.evaluationProblems([a, b]);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.file).toBe('policy.yaml');
    expect(problems[0]?.diagnostics).toEqual([
      {
        ruleId: 'policy/evaluation-error',
        severity: 'error',
        message:
          'The policy rule acme/oidc-groups could not be evaluated on 2 documents (those were not checked by it); it first failed on Config "b" in configs.yaml: no such key: groups; test optional fields with has() first, e.g. has(self.x) && self.x > 0.',
        line: 11,
        column: 19,
        endLine: 11,
        endColumn: 40,
        path: '/spec/rules/0/expression',
        document: 0,
        docsUrl: 'https://github.com/platlint/platlint/blob/main/rules/policy/evaluation-error/README.md',
      },
    ]);
    // In the other order, the first failure is the other file's: nothing is kept between files.
    expect(policies.evaluationProblems([b, a])[0]?.diagnostics[0]?.message).toContain('it first failed on Config "d" in other.yaml');
    expect(policies.evaluationProblems([])).toEqual([]);
  });

  it('is not reported when the settings of the policy file turn it off', () => {
    const off = presetSettings('recommended', builtinRules);
    off.set('policy/evaluation-error', { severity: 'off' });
    const policies = loadPolicy(GROUPS, { settingsFor: () => off });
    const result = lintResult(oidcConfig('b', NO_GROUPS), { policies });
    expect(result.failedChecks?.map((c) => c.rule)).toEqual(['acme/oidc-groups']);
    expect(policies.evaluationProblems([result])).toEqual([]);
  });

  it('a policy rule that throws is a rule that crashed, as a built-in one: internal/rule-error on the document, the rest still runs', () => {
    const policies = loadPolicy(GROUPS);
    const [groups, issuer] = policies.rules;
    if (!groups || !issuer) throw new Error('the policy has two rules');
    const crashing: Rule = Object.create(groups, { check: { value: () => { throw new Error('evaluator bug'); } } }) as Rule;
    const result = lintResult(oidcConfig('a', WITH_GROUPS), { policies: { rules: [crashing, issuer] }, filename: 'a.yaml' });
    expect(result.diagnostics.filter((d) => d.ruleId.startsWith('acme/') || d.ruleId === 'internal/rule-error').map((d) => [d.ruleId, d.line, d.message])).toEqual([
      ['internal/rule-error', 1, 'The rule acme/oidc-groups failed on this document (evaluator bug); the other rules still ran.'],
      ['acme/oidc-issuer', 7, 'use the company identity provider'],
    ]);
    expect(result.failedChecks).toBeUndefined();
  });

  it('a result that is not a bool is an evaluation error', () => {
    const policies = loadPolicy(policy(`    - id: acme/dyn
      description: Returns the field itself
      severity: error
      given: status.auth.oidc
      expression: self.issuerUrl
      message: m
`));
    expect(policies.problems).toEqual([]);
    const result = lintResult(oidcConfig('a', WITH_GROUPS), { policies });
    expect(reported(result)).toEqual([]);
    expect(policies.evaluationProblems([result])[0]?.diagnostics[0]?.message).toContain('it first failed on Config "a" in test.yaml: the expression returned a string, not a bool');
  });

  it('a failing messageExpression still reports the violation, with the message, and is reported at its position', () => {
    const policies = loadPolicy(policy(`    - id: acme/groups-message
      description: Require OIDC groups
      severity: error
      given: status.auth.oidc
      expression: has(self.groups) && size(self.groups) > 0
      messageExpression: "'no groups in ' + self.clientId"
`));
    const result = lintResult(oidcConfig('a', NO_GROUPS), { policies });
    expect(reported(result)).toEqual([['acme/groups-message', 7, 5, 'Require OIDC groups']]);
    const [problem] = policies.evaluationProblems([result])[0]?.diagnostics ?? [];
    expect([problem?.line, problem?.column, problem?.path]).toEqual([12, 26, '/spec/rules/0/messageExpression']);
    expect(problem?.message).toContain('no such key: clientId');
  });

  it('stops a runaway expression with an error at the policy, and the run goes on', () => {
    const range = `[${Array.from({ length: 100 }, (_, i) => i).join(', ')}]`;
    // Over each of the document's groups, so that only evaluating it shows its cost (a million iterations for one
    // group): an expression over the limit whatever the document holds would not load.
    const policies = loadPolicy(policy(`    - id: acme/runaway
      description: Nested maps over a generated range
      severity: error
      given: status.auth.oidc
      expression: "self.groups.map(g, ${range}.map(a, ${range}.map(b, ${range}.map(c, a + b + c)))).size() > 0"
      message: m
    - id: acme/still-runs
      description: Flag every document
      severity: info
      expression: "true && false"
      message: checked
`));
    expect(policies.problems).toEqual([]);
    const docs = ['a', 'b', 'c', 'd', 'e'].map((n) => oidcConfig(n, WITH_GROUPS)).join('---\n');
    const started = Date.now();
    const result = lintResult(docs, { policies });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(reported(result).map(([id]) => id)).toEqual(Array(5).fill('acme/still-runs'));
    const diagnostics = policies.evaluationProblems([result]).flatMap((p) => p.diagnostics);
    expect(diagnostics.map((d) => [d.ruleId, d.line, d.column])).toEqual([['policy/evaluation-error', 11, 19]]);
    expect(diagnostics[0]?.message).toContain('could not be evaluated on 5 documents');
    expect(diagnostics[0]?.message).toContain('operation cancelled: actual cost limit exceeded');
    expect(diagnostics[0]?.message).toContain('After 3 documents over the cost limit in a file, it was skipped on the other 2 there.');
    expect(result.failedChecks?.map(({ rule, documents, skipped }) => [rule, documents, skipped])).toEqual([['acme/runaway', 5, 2]]);
  }, 30_000);

  const BIG_USER = `apiVersion: management.platform/v1
kind: User
metadata:
  name: big
spec:
  groups:
${Array.from({ length: 2000 }, (_, i) => `    - team-${i}`).join('\n')}
`;

  it('stops a runaway over a huge list generated in the document', () => {
    const policies = loadPolicy(policy(`    - id: acme/pairs
      description: Every pair of groups
      severity: error
      given: spec
      expression: self.groups.map(a, self.groups.map(b, a + b)).size() > 0
      message: m
`));
    const started = Date.now();
    const result = lintResult(BIG_USER, { policies });
    expect(reported(result)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(10_000);
    const [problem] = policies.evaluationProblems([result])[0]?.diagnostics ?? [];
    expect([problem?.line, problem?.column]).toEqual([11, 19]);
    expect(problem?.message).toContain('it first failed on User "big" in test.yaml: operation cancelled: actual cost limit exceeded; the expression does too much work');
  }, 30_000);

  it('bounds the total cost of one rule over all the given matches of a document', () => {
    const policies = loadPolicy(policy(`    - id: acme/each
      description: Check every group
      severity: error
      given: spec.groups[*]
      expression: self.startsWith('team-')
      message: m
`), { costLimit: 100 });
    expect(policies.evaluationProblems([lintResult(BIG_USER, { policies })])[0]?.diagnostics[0]?.message).toContain('the rule spent more than 1000 cost units on this document (over 2000 matches of given)');
  });

  it('a cost limit can be set, and a reasonable expression stays well under the default', () => {
    const list = `[${Array.from({ length: 50 }, (_, i) => `'item-${i}'`).join(', ')}]`;
    const text = policy(`    - id: acme/fine
      description: Quadratic over 50 items
      severity: error
      expression: "${list}.all(a, ${list}.exists(b, a == b))"
      message: m
`);
    const normal = loadPolicy(text);
    expect(normal.problems).toEqual([]);
    expect(normal.evaluationProblems([lintResult(oidcConfig('a', WITH_GROUPS), { policies: normal })])).toEqual([]);
    // Under a limit of 100 units it costs too much whatever the document holds: it does not load.
    const tight = loadPolicy(text, { costLimit: 100 });
    expect(problemSpans(tight.problems)).toEqual([[10, 20, 10, 21, 'Expression: CEL cost error: estimated rule cost exceeds budget by factor of 1.6x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)']]);
    // Over the document's groups, only evaluating it tells.
    const perGroup = loadPolicy(policy(`    - id: acme/groups
      description: Quadratic over the groups
      severity: error
      given: status.auth.oidc
      expression: "self.groups.all(g, ${list}.all(a, ${list}.exists(b, a == b)))"
      message: m
`), { costLimit: 100 });
    expect(perGroup.problems).toEqual([]);
    expect(perGroup.evaluationProblems([lintResult(oidcConfig('a', WITH_GROUPS), { policies: perGroup })])[0]?.diagnostics[0]?.message).toContain('operation cancelled: actual cost limit exceeded');
  });
});
