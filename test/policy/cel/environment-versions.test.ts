/**
 * Each library and option of Kubernetes' CEL base environment switches on at the version
 * k8s.io/apiserver pkg/cel/environment/base.go gives (commit 24a394e516bfda066d7e2221d7d92c052de27c54; the
 * versions below are transcribed from its baseOpts, not read from platlint's port): an expression using it does
 * not compile one minor version before, and compiles (and evaluates to true) from that version on.
 */
import { describe, expect, it } from 'vitest';
import { CelEnvironment, KUBERNETES_VERSIONS, NEWEST_KUBERNETES_VERSION, objectType } from '../../../src/policy/cel/index.js';
import { authorizerValue } from '../../../src/policy/cel/index.js';

const AUTHORIZER = objectType('kubernetes.authorization.Authorizer');
const variables = { authorizer: AUTHORIZER };
const allowAll = authorizerValue(() => ({ decision: 'allow', reason: '' }));

/** [what base.go switches on, its IntroducedVersion, an expression that needs it, the error one version before] */
const SWITCHES: readonly [string, string, string, RegExp][] = [
  ['library.Authz', '1.27', "authorizer.group('apps').resource('deployments').check('get').allowed()", /undeclared reference to 'group'/],
  ['cel.CrossTypeNumericComparisons', '1.28', '1 < 1.5', /found no matching overload for '_<_' applied to '\(int, double\)'/],
  ['cel.OptionalTypes', '1.28', "{'a': 1}.?a.hasValue()", /unsupported syntax '\.\?'/],
  ['library.Quantity', '1.28', "quantity('1Gi').isGreaterThan(quantity('1Mi'))", /undeclared reference to 'quantity'/],
  ['ext.Strings version 2', '1.29', "'%s'.format(['a']) == 'a' && strings.quote('a') == '\"a\"'", /undeclared reference to 'format'/],
  ['ext.Sets', '1.29', 'sets.contains([1, 2], [1])', /undeclared reference to 'sets'/],
  ['library.IP', '1.30', "isIP('10.0.0.1')", /undeclared reference to 'isIP'/],
  ['library.CIDR', '1.30', "isCIDR('10.0.0.0/8')", /undeclared reference to 'isCIDR'/],
  ['library.Format', '1.31', "!format.dns1123Label().validate('a').hasValue()", /undeclared reference to 'format'/],
  ['library.AuthzSelectors', '1.31', "authorizer.group('').resource('pods').fieldSelector('spec.nodeName=a').check('list').allowed()", /undeclared reference to 'fieldSelector'/],
  ['ext.TwoVarComprehensions', '1.32', '[1, 2].all(i, v, v > i)', /undeclared reference to 'all'/],
  ['library.SemverLib version 1', '1.33', "semver('v1.2', true).major() == 1", /undeclared reference to 'semver'/],
  ['ext.Lists version 3', '1.34', '[3, 1, 2].sort() == lists.range(4).slice(1, 4)', /undeclared reference to 'sort'/],
  ['library.Lists version 1', '1.37', '[1, 2].includes(2)', /undeclared reference to 'includes'/],
];

function previous(version: string): string {
  return `1.${Number(version.slice(2)) - 1}`;
}

