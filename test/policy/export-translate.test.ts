import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { globMatches } from '../../src/engine/globs.js';
import { CelEnvironment, DYN } from '../../src/policy/cel/index.js';
import { celString } from '../../src/policy/export/cel-text.js';
import { exportRules } from '../../src/policy/export/index.js';
import { globRegex, namesCondition } from '../../src/policy/export/match.js';
import { fieldPathOf } from '../../src/policy/export/translate.js';
import { parsePath, type PathStep } from '../../src/policy/path.js';
import type { PolicyRuleSpec } from '../../src/policy/types.js';

const OPTIONS = { platlintVersion: '0.0.0-test', kubernetesVersion: '1.37', groups: [] };
const environment = new CelEnvironment('1.37');

function evaluate(expression: string, variables: Record<string, unknown> = {}): unknown {
  const compiled = environment.compile(expression, Object.fromEntries(Object.keys(variables).map((k) => [k, DYN])));
  if (!compiled.ok) throw new Error(compiled.error.message);
  const result = compiled.program.evaluate(variables as never);
  if (result.kind !== 'value') throw new Error(result.message);
  return result.value;
}

const rule = (fields: Partial<PolicyRuleSpec>): PolicyRuleSpec => ({ id: 'acme/r', description: 'Require r', severity: 'error', match: { kinds: ['User'] }, expression: 'true', message: 'm', ...fields });
const skipped = (spec: PolicyRuleSpec, kubernetesVersion = '1.37'): { id: string; reason: string }[] => exportRules([{ spec, severity: spec.severity }], { ...OPTIONS, kubernetesVersion }).skipped;
const validationOf = (spec: PolicyRuleSpec): Record<string, unknown> => {
  const [policy] = exportRules([{ spec, severity: spec.severity }], OPTIONS).documents;
  return ((policy?.['spec'] as { validations: Record<string, unknown>[] }).validations[0] ?? {}) as Record<string, unknown>;
};

describe('CEL string literals', () => {
  it('read back as the text they were written from, whatever it holds', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        // Lone surrogates have no UTF-8 form; the literal holds U+FFFD where they were.
        expect(evaluate(celString(text))).toBe(text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));
      }),
      { seed: 38, numRuns: 300 },
    );
    expect(celString("it's a \\ \n")).toBe("'it\\'s a \\\\ \\n'");
  });
});

describe('name globs', () => {
  const NAME = fc.stringMatching(/^[a-z0-9]([-a-z0-9.]{0,6}[a-z0-9])?$/);
  const GLOB = fc.array(fc.constantFrom('a', 'b', '-', '.', '1', '*', '?'), { minLength: 1, maxLength: 5 }).map((parts) => parts.join('').replace(/\*\*+/g, '*'));

  it('match the names platlint matches, as micromatch reads globs (Kubernetes names: no "/", never "." or "..")', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), GLOB), { minLength: 1, maxLength: 3 }), NAME, (globs, name) => {
        const patterns = globs.map(([negated, glob]) => (negated ? `!${glob}` : glob));
        const condition = namesCondition(patterns);
        if ('error' in condition) throw new Error(condition.error);
        const object = new Map([['metadata', new Map([['name', name]])]]);
        expect(evaluate(condition.expression, { object })).toBe(globMatches(name, patterns, { dot: true }));
      }),
      { seed: 38, numRuns: 500 },
    );
  });

  it('are written as anchored regular expressions; what micromatch reads otherwise is refused', () => {
    expect(globRegex('ci-*')).toEqual({ regex: '^ci-[^/]*$', negated: false });
    expect(globRegex('!a?.b')).toEqual({ regex: '^a[^/]\\.b$', negated: true });
    expect(globRegex('[ab]*')).toEqual({ error: 'the name glob "[ab]*" has "[", which the export does not translate (it takes *, ? and the characters of names)' });
    expect(globRegex('{a,b}')).toEqual({ error: 'the name glob "{a,b}" has "{", which the export does not translate (it takes *, ? and the characters of names)' });
    expect(globRegex('!(a)')).toEqual({ error: 'the name glob "!(a)" has "!", which the export does not translate (it takes *, ? and the characters of names)' });
    expect(globRegex('a/**')).toEqual({ error: 'the name glob "a/**" has "/", which the export does not translate (it takes *, ? and the characters of names)' });
    expect(globRegex('**')).toEqual({ error: 'the name glob "**" uses **, which names (without "/") do not need: write *' });
  });
});

describe('fieldPath', () => {
  const steps = (...paths: string[]): PathStep[][] => paths.map((p) => (parsePath(p) as { ok: true; steps: PathStep[] }).steps);

  it('is the part of the given paths before their first wildcard, common to all', () => {
    expect(fieldPathOf(steps('spec.clusterRoles[*]'))).toBe('spec.clusterRoles');
    expect(fieldPathOf(steps('spec.access[*].verbs[*]'))).toBe('spec.access');
    expect(fieldPathOf(steps('spec.access[0].verbs'))).toBe('spec.access[0].verbs');
    expect(fieldPathOf(steps('spec.passwordRef', 'spec.codesRef', 'spec.imagePullSecrets[*]'))).toBe('spec');
    expect(fieldPathOf(steps("metadata.labels['app.kubernetes.io/team']"))).toBe("metadata.labels['app.kubernetes.io/team']");
    expect(fieldPathOf(steps('spec[*]', 'status'))).toBeUndefined();
    expect(fieldPathOf([])).toBeUndefined();
  });
});

