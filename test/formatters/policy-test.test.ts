import { Ajv } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { policyTestReportSchema } from '../../src/formatters/policy-test-schema.js';
import { formatPolicyTestGithub, formatPolicyTestJson, formatPolicyTestJunit, formatPolicyTestText } from '../../src/formatters/policy-test.js';
import type { PolicyTestCase } from '../../src/project/policy-test-results.js';
import { runPolicyTests } from '../../src/project/policy-tests.js';
import { NO_CLUSTER_ADMIN_RULE, policy, removeTempDirs, tempDir, userWithRoles } from '../policy/helpers.js';

afterAll(removeTempDirs);


/** A run with a passing and a failing fixture, a pack whose policy does not load and has no fixtures. */
function packs(): PolicyTestCase[] {
  const dir = tempDir({
    'packs/acme/policy.yaml': policy(NO_CLUSTER_ADMIN_RULE),
    'packs/acme/tests/good.yaml': userWithRoles('    - name: cluster-admin # expect: acme/no-cluster-admin\n'),
    'packs/acme/tests/bad.yaml': userWithRoles('    - name: platform-viewer # expect: acme/no-cluster-admin\n    - name: cluster-admin\n'),
    'packs/broken/policy.yaml': policy(NO_CLUSTER_ADMIN_RULE.replace('acme/no-cluster-admin', 'acme/broken').replace("!= 'cluster-admin'", '!=')),
  });
  return runPolicyTests('packs', dir);
}

/** What the kaptest runner and an unreadable fixture give, as they give it. */
const KAPTEST_FAILURE: PolicyTestCase = {
  suite: 'policies/users.test/kaptest.yaml',
  name: 'policies/users.test/kaptest.yaml - company-email - (CREATE) User:bob',
  file: 'policies/users.test/kaptest.yaml',
  status: 'fail',
  reason: 'expected DENY, got ADMIT',
  problems: [{ kind: 'detail', message: 'validations[0]: ADMIT' }],
};
const UNREADABLE: PolicyTestCase = { suite: 'packs/acme', name: 'packs/acme/tests/fifo.yaml', file: 'packs/acme/tests/fifo.yaml', status: 'fail', reason: 'not a regular file', problems: [], unreadable: true };

