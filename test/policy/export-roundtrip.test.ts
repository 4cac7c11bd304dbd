import { describe, expect, it } from 'vitest';
import { builtinExportRules } from '../../src/policy/export/builtin.js';
import { exportRules } from '../../src/policy/export/index.js';
import { loadPolicyPaths } from '../../src/project/policy-files.js';
import { PolicyRule } from '../../src/policy/rule.js';
import { celTwins } from '../../rules/twins.js';
import { manifestFiles, roundTrip } from '../helpers/admission-roundtrip.js';
import { FIXTURES } from '../helpers/fixtures.js';

/** Every User of the fixtures, judged by every rule and every policy. */
const SLOW = { timeout: 120_000 };
const OPTIONS = { platlintVersion: '0.0.0-test', kubernetesVersion: '1.37', groups: [] };
/** A twin's check `user/access-verbs/redundant` stands for its rule, user/access-verbs. */
const twinRule = (id: string): string => id.split('/').slice(0, 2).join('/');

describe('the round trip of policy export', () => {
  it('covers every fixture and example manifest', () => {
    const files = manifestFiles();
    expect(files.length).toBeGreaterThan(250);
    expect(files.some((f) => f.includes('/examples/'))).toBe(true);
    expect(files.some((f) => f.includes('/policies/'))).toBe(true);
  });

  it('the twins deny, warn or allow exactly the objects their rules report, with the same severities', SLOW, () => {
    const exported = exportRules(builtinExportRules(new Map()), OPTIONS);
    expect(exported.skipped).toEqual([]);
    const result = roundTrip(celTwins.map((t) => t.rule), exported.documents, twinRule);
    expect(result.mismatches).toEqual([]);
    // Not vacuous: every rule reports on some objects and not on others.
    for (const twin of celTwins) expect([twin.rule.meta.id, (result.reportedOn.get(twin.rule.meta.id) ?? 0) > 0]).toEqual([twin.rule.meta.id, true]);
    expect(Math.max(...result.reportedOn.values())).toBeLessThan(result.objects);
  });

  it('fails when a twin is broken on purpose: the objects it then decides otherwise are listed', SLOW, () => {
    const broken = celTwins.map((twin) =>
      twin.rule.meta.id !== 'user/email' ? twin : { ...twin, checks: twin.checks.map((c) => ({ ...c, expression: "type(self) != string || self == '' || self.contains('@')" })) },
    );
    const exported = exportRules(builtinExportRules(new Map(), broken), OPTIONS);
    const result = roundTrip(celTwins.map((t) => t.rule), exported.documents, twinRule);
    // Addresses with an "@" that are no address: the rule reports them, the broken twin lets them in.
    const admitted = (object: string) => ({ file: 'user/email/invalid.yaml', object, rule: 'user/email', reported: ['error'], admission: [] });
    expect(result.mismatches).toEqual([admitted('User bob'), admitted('User carol'), admitted('User dave'), admitted('User erin')]);
  });

  it("the policy fixtures' rules too", SLOW, () => {
    const loaded = loadPolicyPaths(['policies'], FIXTURES);
    expect(loaded.problems).toEqual([]);
    const rules = loaded.rules.filter((r): r is PolicyRule => r instanceof PolicyRule);
    const exported = exportRules(rules.map((r) => ({ spec: r.spec, severity: r.spec.severity })), OPTIONS);
    const userRules = rules.filter((r) => !exported.skipped.some((s) => s.id === r.meta.id));
    const result = roundTrip(userRules, exported.documents);
    expect(result.mismatches).toEqual([]);
    expect([...result.reportedOn.keys()].sort()).toEqual(['acme/no-cluster-admin', 'acme/no-wildcard-verbs', 'acme/token-generation-kept', 'acme/token-generation-only-grows']);
    // The Config rules stay CI checks.
    expect(exported.skipped.map((s) => s.id)).toEqual(['acme/audit-enabled', 'acme/audit-retention-30-days', 'acme/forge-a-company-org', 'acme/web-identity-a-company-domain', 'acme/oidc-groups', 'acme/oidc-groups-not-empty']);
  });
});
