import { describe, expect, it } from 'vitest';
import { builtinRules } from '../../rules/index.js';
import { lint, spans } from '../helpers/lint.js';
import { configWithAuth as withAuth } from '../helpers/manifests.js';

function auth(text: string, rule?: string) {
  return lint(text, { preset: 'strict' }).filter((d) => (rule ? d.ruleId === rule : d.ruleId.startsWith('auth/')));
}

describe('auth rules: registration', () => {
  const authRules = builtinRules.filter((r) => r.meta.id.startsWith('auth/'));

  it('registers every auth/ rule for Config documents only, described as a requirement', () => {
    expect(authRules.map((r) => r.meta.id)).toEqual([
      'auth/login-possible', 'auth/redirect-uri', 'auth/oidc-issuer', 'auth/oidc-groups', 'auth/forge-a-orgs', 'auth/forge-a-root-ca',
      'auth/forge-a-host-name', 'auth/forge-b-base-url', 'auth/web-identity-a-groups', 'auth/web-identity-a-hosted-domains',
      'auth/web-identity-b-tenant', 'auth/web-identity-b-groups',
      'auth/saml-ca', 'auth/saml-required', 'auth/saml-name-id-format', 'auth/saml-groups', 'auth/connectors', 'auth/access-key-ttl',
      'auth/groups-filters', 'auth/custom-http-headers',
    ]);
    for (const rule of authRules) {
      expect(rule.meta.kinds).toEqual(['Config']);
      expect(rule.meta.description).toMatch(/^(Require|Disallow|Limit|Warn|Flag) /);
    }
  });

  it('never lints a User', () => {
    const text = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: u\nstatus:\n  auth:\n    password:\n      disabled: true\n';
    expect(auth(text)).toEqual([]);
  });
});

describe('auth/login-possible', () => {
  it('reports password.disabled when no provider exists, at the value', () => {
    const d = auth(withAuth('    password:\n      disabled: true\n'));
    expect(spans(d)).toEqual([['auth/login-possible', 9, 17, 9, 21]]);
    expect(d[0]?.severity).toBe('error');
    expect(d[0]?.message).toContain('nobody can log in');
  });

  it('counts a provider inside a connector', () => {
    const text = withAuth(
      '    password:\n      disabled: true\n    connectors:\n      - id: sso\n        displayName: SSO\n' +
        '        oidc:\n          issuerUrl: https://login.example.com\n          redirectURI: https://platform.example.com/auth/sso/callback\n',
    );
    expect(auth(text)).toEqual([]);
  });
});