describe('what is translated, and how', () => {
  it('a rule without given checks the object itself; self is bound to it only when the expression reads it', () => {
    expect(validationOf(rule({ expression: 'has(object.spec)' }))).toEqual({ expression: 'has(object.spec)', message: 'm' });
    expect(validationOf(rule({ expression: 'has(self.spec)' }))).toEqual({ expression: '[object].all(self, has(self.spec))', message: 'm' });
  });

  it("a given path to a field: a guard for each key on the way, self bound to the field; the message names what failed", () => {
    expect(validationOf(rule({ given: 'spec.username', expression: "self != 'root'", message: undefined, messageExpression: "'user ' + self" }))).toEqual({
      expression: "!has(object.spec) || type(object.spec) != map || !has(object.spec.username) || [object.spec.username].all(self, self != 'root')",
      message: 'Require r',
      messageExpression: "[object.spec.username].map(self, 'user ' + self)[0]",
      fieldPath: 'spec.username',
    });
  });

  it('keys that are not identifiers are tested with in and selected with an index', () => {
    expect(validationOf(rule({ given: "metadata.labels['app.kubernetes.io/team']", expression: "self != ''" }))['expression']).toBe(
      "!has(object.metadata) || type(object.metadata) != map || !has(object.metadata.labels) || type(object.metadata.labels) != map || !('app.kubernetes.io/team' in object.metadata.labels) || [object.metadata.labels['app.kubernetes.io/team']].all(self, self != '')",
    );
  });

  it('a rule that reads the old version is exported for updates only', () => {
    const [policy] = exportRules([{ spec: rule({ expression: 'oldObject == null || has(object.spec)' }), severity: 'error' }], OPTIONS).documents;
    expect((policy?.['spec'] as { matchConstraints: { resourceRules: { operations: string[] }[] } }).matchConstraints.resourceRules[0]?.operations).toEqual(['UPDATE']);
  });

  it('refuses what cannot run at admission, saying why', () => {
    expect(skipped(rule({ match: { kinds: ['Config'] } }))).toEqual([{ id: 'acme/r', reason: 'a Config rule: the platform keeps its Config as YAML text in a Secret, which CEL cannot parse' }]);
    expect(skipped(rule({ expression: "semver('1.2.3').major() == 1" }), '1.32')).toEqual([
      { id: 'acme/r', reason: "its expression does not compile in the CEL of Kubernetes 1.32: undeclared reference to 'semver' (in container '')" },
    ]);
    expect(skipped(rule({ expression: "semver('1.2.3').major() == 1" }), '1.33')).toEqual([]);
    const oldSelfUnderWildcard = rule({ given: 'spec.clusterRoles[*]', expression: 'self == oldSelf' });
    expect(skipped(oldSelfUnderWildcard, '1.31')).toEqual([
      { id: 'acme/r', reason: 'it reads oldSelf under a [*] of given, which needs the two-variable macros of Kubernetes 1.32 (exporting for 1.31)' },
    ]);
    expect(skipped(oldSelfUnderWildcard, '1.32')).toEqual([]);
    expect(skipped(rule({ match: { kinds: ['User'], names: ['{a,b}'] } }))).toEqual([
      { id: 'acme/r', reason: 'the name glob "{a,b}" has "{", which the export does not translate (it takes *, ? and the characters of names)' },
    ]);
    expect(exportRules([{ spec: rule({}), severity: 'off' }], OPTIONS).skipped).toEqual([{ id: 'acme/r', reason: 'it is off in the settings' }]);
    // The object's name is `platlint.` and the id with "." for "/": a DNS subdomain of at most 253 characters.
    const long = `acme/${'a'.repeat(240)}`;
    expect(skipped(rule({ id: long }))).toEqual([{ id: long, reason: 'its id makes a name of 254 characters, more than the 253 Kubernetes takes' }]);
    expect(skipped(rule({ id: `acme/${'a'.repeat(239)}` }))).toEqual([]);
    expect(skipped(rule({ id: 'acme/Upper_case' }))).toEqual([{ id: 'acme/Upper_case', reason: 'its id does not make a Kubernetes name ("platlint.acme.Upper_case")' }]);
    const longAndUpper = `acme/${'A'.repeat(240)}`;
    expect(skipped(rule({ id: longAndUpper }))).toEqual([{ id: longAndUpper, reason: `its id does not make a Kubernetes name ("platlint.acme.${'A'.repeat(240)}")` }]);
  });

  it('a rule for both kinds is exported for Users, and says its Config part stays in CI', () => {
    const exported = exportRules([{ spec: rule({ match: {} }), severity: 'warning' }], OPTIONS);
    expect(exported.usersOnly).toEqual(['acme/r']);
    expect(exported.documents.map((d) => d['kind'])).toEqual(['ValidatingAdmissionPolicy', 'ValidatingAdmissionPolicyBinding']);
  });
});
