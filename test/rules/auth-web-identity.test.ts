import { describe, expect, it } from 'vitest';
import { lint, spans } from '../helpers/lint.js';
import { configWithAuth as withAuth } from '../helpers/manifests.js';

/** The diagnostics of the web identity rules (A's groups and hosted domains, B's tenant and groups). */
function auth(text: string) {
  return lint(text, { preset: 'strict' }).filter((d) => d.ruleId.startsWith('auth/web-identity-'));
}

describe('auth/web-identity-a-groups and auth/web-identity-a-hosted-domains', () => {
  const a = (extra: string) =>
    withAuth('    webIdentityA:\n      clientId: c\n      clientSecret: $S\n      redirectURI: https://platform.example.com/auth/google/callback\n' + extra);

  it('reports the group-check set-up and the hosted domains, each under its own rule', () => {
    const text = a(
      '      hostedDomains: [Example.com, "example .org"]\n      groups: [g@example.com]\n' +
        '      serviceAccountFilePath: /sa.json\n',
    );
    const d = auth(text);
    expect(spans(d)).toEqual([
      ['auth/web-identity-a-hosted-domains', 12, 23, 12, 34],
      ['auth/web-identity-a-hosted-domains', 12, 36, 12, 50],
      ['auth/web-identity-a-groups', 14, 7, 14, 29],
    ]);
    expect(d.map((x) => x.severity)).toEqual(['warning', 'error', 'error']);
    expect(d[0]?.note).toContain('Write "example.com"');
    expect(d[2]?.message).toBe('status.auth.webIdentityA.serviceAccountFilePath is set but status.auth.webIdentityA has no adminEmail.');
  });

  it('warns about groups without a service account and checks adminEmail', () => {
    const text = a('      groups: [g@example.com]\n      adminEmail: admin(at)example.com\n');
    const d = auth(text);
    expect(spans(d)).toEqual([
      ['auth/web-identity-a-groups', 12, 7, 12, 13],
      ['auth/web-identity-a-groups', 13, 19, 13, 39],
    ]);
    expect(d.map((x) => x.severity)).toEqual(['warning', 'error']);
    expect(d[1]?.message).toContain('is "admin(at)example.com", not a valid e-mail address');
  });

  it('turns off one check without the other', () => {
    const text = a('      hostedDomains: [Example.com]\n      groups: [g@example.com]\n');
    const d = lint(text, { preset: 'strict', rules: { 'auth/web-identity-a-hosted-domains': 'off' } }).filter((x) => x.ruleId.startsWith('auth/'));
    expect(spans(d)).toEqual([['auth/web-identity-a-groups', 13, 7, 13, 13]]);
  });
});

describe('auth/web-identity-b-tenant and auth/web-identity-b-groups', () => {
  const b = (extra: string) =>
    withAuth(
      '    webIdentityB:\n      clientId: c\n      clientSecret: $S\n      redirectURI: https://platform.example.com/auth/microsoft/callback\n' + extra,
    );

  it('accepts the keywords, UUIDs and tenant domains; suggests the keyword for a wrong case', () => {
    for (const tenant of ['common', 'consumers', 'organizations', '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', 'contoso.onmicrosoft.com']) {
      expect(auth(b(`      tenant: ${tenant}\n`))).toEqual([]);
    }
    const d = auth(b('      tenant: Organizations\n'));
    expect(spans(d)).toEqual([['auth/web-identity-b-tenant', 12, 15, 12, 28]]);
    expect(d[0]?.note).toContain('did you mean "organizations"?');
  });

  it('warns about group settings a keyword tenant ignores, and a whitelist without groups', () => {
    const d = auth(b('      tenant: common\n      groups: [g]\n'));
    expect(spans(d)).toEqual([['auth/web-identity-b-groups', 13, 7, 13, 13]]);
    expect(d[0]?.severity).toBe('warning');
    expect(d[0]?.message).toContain('has no effect because tenant is "common"');
    const w = auth(b('      tenant: contoso.onmicrosoft.com\n      useGroupsAsWhitelist: true\n'));
    expect(spans(w)).toEqual([['auth/web-identity-b-groups', 13, 7, 13, 27]]);
    expect(w[0]?.note).toContain('every user ends up with no groups at all');
  });

  it('says nothing of the groups of a tenant no provider accepts: the tenant rule reports it once', () => {
    const d = auth(b('      tenant: Common\n      groups: [g]\n      useGroupsAsWhitelist: true\n'));
    expect(spans(d)).toEqual([['auth/web-identity-b-tenant', 12, 15, 12, 21]]);
    expect(d[0]?.message).toBe('status.auth.webIdentityB.tenant is "Common", not a tenant the provider accepts.');
  });
});