describe('auth/redirect-uri', () => {
  const oidc = (redirect: string, head?: string) =>
    withAuth(`    oidc:\n      issuerUrl: https://login.example.com\n      clientId: c\n      clientSecret: $S\n      redirectURI: ${redirect}\n`, head);

  it('reports a wrong top-level callback path as an error, at the value', () => {
    const d = auth(oidc('https://platform.example.com/callback'));
    expect(spans(d)).toEqual([['auth/redirect-uri', 12, 20, 12, 57]]);
    expect(d[0]?.severity).toBe('error');
    expect(d[0]?.message).toBe(
      'status.auth.oidc.redirectURI has the path "/callback", but the platform receives oidc logins at /auth/oidc/callback.',
    );
  });

  it('reports a relative URI, suggesting the full URL on the platform host', () => {
    const d = auth(oidc('/auth/oidc/callback'));
    expect(spans(d)).toEqual([['auth/redirect-uri', 12, 20, 12, 39]]);
    expect(d[0]?.message).toContain('not an absolute http(s) URL (missing scheme (e.g. https://))');
    expect(d[0]?.note).toContain('e.g. https://platform.example.com/auth/oidc/callback.');
  });

  it('warns about another host, comparing host and port case-insensitively with default ports', () => {
    expect(auth(oidc('https://PLATFORM.Example.com:443/auth/oidc/callback'))).toEqual([]);
    const d = auth(oidc('https://platform.example.com:8443/auth/oidc/callback'));
    expect(spans(d)).toEqual([['auth/redirect-uri', 12, 20, 12, 72]]);
    expect(d[0]?.severity).toBe('warning');
    expect(d[0]?.message).toContain('points to "platform.example.com:8443", but status.platformHost is "platform.example.com"');
    expect(auth(oidc('https://platform.example.com:8443/auth/oidc/callback', '  platformHost: platform.example.com:8443\n'))).toEqual([]);
    expect(auth(oidc('https://sso.example.org/auth/oidc/callback', ''))).toEqual([]);
  });

  it('warns (not errs) for gitForgeB and for connector callback paths', () => {
    const text = withAuth(
      '    gitForgeB:\n      clientId: c\n      clientSecret: $S\n      redirectURI: https://platform.example.com/auth/forge-b/callback\n' +
        '    connectors:\n      - id: corp\n        displayName: Corp\n        oidc:\n          issuerUrl: https://login.example.com\n' +
        '          redirectURI: https://platform.example.com/auth/oidc/callback\n',
    );
    const d = auth(text);
    expect(spans(d)).toEqual([
      ['auth/redirect-uri', 11, 20, 11, 70],
      ['auth/redirect-uri', 17, 24, 17, 71],
    ]);
    expect(d.map((x) => x.severity)).toEqual(['warning', 'warning']);
    expect(d[0]?.message).toContain('the platform receives gitForgeB logins at /auth/gitlab/callback');
    expect(d[1]?.message).toContain('but connector "corp" receives its logins at /auth/corp/callback.');
  });

  it('checks postLogoutRedirectURI and never prints a URL password', () => {
    const text = withAuth(
      '    oidc:\n      issuerUrl: https://login.example.com\n      clientId: c\n      clientSecret: $S\n' +
        '      redirectURI: "ftp://u:hunter2@platform.example.com/auth/oidc/callback"\n      postLogoutRedirectURI: /logout\n',
    );
    const d = auth(text);
    expect(spans(d)).toEqual([
      ['auth/redirect-uri', 12, 20, 12, 77],
      ['auth/redirect-uri', 13, 30, 13, 37],
    ]);
    expect(d[0]?.message).toContain('"ftp://u:****@platform.example.com/auth/oidc/callback", not an absolute http(s) URL (the scheme is "ftp"');
    expect(d.map((x) => x.message).join('\n')).not.toContain('hunter2');
    expect(d[1]?.message).toContain('status.auth.oidc.postLogoutRedirectURI is "/logout"');
  });
});

describe('auth rules inside spec.raw', () => {
  it('report at the position inside the block scalar', () => {
    const text =
      'apiVersion: management.platform/v1\nkind: Config\nmetadata:\n  name: c\nspec:\n  raw: |\n    platformHost: platform.example.com\n' +
      '    auth:\n      connectors:\n        - id: corp\n          displayName: Corp\n          oidc:\n' +
      '            issuerUrl: https://login.example.com\n            redirectURI: https://platform.example.com/auth/oidc/callback\n';
    const d = auth(text);
    expect(spans(d)).toEqual([['auth/redirect-uri', 14, 26, 14, 73]]);
    expect(d[0]?.path).toBe('/spec/raw/auth/connectors/0/oidc/redirectURI');
  });
});

