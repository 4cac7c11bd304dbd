import { describe, expect, it } from 'vitest';
import { only } from '../helpers/config.js';
import { config } from '../helpers/manifests.js';
import { spans } from '../helpers/lint.js';

describe('audit/path', () => {
  it('reports a missing path at the audit key', () => {
    const diags = only('audit/path', config('  audit:\n    enabled: true\n    level: 1\n'));
    expect(spans(diags)).toEqual([['audit/path', 6, 3, 6, 8]]);
    expect(diags[0]?.message).toBe(
      'status.audit.enabled is true but status.audit.path is not set.',
    );
  });
});

describe('audit/level-or-policy', () => {
  it('reports a level beside a policy at the level key', () => {
    const diags = only('audit/level-or-policy', config('  audit:\n    level: 3\n    policy:\n      rules:\n        - level: Metadata\n'));
    expect(spans(diags)).toEqual([['audit/level-or-policy', 7, 5, 7, 10]]);
    expect(diags[0]?.severity).toBe('error');
  });

  it('warns on levels outside 1..4', () => {
    const diags = only('audit/level-or-policy', config('  audit:\n    level: 9\n'));
    expect(spans(diags)).toEqual([['audit/level-or-policy', 7, 12, 7, 13]]);
    expect(diags[0]?.severity).toBe('warning');
    expect(diags[0]?.message).toBe(
      'status.audit.level is 9, not an audit level from 1 to 4.',
    );
  });
});

describe('audit/policy-rules', () => {
  const rules = (body: string) => config(`  audit:\n    policy:\n      rules:\n${body}`);

  it('follows Kubernetes validateNonResourceURLs', () => {
    const diags = only('audit/policy-rules', rules('        - level: None\n          nonResourceURLs: ["*", /a/*, /a, a, /a/*/b, /a*]\n'));
    expect(diags.map((d) => [d.severity, d.message])).toEqual([
      ['error', 'status.audit.policy.rules[0].nonResourceURLs[3] is "a", which does not start with "/".'],
      ['error', 'status.audit.policy.rules[0].nonResourceURLs[4] is "/a/*/b", with a "*" before the end.'],
      ['warning', 'status.audit.policy.rules[0].nonResourceURLs[5] "/a*" is a prefix match: it matches every path that starts with "/a".'],
    ]);
    expect(spans(diags)[0]).toEqual(['audit/policy-rules', 10, 44, 10, 45]);
  });

  it('follows Kubernetes validateResources and validatePolicyRule', () => {
    const diags = only(
      'audit/policy-rules',
      rules(
        '        - level: None\n          resources:\n            - group: "*"\n            - group: apps/v1\n            - resourceNames: [x]\n        - level: None\n          namespaces: [a]\n          nonResourceURLs: [/healthz]\n',
      ),
    );
    expect(spans(diags)).toEqual([
      ['audit/policy-rules', 12, 22, 12, 29],
      ['audit/policy-rules', 13, 15, 13, 28],
      ['audit/policy-rules', 16, 11, 16, 26],
    ]);
    expect(diags[1]?.note).toContain('using resourceNames requires at least one resource');
    expect(diags[2]?.message).toContain('is set together with status.audit.policy.rules[1].namespaces');
  });
});

describe('audit/request-targets', () => {
  it('suggests the right case', () => {
    const diags = only('audit/request-targets', config('  audit:\n    policy:\n      rules:\n        - level: None\n          requestTargets: [vcluster, Nope]\n'));
    expect(spans(diags)).toEqual([
      ['audit/request-targets', 10, 28, 10, 36],
      ['audit/request-targets', 10, 38, 10, 42],
    ]);
    expect(diags[0]?.note).toContain('Write "VCluster"');
    expect(diags[0]?.suggestions?.[0]?.edits[0]?.text).toBe('VCluster');
    expect(diags[1]?.message).toContain('(Management, Cluster, VCluster, ProjectSpace, ProjectVCluster)');
  });
});

describe('audit/unreachable-rule', () => {
  it('reports each rule after the first catch-all at the rule item', () => {
    const diags = only(
      'audit/unreachable-rule',
      config('  audit:\n    policy:\n      rules:\n        - level: Metadata\n          users: []\n        - level: None\n          verbs: [get]\n        - level: Request\n'),
    );
    expect(spans(diags).map(([id, line, col]) => [id, line, col])).toEqual([
      ['audit/unreachable-rule', 11, 11],
      ['audit/unreachable-rule', 13, 11],
    ]);
    expect(diags[0]?.message).toBe(
      'status.audit.policy.rules[1] never applies.',
    );
  });
});

describe('audit/nothing-logged', () => {
  it('warns at enabled', () => {
    const diags = only('audit/nothing-logged', config('  audit:\n    enabled: true\n    path: /var/log/a\n'));
    expect(spans(diags)).toEqual([['audit/nothing-logged', 7, 14, 7, 18]]);
  });

  it('does not pile on a level of the wrong type', () => {
    expect(only('audit/nothing-logged', config('  audit:\n    enabled: true\n    path: /var/log/a\n    level: "2"\n'))).toEqual([]);
  });
});

describe('audit/retention', () => {
  it('reports negatives at the value', () => {
    const diags = only('audit/retention', config('  audit:\n    maxBackups: -3\n    maxSize: 1.5\n'));
    expect(spans(diags)).toEqual([['audit/retention', 7, 17, 7, 19]]);
    expect(diags[0]?.message).toBe(
      'status.audit.maxBackups is -3, but it is a number of rotated log files to keep and cannot be negative.',
    );
  });
});