describe('policy test reports', () => {
  it('text: control characters from a fixture or a policy show as pictures, not sent to the terminal', () => {
    const hostile: PolicyTestCase = { ...KAPTEST_FAILURE, name: 'tests/u\u001b[2J.yaml', reason: 'expected DENY\u0007', problems: [{ kind: 'detail', message: 'name "a\u001b]0;x\u0007"' }] };
    expect(formatPolicyTestText([hostile])).toBe('FAIL - tests/u␛[2J.yaml - expected DENY␇\n  name "a␛]0;x␇"\n0 passed, 1 failed\n');
  });

  it('github: control characters in an annotation\'s title and text show as pictures, its file stays exact, line feeds stay lines', () => {
    const hostile: PolicyTestCase = { ...KAPTEST_FAILURE, name: 'tests/u\u001b[2J.yaml', reason: 'expected DENY\u0007', problems: [{ kind: 'detail', message: 'name "a\u001b]0;x\u0007"' }] };
    const mismatch: PolicyTestCase = {
      suite: 'packs/acme',
      name: 'packs/acme/tests/\u001b[31mred.yaml',
      file: 'packs/acme/tests/\u001b[31mred.yaml',
      status: 'fail',
      problems: [{ kind: 'mismatch', file: 'packs/acme/tests/\u001b[31mred.yaml', line: 3, ruleId: 'acme/x', message: 'unexpected acme/x: role "\u001b]8;;x\u0007"\r' }],
    };
    expect(formatPolicyTestGithub([hostile, mismatch], '/nowhere').split('\n')).toEqual([
      'FAIL - tests/u␛[2J.yaml - expected DENY␇',
      '  name "a␛]0;x␇"',
      'FAIL - packs/acme/tests/␛[31mred.yaml',
      '  line 3: unexpected acme/x: role "␛]8;;x␇"␍',
      '0 passed, 2 failed',
      '::error file=policies/users.test/kaptest.yaml,title=policy test::tests/u␛[2J.yaml - expected DENY␇%0Aname "a␛]0;x␇"',
      '::error file=packs/acme/tests/\u001b[31mred.yaml,line=3,title=policy test%3A packs/acme/tests/␛[31mred.yaml::unexpected acme/x: role "␛]8;;x␇"␍',
      '',
    ]);
  });

  it('json: every test with its status, reason and problems at their places, and the counts', () => {
    expect(JSON.parse(formatPolicyTestJson([...packs(), KAPTEST_FAILURE]))).toEqual({
      version: 1,
      tests: [
        {
          suite: 'packs/acme',
          name: 'packs/acme/tests/bad.yaml',
          file: 'packs/acme/tests/bad.yaml',
          status: 'fail',
          problems: [
            { file: 'packs/acme/tests/bad.yaml', line: 8, ruleId: 'acme/no-cluster-admin', message: 'expected acme/no-cluster-admin, but it reported nothing there' },
            { file: 'packs/acme/tests/bad.yaml', line: 9, column: 7, endLine: 9, endColumn: 26, ruleId: 'acme/no-cluster-admin', message: 'unexpected acme/no-cluster-admin: cluster-admin must be requested through the access process' },
          ],
        },
        { suite: 'packs/acme', name: 'packs/acme/tests/good.yaml', file: 'packs/acme/tests/good.yaml', status: 'pass', problems: [] },
        {
          suite: 'packs/broken',
          name: 'packs/broken',
          file: 'packs/broken',
          status: 'fail',
          reason: 'the policy does not load:',
          problems: [
            { file: 'packs/broken/policy.yaml', line: 11, column: 32, endLine: 11, endColumn: 33, severity: 'error', ruleId: 'policy/invalid', message: "Expression: CEL syntax error: mismatched input '<EOF>' expecting an expression" },
          ],
        },
        { suite: 'packs/broken', name: 'packs/broken', file: 'packs/broken', status: 'warn', reason: 'no test fixtures in packs/broken/tests', problems: [] },
        { ...KAPTEST_FAILURE, problems: [{ message: 'validations[0]: ADMIT' }] },
      ],
      summary: { passed: 1, failed: 3, warned: 1 },
    });
  });

  it('json: valid against `platlint schema policy-test`, which refuses a status it does not know', () => {
    const validate = new Ajv({ strict: false, allErrors: true }).compile(policyTestReportSchema);
    const report = JSON.parse(formatPolicyTestJson([...packs(), KAPTEST_FAILURE, UNREADABLE])) as { tests: { status: string }[] };
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    report.tests[0] = { ...report.tests[0], status: 'skipped' };
    expect(validate(report)).toBe(false);
  });

  it('junit: a suite per pack or manifest, a failure or error per failed test, a pack without fixtures skipped', () => {
    expect(formatPolicyTestJunit([...packs(), UNREADABLE, KAPTEST_FAILURE])).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="platlint policy test" tests="6" failures="3" errors="1">
  <testsuite name="packs/acme" tests="3" failures="1" errors="1" skipped="0">
    <testcase classname="packs/acme" name="packs/acme/tests/bad.yaml">
      <failure message="line 8: expected acme/no-cluster-admin, but it reported nothing there" type="policy-test">FAIL - packs/acme/tests/bad.yaml
line 8: expected acme/no-cluster-admin, but it reported nothing there
line 9: unexpected acme/no-cluster-admin: cluster-admin must be requested through the access process</failure>
    </testcase>
    <testcase classname="packs/acme" name="packs/acme/tests/good.yaml"/>
    <testcase classname="packs/acme" name="packs/acme/tests/fifo.yaml">
      <error message="not a regular file" type="io">FAIL - packs/acme/tests/fifo.yaml - not a regular file</error>
    </testcase>
  </testsuite>
  <testsuite name="packs/broken" tests="2" failures="1" errors="0" skipped="1">
    <testcase classname="packs/broken" name="packs/broken">
      <failure message="the policy does not load:" type="policy-test">FAIL - packs/broken - the policy does not load:
packs/broken/policy.yaml:11:32: error: Expression: CEL syntax error: mismatched input &apos;&lt;EOF&gt;&apos; expecting an expression (policy/invalid)</failure>
    </testcase>
    <testcase classname="packs/broken" name="packs/broken">
      <skipped message="no test fixtures in packs/broken/tests">WARN - packs/broken - no test fixtures in packs/broken/tests</skipped>
    </testcase>
  </testsuite>
  <testsuite name="policies/users.test/kaptest.yaml" tests="1" failures="1" errors="0" skipped="0">
    <testcase classname="policies/users.test/kaptest.yaml" name="policies/users.test/kaptest.yaml - company-email - (CREATE) User:bob">
      <failure message="expected DENY, got ADMIT" type="policy-test">FAIL - policies/users.test/kaptest.yaml - company-email - (CREATE) User:bob - expected DENY, got ADMIT
validations[0]: ADMIT</failure>
    </testcase>
  </testsuite>
</testsuites>
`);
  });

  it('github: the text report, then an annotation at each place a failed test names, else on its file', () => {
    const cases = [...packs(), KAPTEST_FAILURE];
    expect(formatPolicyTestGithub(cases, '/nowhere')).toBe(`${formatPolicyTestText(cases)}${[
      '::error file=packs/acme/tests/bad.yaml,line=8,title=policy test%3A packs/acme/tests/bad.yaml::expected acme/no-cluster-admin, but it reported nothing there',
      '::error file=packs/acme/tests/bad.yaml,line=9,col=7,endLine=9,endColumn=26,title=policy test%3A packs/acme/tests/bad.yaml::unexpected acme/no-cluster-admin: cluster-admin must be requested through the access process',
      "::error file=packs/broken/policy.yaml,line=11,col=32,endLine=11,endColumn=33,title=policy test%3A packs/broken::Expression: CEL syntax error: mismatched input '<EOF>' expecting an expression (policy/invalid)",
      '::warning file=packs/broken,title=policy test::packs/broken - no test fixtures in packs/broken/tests',
      '::error file=policies/users.test/kaptest.yaml,title=policy test::policies/users.test/kaptest.yaml - company-email - (CREATE) User:bob - expected DENY, got ADMIT%0Avalidations[0]: ADMIT',
    ].map((line) => `${line}\n`).join('')}`);
  });
});