describe('auth/oidc-issuer', () => {
  const issuer = (value: string) =>
    withAuth(`    oidc:\n      issuerUrl: ${value}\n      clientId: c\n      clientSecret: $S\n      redirectURI: https://platform.example.com/auth/oidc/callback\n`);

  it('requires https, except for loopback hosts', () => {
    const d = auth(issuer('http://login.example.com/realms/acme?x=1'));
    expect(spans(d)).toEqual([
      ['auth/oidc-issuer', 9, 18, 9, 58],
      ['auth/oidc-issuer', 9, 18, 9, 58],
    ]);
    expect(d[0]?.message).toBe(
      'status.auth.oidc.issuerUrl uses the scheme "http", but an OpenID Connect issuer must be an https URL.',
    );
    expect(d[1]?.message).toContain('has a query');
    expect(auth(issuer('http://localhost:5556/dex'))).toEqual([]);
    expect(auth(issuer('http://[::1]:5556/dex'))).toEqual([]);
  });

  it('reports user info without printing the password', () => {
    const d = auth(issuer('https://admin:hunter2@login.example.com'));
    expect(d.map((x) => x.message).join('\n')).not.toContain('hunter2');
    expect(d.map((x) => x.message)).toEqual([expect.stringContaining('contains user info')]);
  });

  it('reports a missing issuerUrl at the provider key, also inside a connector', () => {
    const text = withAuth(
      '    connectors:\n      - id: corp\n        displayName: Corp\n        oidc:\n          redirectURI: https://platform.example.com/auth/corp/callback\n',
    );
    const d = auth(text);
    expect(spans(d)).toEqual([['auth/oidc-issuer', 11, 9, 11, 13]]);
    expect(d[0]?.message).toContain('status.auth.connectors[0].oidc has no issuerUrl');
  });

  it('leaves clientId and clientSecret of a connector oidc alone', () => {
    const text = withAuth(
      '    connectors:\n      - id: corp\n        displayName: Corp\n        oidc:\n          issuerUrl: https://login.example.com\n' +
        '          redirectURI: https://platform.example.com/auth/corp/callback\n',
    );
    expect(lint(text, { preset: 'strict' }).filter((d) => d.severity === 'error')).toEqual([]);
  });
});

describe('auth/oidc-groups', () => {
  it('warns at the groups key', () => {
    const text = withAuth(
      '    oidc:\n      issuerUrl: https://login.example.com\n      clientId: c\n      clientSecret: $S\n' +
        '      redirectURI: https://platform.example.com/auth/oidc/callback\n      groups: [admins]\n',
    );
    const d = auth(text);
    expect(spans(d)).toEqual([['auth/oidc-groups', 13, 7, 13, 13]]);
    expect(d[0]?.severity).toBe('warning');
  });
});

describe('auth/forge-a-orgs, auth/forge-a-root-ca and auth/forge-a-host-name', () => {
  it('report duplicate orgs case-insensitively, rootCA without hostName and a hostName URL, each under its own id', () => {
    const text = withAuth(
      '    gitForgeA:\n      clientSecret: $S\n      redirectURI: https://platform.example.com/auth/github/callback\n' +
        '      orgs:\n        - name: Acme\n        - name: ACME\n' +
        '    connectors:\n      - id: ghe\n        displayName: GHE\n        gitForgeA:\n          clientSecret: $S\n' +
        '          redirectURI: https://platform.example.com/auth/ghe/callback\n          rootCA: /ca.pem\n' +
        '      - id: ghe2\n        displayName: GHE 2\n        gitForgeA:\n          clientSecret: $S\n' +
        '          redirectURI: https://platform.example.com/auth/ghe2/callback\n          hostName: https://admin:hunter2@ghe.example.com/\n',
    );
    const d = auth(text);
    expect(spans(d)).toEqual([
      ['auth/forge-a-orgs', 13, 17, 13, 21],
      ['auth/forge-a-root-ca', 20, 11, 20, 17],
      ['auth/forge-a-host-name', 26, 21, 26, 59],
    ]);
    expect(d[0]?.message).toBe('status.auth.gitForgeA.orgs[1] names organization "ACME" again (organization names are case-insensitive on the forge).');
    expect(d[1]?.message).toBe('status.auth.connectors[0].gitForgeA.rootCA is set without hostName.');
    expect(d[2]?.message).toBe('status.auth.connectors[1].gitForgeA.hostName is "https://admin:****@ghe.example.com/", which starts with the scheme "https://".');
    expect(d[2]?.note).toBe('The platform builds https://<hostName>/api/v3 from it and the connector refuses any "/" in the host name. Write the host alone, e.g. ghe.example.com.');
  });

  it('turn off one check at a time', () => {
    const text = withAuth(
      '    gitForgeA:\n      clientSecret: $S\n      redirectURI: https://platform.example.com/auth/github/callback\n' +
        '      hostName: ghe.example.com/api\n      orgs:\n        - name: ""\n',
    );
    expect(spans(auth(text))).toEqual([
      ['auth/forge-a-host-name', 11, 17, 11, 36],
      ['auth/forge-a-orgs', 13, 17, 13, 19],
    ]);
    expect(spans(lint(text, { rules: { 'auth/forge-a-orgs': 'off' } }))).toEqual([['auth/forge-a-host-name', 11, 17, 11, 36]]);
  });
});

