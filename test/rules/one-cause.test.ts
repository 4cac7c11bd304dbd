import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint, spans } from '../helpers/lint.js';
import { config } from '../helpers/manifests.js';

const OIDC = (issuer: string, clientId = 'platform', clientSecret = '$OIDC_CLIENT_SECRET'): string =>
  config(`  auth:\n    oidc:\n      issuerUrl: ${issuer}\n      clientId: ${clientId}\n      clientSecret: ${clientSecret}\n      groupsClaim: groups\n      groups: [platform-admins]\n`);

describe('one cause, one diagnostic', () => {
  it('an http issuer is auth/oidc-issuer\'s error only; security/http-url speaks when that rule is off', () => {
    const text = OIDC('http://login.example.com');
    expect(spans(lint(text, { preset: 'strict' }))).toEqual([['auth/oidc-issuer', 8, 18, 8, 42]]);
    expect(spans(lint(text, { rules: { 'auth/oidc-issuer': 'off' } }))).toEqual([['security/http-url', 8, 18, 8, 42]]);
  });

  it('an audit path with no value is audit/path\'s error only', () => {
    const text = config('  audit:\n    enabled: true\n    path:\n    level: 1\n');
    expect(spans(lint(text, { preset: 'strict' }))).toEqual([['audit/path', 8, 5, 8, 9]]);
  });

  it('an empty required level is schema/required\'s error only, not also an enum error', () => {
    const text = config('  audit:\n    enabled: true\n    path: /var/log/audit\n    policy:\n      rules:\n        - level: ""\n');
    expect(spans(lint(text, { preset: 'strict' }))).toEqual([['schema/required', 11, 18, 11, 20]]);
  });

  it('every rule of the shipped fixtures and examples speaks alone on a range, but for the documented different facts', () => {
    // Different facts that happen to share a range: on a provider's key, no groups (open sign-up), no CA and missing
    // fields; on a script URL, its origin (info) and its form (error); on an enabled vault's key, no address and no token.
    const differentFacts = new Set(['security/open-sign-up', 'auth/saml-ca', 'security/ui-scripts', 'vault/address']);
    const root = join(import.meta.dirname, '../../fixtures');
    // Each file with the number of ranges it reports on.
    const files: Record<string, number> = {
      'examples/broken-config.yaml': 17,
      'examples/broken-user.yaml': 8,
      'security/http-url/invalid.yaml': 10,
      'audit/path/invalid.yaml': 3,
      'auth/saml-required/invalid.yaml': 5,
      'meta/owner-references/invalid.yaml': 11,
      'meta/deletion-grace/invalid.yaml': 5,
    };
    for (const [file, ranges] of Object.entries(files)) {
      const byRange = new Map<string, string[]>();
      for (const d of lint(readFileSync(join(root, file), 'utf8'), { preset: 'strict' })) {
        const key = `${d.document}:${d.line}:${d.column}-${d.endLine}:${d.endColumn}`;
        byRange.set(key, [...new Set([...(byRange.get(key) ?? []), d.ruleId])]);
      }
      // The premise: each file does report, so an empty list means no range is shared, not no diagnostic.
      expect(byRange.size, file).toBe(ranges);
      const shared = [...byRange.entries()].filter(([, rules]) => rules.filter((r) => !differentFacts.has(r)).length > 1);
      expect(shared, file).toEqual([]);
    }
  });
});

describe('a misspelt required key', () => {
  it('is reported once, as the unknown field with its did-you-mean, not also as the missing field', () => {
    const text = config('  auth:\n    oidc:\n      issuerUrl: https://login.example.com\n      clientID: platform\n      clientSecret: $S\n      groupsClaim: groups\n      groups: [a]\n');
    expect(spans(lint(text))).toEqual([['schema/unknown-field', 9, 7, 9, 15]]);
    expect(spans(lint(text.replace('clientID: platform', 'clientName: platform')))).toEqual([
      ['schema/required', 7, 5, 7, 9],
      ['schema/unknown-field', 9, 7, 9, 17],
    ]);
  });
});

describe('empty required strings', () => {
  it('reports clientId: "" and clientSecret: "" of the top-level OIDC block like missing ones', () => {
    const diagnostics = lint(OIDC('https://login.example.com', '""', '""'));
    expect(spans(diagnostics)).toEqual([
      ['schema/required', 9, 17, 9, 19],
      ['schema/required', 10, 21, 10, 23],
    ]);
    expect(diagnostics.map((d) => [d.severity, d.message])).toEqual([
      ['error', 'status.auth.oidc.clientId is required but empty.'],
      ['error', 'status.auth.oidc.clientSecret is required but empty.'],
    ]);
    expect(diagnostics[0]?.note).toBe('The platform reads an empty string like a missing value (an unfilled template?): fill it in.');
  });

  it('does not report an empty optional string (a connector\'s OIDC clientId)', () => {
    const text = config('  auth:\n    connectors:\n      - id: corp\n        oidc:\n          issuerUrl: https://corp.example.com\n          clientId: ""\n          groupsClaim: groups\n          groups: [admins]\n');
    expect(lint(text).filter((d) => d.ruleId === 'schema/required')).toEqual([]);
  });
});

describe('audit nonResourceURLs wildcards', () => {
  const policy = (url: string): string =>
    config(`  audit:\n    enabled: true\n    path: /var/log/audit\n    policy:\n      rules:\n        - level: None\n          nonResourceURLs: ["${url}"]\n        - level: Metadata\n`);

  it('warns that "/api*" is a prefix match, and explains it', () => {
    const diagnostics = lint(policy('/api*'));
    expect(spans(diagnostics)).toEqual([['audit/policy-rules', 12, 29, 12, 36]]);
    expect(diagnostics[0]?.severity).toBe('warning');
    expect(diagnostics[0]?.message).toBe('status.audit.policy.rules[0].nonResourceURLs[0] "/api*" is a prefix match: it matches every path that starts with "/api".');
    expect(diagnostics[0]?.note).toBe(
      'Kubernetes accepts a "*" as the last character and matches any path with the text before it as a prefix, so "/api*" also matches "/apis/...". If only that path and what is below it are meant, write "/api" and "/api/*".',
    );
  });

  it('still rejects a "*" that is not the last character, as the Kubernetes validation does', () => {
    const diagnostics = lint(policy('/api/*/status'));
    expect(diagnostics.map((d) => [d.ruleId, d.severity])).toEqual([['audit/policy-rules', 'error']]);
  });

  it("gives no error on Kubernetes' GCE audit policy, translated into status.audit.policy", () => {
    const text = readFileSync(join(import.meta.dirname, '../../fixtures/audit/policy-rules/valid-gce-policy.yaml'), 'utf8');
    for (const preset of ['recommended', 'strict'] as const) {
      const diagnostics = lint(text, { preset });
      expect(diagnostics.filter((d) => d.severity === 'error'), preset).toEqual([]);
      expect(spans(diagnostics), preset).toEqual([
        ['audit/policy-rules', 76, 15, 76, 24],
        ['audit/policy-rules', 78, 15, 78, 24],
      ]);
    }
  });
});
