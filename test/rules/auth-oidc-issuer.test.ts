import { describe, expect, it } from 'vitest';
import { lint } from '../helpers/lint.js';
import { config } from '../helpers/manifests.js';

const issuers = (issuer: string, connectorIssuer: string): string => config(`  platformHost: platform.example.com
  auth:
    oidc:
      issuerUrl: ${issuer}
      clientId: platform
      clientSecret: $OIDC_CLIENT_SECRET
      redirectURI: https://platform.example.com/auth/oidc/callback
      groupsClaim: groups
      groups: [platform-users]
    connectors:
      - id: corporate
        displayName: Corporate SSO
        oidc:
          issuerUrl: ${connectorIssuer}
          redirectURI: https://platform.example.com/auth/corporate/callback
          groupsClaim: groups
          groups: [platform-users]
`, 'issuers');

describe('auth/oidc-issuer: the discovery document URL given as the issuer', () => {
  it('names the issuer to write, at the top level and in a connector', () => {
    const diagnostics = lint(issuers('https://accounts.google.com/.well-known/openid-configuration', 'https://login.example.com/acme/.well-known/openid-configuration/')).filter((d) => d.ruleId === 'auth/oidc-issuer');
    expect(diagnostics.map((d) => [d.line, d.column, d.severity, d.message])).toEqual([
      [9, 18, 'error', 'status.auth.oidc.issuerUrl is the URL of the discovery document, not the issuer; write "https://accounts.google.com".'],
      [19, 22, 'error', 'status.auth.connectors[0].oidc.issuerUrl is the URL of the discovery document, not the issuer; write "https://login.example.com/acme".'],
    ]);
  });

  it('leaves issuers alone, with or without a trailing slash', () => {
    expect(lint(issuers('https://accounts.google.com', 'https://login.example.com/acme/')).filter((d) => d.ruleId === 'auth/oidc-issuer')).toEqual([]);
  });
});