describe('auth/forge-b-base-url', () => {
  it('requires an absolute http(s) baseURL', () => {
    const text = withAuth(
      '    gitForgeB:\n      clientId: c\n      clientSecret: $S\n      redirectURI: https://platform.example.com/auth/gitlab/callback\n' +
        '      baseURL: gitlab.example.com\n',
    );
    const d = auth(text);
    expect(spans(d)).toEqual([['auth/forge-b-base-url', 12, 16, 12, 34]]);
    expect(d[0]?.message).toContain('status.auth.gitForgeB.baseURL is "gitlab.example.com", not an absolute http(s) URL (missing scheme');
  });
});

describe('auth/saml-*', () => {
  const saml = (fields: string) => withAuth(`    saml:\n${fields}`);
  const complete =
    '      redirectURI: https://platform.example.com/auth/saml/callback\n      ssoURL: https://idp.example.com/sso\n' +
    '      usernameAttr: name\n      emailAttr: email\n';

  it('auth/saml-required names every missing field in one message at the provider key', () => {
    const d = auth(saml('      ca: /ca.pem\n      usernameAttr: name\n'));
    expect(spans(d)).toEqual([['auth/saml-required', 8, 5, 8, 9]]);
    expect(d[0]?.message).toContain('is missing the required fields "ssoURL", "redirectURI" and "emailAttr"');
  });

  it('auth/saml-ca: neither, both, and caData contents, never printing caData', () => {
    expect(spans(auth(saml(complete)))).toEqual([['auth/saml-ca', 8, 5, 8, 9]]);
    const both = auth(saml(`${complete}      ca: /ca.pem\n      caData: ${'QUJD'}\n`));
    expect(spans(both)).toEqual([['auth/saml-ca', 13, 7, 13, 9]]);
    expect(both[0]?.message).toContain('sets both ca and caData');
    const pasted = auth(saml(`${complete}      caData: "-----BEGIN CERTIFICATE-----SECRETBYTES"\n`));
    expect(spans(pasted)).toEqual([['auth/saml-ca', 13, 15, 13, 55]]);
    expect(pasted[0]?.message).toContain('status.auth.saml.caData is not valid base64');
    expect(pasted[0]?.message).not.toContain('SECRETBYTES');
    const text = auth(saml(`${complete}      caData: U0VDUkVUQllURVM=\n`));
    expect(text[0]?.note).toContain('contains no PEM block');
    expect(text[0]?.message).not.toContain('U0VDUkVUQllURVM');
  });

  it('auth/saml-name-id-format offers the exact spelling as a suggestion', () => {
    const d = auth(saml(`${complete}      ca: /ca.pem\n      nameIDPolicyFormat: X509subjectname\n`));
    expect(spans(d)).toEqual([['auth/saml-name-id-format', 14, 27, 14, 42]]);
    expect(d[0]?.message).toContain('did you mean "X509SubjectName"?');
    expect(d[0]?.suggestions?.[0]?.edits).toEqual([expect.objectContaining({ text: 'X509SubjectName' })]);
  });

  it('auth/saml-groups warns at the keys', () => {
    const d = auth(saml(`${complete}      ca: /ca.pem\n      allowedGroups: [a]\n      groupsDelim: ","\n`));
    expect(spans(d)).toEqual([
      ['auth/saml-groups', 14, 7, 14, 20],
      ['auth/saml-groups', 15, 7, 15, 18],
    ]);
    expect(d.map((x) => x.severity)).toEqual(['warning', 'warning']);
  });
});

