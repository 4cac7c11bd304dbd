import { POLICY_TEST_REPORT_VERSION } from './policy-test.js';
import { versionedReportSchema } from './report-schema.js';

const count = { type: 'integer', minimum: 0 } as const;
const place = { type: 'integer', minimum: 1 } as const;

/** `platlint schema policy-test`: the JSON report of `platlint policy test --format json`. */
export const policyTestReportSchema = versionedReportSchema('policy-test-report', 'platlint policy test report', POLICY_TEST_REPORT_VERSION, ['tests', 'summary'], {
  tests: {
    type: 'array',
    description: 'In the order of the text report: the kaptest manifests, then the policy packs.',
    items: {
      type: 'object',
      required: ['suite', 'name', 'file', 'status', 'problems'],
      properties: {
        suite: { type: 'string', description: 'The policy pack (its folder) or the kaptest manifest the test belongs to.' },
        name: { type: 'string', description: 'As the text report names the test: a fixture, a kaptest case, or the suite itself.' },
        file: { type: 'string', description: 'The fixture, the kaptest manifest or the pack.' },
        status: { enum: ['pass', 'fail', 'warn'], description: 'warn: a pack without test fixtures.' },
        reason: { type: 'string', description: "Why it failed or warns, when the test's own line says it." },
        problems: {
          type: 'array',
          items: {
            type: 'object',
            required: ['message'],
                  properties: {
              message: { type: 'string' },
              file: { type: 'string', description: 'The file the problem is in: the fixture, or a policy file.' },
              line: place,
              column: place,
              endLine: place,
              endColumn: { ...place, description: '1-based, exclusive.' },
              ruleId: { type: 'string', description: 'The rule expected, reported unexpectedly, or reporting the problem (policy/invalid...).' },
              severity: { enum: ['error', 'warning', 'info'] },
            },
          },
        },
      },
    },
  },
  summary: {
    type: 'object',
    required: ['passed', 'failed', 'warned'],
    properties: { passed: count, failed: count, warned: count },
  },
});