describe('the CEL environment of each Kubernetes version', () => {
  it('knows the versions from CEL in Kubernetes (1.23) to the newest, 1.37', () => {
    expect(KUBERNETES_VERSIONS[0]).toBe('1.23');
    expect(NEWEST_KUBERNETES_VERSION).toBe('1.37');
    expect(() => new CelEnvironment('1.22')).toThrow('unknown Kubernetes version 1.22');
  });

  it.each(SWITCHES)('%s switches on at %s', (_, version, expression, before) => {
    const off = new CelEnvironment(previous(version)).compile(expression, variables);
    expect(off.ok).toBe(false);
    if (!off.ok) expect(off.error.issues.map((i) => i.message).join('\n')).toMatch(before);
    for (const v of KUBERNETES_VERSIONS.filter((k) => Number(k.slice(2)) >= Number(version.slice(2)))) {
      const on = new CelEnvironment(v).compile(expression, variables);
      if (!on.ok) throw new Error(`${v}: ${on.error.message}`);
      expect(on.program.evaluate({ authorizer: allowAll })).toMatchObject({ kind: 'value', value: true });
    }
  });

  it("existsOne(x, p) is a macro from 1.33 (cel-go v0.22.1, not base.go), existsOne(i, v, p) with the two-variable comprehensions of 1.32", () => {
    const compile = (version: string, expression: string) => new CelEnvironment(version).compile(expression, variables);
    // An older parser does not expand it: a call of an undeclared function whose variable is undeclared as well.
    const before = compile('1.32', '[1, 2].existsOne(x, x == 2)');
    expect(before.ok ? [] : before.error.issues.map((i) => i.message)).toEqual(expect.arrayContaining(["undeclared reference to 'x' (in container '')"]));
    expect(before.ok).toBe(false);
    for (const [version, expression] of [['1.33', '[1, 2].existsOne(x, x == 2)'], ['1.37', '[1, 2].existsOne(x, x == 2)'], ['1.32', '[1, 2].existsOne(i, v, v == 2)'], ['1.23', '[1, 2].exists_one(x, x == 2)']] as const) {
      const on = compile(version, expression);
      if (!on.ok) throw new Error(`${version}: ${on.error.message}`);
      expect(on.program.evaluate({ authorizer: allowAll })).toMatchObject({ kind: 'value', value: true });
    }
  });

  it.each([
    ['library.URLs', "url('https://kubernetes.io/docs').getHost() == 'kubernetes.io'"],
    ['library.Regex', "'abc-123'.find('[0-9]+') == '123'"],
    ['library.Lists version 0', '[1, 2, 3].isSorted() && [1, 2].sum() == 3'],
    ['ext.Strings version 0', "'ABC'.lowerAscii() == 'abc'"],
    ['cel.DefaultUTCTimeZone', "timestamp('2024-01-01T00:30:00Z').getHours() == 0"],
  ])('%s is there from the first version', (_, expression) => {
    const compiled = new CelEnvironment('1.23').compile(expression, {});
    if (!compiled.ok) throw new Error(compiled.error.message);
    expect(compiled.program.evaluate({})).toMatchObject({ kind: 'value', value: true });
  });

  it('cel.HomogeneousAggregateLiterals: a literal of mixed types never compiles', () => {
    for (const version of ['1.23', NEWEST_KUBERNETES_VERSION]) {
      const mixed = new CelEnvironment(version).compile("[1, 'a']", {});
      expect(mixed.ok === false && mixed.error.message).toBe("expected type 'int' but found 'string'");
    }
  });

  it('cel.ASTValidators at 1.29: a bad literal is the validator\'s error; before, planning the program fails on it', () => {
    // Before 1.29, cel-go's OptOptimize computes the constant conversion when it plans the program, and fails.
    const expectations: [string, string, string][] = [
      ["duration('bogus')", 'time: invalid duration "bogus"', 'invalid duration argument'],
      ["timestamp('yesterday')", 'parsing time "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006"', 'invalid timestamp argument'],
      ["'a'.matches('[')", 'error parsing regexp: missing closing ]: `[`', 'invalid matches argument'],
    ];
    for (const [expression, before, after] of expectations) {
      const old = new CelEnvironment('1.28').compile(expression, {});
      expect(old.ok === false && old.error.message).toBe(before);
      const now = new CelEnvironment('1.29').compile(expression, {});
      expect(now.ok === false && now.error.message).toBe(after);
    }
  });

  it('strings version 0 before 1.29 has no format(), version 2 from then on', () => {
    expect(new CelEnvironment('1.28').compile("strings.quote('a')", {}).ok).toBe(false);
    expect(new CelEnvironment('1.29').compile("strings.quote('a')", {}).ok).toBe(true);
  });
});