describe('auth/connectors', () => {
  it('reports missing, unsafe, duplicate and top-level ids, and connectors without a provider', () => {
    const oidc = (id: string) =>
      `        oidc:\n          issuerUrl: https://login.example.com\n          redirectURI: https://platform.example.com/auth/${id}/callback\n`;
    const text = withAuth(
      '    saml:\n      redirectURI: https://platform.example.com/auth/saml/callback\n      ssoURL: https://idp.example.com/sso\n' +
        '      ca: /ca.pem\n      usernameAttr: name\n      emailAttr: email\n' +
        '    connectors:\n' +
        `      - displayName: A\n${oidc('a')}` +
        `      - id: a b\n${oidc('a-b')}` +
        `      - id: x\n${oidc('x')}` +
        `      - id: x\n${oidc('x')}` +
        `      - id: saml\n${oidc('saml')}` +
        '      - id: empty\n',
    );
    const d = auth(text, 'auth/connectors');
    expect(spans(d)).toEqual([
      ['auth/connectors', 15, 9, 15, 23],
      ['auth/connectors', 19, 13, 19, 16],
      ['auth/connectors', 27, 13, 27, 14],
      ['auth/connectors', 31, 13, 31, 17],
      ['auth/connectors', 35, 9, 35, 18],
    ]);
    expect(d.map((x) => x.message)).toEqual([
      expect.stringContaining('status.auth.connectors[0] has no id'),
      expect.stringContaining('which cannot stand as one step of the callback path'),
      expect.stringContaining('the same id as status.auth.connectors[2]'),
      expect.stringContaining('the id of the top-level saml provider'),
      expect.stringContaining('status.auth.connectors[5] configures no login provider'),
    ]);
  });
});

describe('auth/access-key-ttl', () => {
  it('reports negative values as errors and a login TTL above the maximum as a warning', () => {
    const d = auth(withAuth('    accessKeyMaxTTLSeconds: -5\n    loginAccessKeyTTLSeconds: 10\n'));
    expect(spans(d)).toEqual([['auth/access-key-ttl', 8, 29, 8, 31]]);
    const w = auth(withAuth('    accessKeyMaxTTLSeconds: 3600\n    loginAccessKeyTTLSeconds: 86400\n'));
    expect(spans(w)).toEqual([['auth/access-key-ttl', 9, 31, 9, 36]]);
    expect(w[0]?.severity).toBe('warning');
    expect(w[0]?.message).toContain('86400 seconds (1 day), longer than status.auth.accessKeyMaxTTLSeconds');
  });
});

describe('auth/groups-filters', () => {
  it('reports expressions Go cannot compile, with Go\'s error', () => {
    const d = auth(withAuth('    groupsFilters:\n      - ^ok$\n      - (?=x)\n'));
    expect(spans(d)).toEqual([['auth/groups-filters', 10, 9, 10, 14]]);
    expect(d[0]?.note).toContain('invalid or unsupported Perl syntax: `(?=`');
  });
});

describe('auth/custom-http-headers', () => {
  it('reports a bad name at the key and a line break in a value, never printing the value', () => {
    const d = auth(withAuth('    customHttpHeaders:\n      "X-A:": b\n      X-B: "secret\\nvalue"\n'));
    expect(spans(d)).toEqual([
      ['auth/custom-http-headers', 9, 7, 9, 13],
      ['auth/custom-http-headers', 10, 12, 10, 27],
    ]);
    expect(d[1]?.message).not.toContain('secret');
  });
});
