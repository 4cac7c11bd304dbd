import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { DYN } from '../../src/policy/cel/index.js';
import { PolicyCel } from '../../src/policy/cel.js';
import { celAt, toCelData } from '../../src/policy/data.js';
import { selectorMatches } from '../../src/policy/match.js';
import { expandPath, formatSteps, parsePath } from '../../src/policy/path.js';
import { mapScalarOffset } from '../../src/policy/source.js';

const DATA = {
  metadata: { name: 'jane-doe', labels: { team: 'platform' } },
  spec: {
    email: 'jane.doe@acme.com',
    tokenGeneration: 3,
    ratio: 0.5,
    groups: ['platform-engineering', 'sre', 'oncall'],
    clusterRoles: [{ name: 'platform-viewer' }, { name: 'cluster-monitoring' }],
  },
};

function evaluate(expression: string, result: 'bool' | 'string' = 'bool'): unknown {
  const runtime = new PolicyCel(undefined);
  const compiled = runtime.compile(expression, result, { self: DYN, object: DYN });
  if (!compiled.ok) throw new Error(compiled.problem.message);
  const root = toCelData(DATA);
  const outcome = compiled.expression.evaluate({ self: celAt(root, ['spec']), object: root });
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.value;
}

describe('CEL functions policies can use', () => {
  it.each([
    "self.email.matches('^[a-z.]+@acme\\\\.com$')",
    "self.email.startsWith('jane') && self.email.endsWith('@acme.com') && self.email.contains('.doe')",
    'size(self.groups) == 3 && self.groups.size() == 3 && size(self.email) == 17',
    'has(self.groups) && !has(self.access) && has(object.metadata.labels.team)',
    "self.groups.all(g, g.size() > 2) && self.groups.exists(g, g == 'sre') && self.groups.exists_one(g, g.startsWith('on'))",
    "self.groups.map(g, g.size()) == [20, 3, 6] && self.groups.filter(g, g.size() < 10) == ['sre', 'oncall']",
    "self.clusterRoles.map(r, r.name).filter(n, n.startsWith('platform-')) == ['platform-viewer']",
    "self.groups.map(g, g.size() > 3, g.upperAscii()) == ['PLATFORM-ENGINEERING', 'ONCALL']",
    "'sre' in self.groups && 'team' in object.metadata.labels && self.email.split('@')[1] == 'acme.com'",
    "self.groups.join(',') == 'platform-engineering,sre,oncall' && self.email.lowerAscii() == self.email",
    'self.tokenGeneration == 3 && self.tokenGeneration + 1 == 4 && type(self.tokenGeneration) == int',
    'self.ratio == 0.5 && type(self.ratio) == double && self.ratio < self.tokenGeneration',
  ])('%s', (expression) => {
    expect(evaluate(expression)).toBe(true);
  });

  it('ints stay ints in arithmetic and strings', () => {
    expect(evaluate("string(self.tokenGeneration + 1) + '/' + string(self.tokenGeneration * 2)", 'string')).toBe('4/6');
  });
});

describe('given paths', () => {
  it('parses dots, wildcards, indexes and quoted keys', () => {
    const parsed = parsePath("$.metadata.labels['app.kubernetes.io/managed-by']");
    expect(parsed.ok && formatSteps(parsed.steps)).toBe("metadata.labels['app.kubernetes.io/managed-by']");
    const wild = parsePath('status.auth.connectors[*].oidc');
    expect(wild.ok && wild.steps).toEqual([
      { kind: 'key', key: 'status' },
      { kind: 'key', key: 'auth' },
      { kind: 'key', key: 'connectors' },
      { kind: 'wildcard' },
      { kind: 'key', key: 'oidc' },
    ]);
    expect(parsePath('spec..x')).toEqual({ ok: false, error: 'empty path step (two dots, or a leading dot)', offset: 5 });
    expect(parsePath('spec.clusterRoles[0')).toEqual({ ok: false, error: 'missing "]"', offset: 17 });
  });

  it('expands to every existing match with its concrete path; a missing path matches nothing', () => {
    const steps = (text: string) => {
      const parsed = parsePath(text);
      if (!parsed.ok) throw new Error(parsed.error);
      return parsed.steps;
    };
    expect(expandPath(DATA, steps('spec.clusterRoles[*].name')).map((m) => [m.path, m.value])).toEqual([
      [['spec', 'clusterRoles', 0, 'name'], 'platform-viewer'],
      [['spec', 'clusterRoles', 1, 'name'], 'cluster-monitoring'],
    ]);
    expect(expandPath(DATA, steps('metadata.labels.*')).map((m) => m.path)).toEqual([['metadata', 'labels', 'team']]);
    expect(expandPath(DATA, steps('spec.groups[1]')).map((m) => m.value)).toEqual(['sre']);
    expect(expandPath(DATA, steps('spec.access[*].verbs'))).toEqual([]);
    expect(expandPath(DATA, steps('spec.email[*]'))).toEqual([]);
  });
});

describe('positions inside scalars', () => {
  const offsetOf = (yaml: string, target: number): [number, string] => {
    const doc = parseDocument(yaml);
    const node = doc.get('e', true) as Parameters<typeof mapScalarOffset>[1];
    const value = String((node as { value: unknown }).value);
    const offset = mapScalarOffset(yaml, node, value, target);
    return [offset, yaml.slice(offset, offset + 5)];
  };

  it('maps through quotes, escapes, folding and block indentation', () => {
    expect(offsetOf('e: self.a == 1\n', 10)).toEqual([13, '1\n']);
    expect(offsetOf('e: "a \\"b\\" == c"\n', 6)).toEqual([12, '== c"']);
    expect(offsetOf("e: 'it''s x'\n", 5)).toEqual([10, "x'\n"]);
    expect(offsetOf('e: "a\\\\b == c"\n', 4)).toEqual([9, '== c"']);
    expect(offsetOf('e: >-\n  self.a &&\n  self.b\n', 10)).toEqual([20, 'self.']);
    expect(offsetOf('e: |\n  has(self.a) &&\n    self.a.x()\n', 17)).toEqual([26, 'self.']);
  });
});

describe('label selectors and CEL data', () => {
  it('follows Kubernetes: NotIn and DoesNotExist hold when the label is absent', () => {
    expect(selectorMatches({ matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['x'] }] }, undefined)).toBe(true);
    expect(selectorMatches({ matchExpressions: [{ key: 'tier', operator: 'In', values: ['x'] }] }, undefined)).toBe(false);
    expect(selectorMatches({ matchLabels: { a: 'true' } }, { a: true })).toBe(true);
  });

  it('converts integers to bigint, fractions to numbers, mappings to Maps, once per shared node', () => {
    const shared = { x: 1 };
    const converted = toCelData({ a: shared, b: shared, n: 2.5, big: 2 ** 70, list: [1, null] }) as Map<string, unknown>;
    expect(converted.get('a')).toEqual(new Map([['x', 1n]]));
    expect(converted.get('a')).toBe(converted.get('b'));
    expect(converted.get('n')).toBe(2.5);
    expect(converted.get('big')).toBe(2 ** 70);
    expect(converted.get('list')).toEqual([1n, null]);
  });
});
