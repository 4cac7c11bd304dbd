import { describe, expect, it } from 'vitest';
import { builtinRules } from '../../rules/index.js';
import { connectionPasswords, redactUrlPassword } from '../../rules/api.js';
import { hasInlineUrlPassword, isInlineSecret, isPlainHttpUrl } from '../../rules/security/shared.js';
import { only } from '../helpers/config.js';
import { ids, lintResult, spans } from '../helpers/lint.js';
import { config, user } from '../helpers/manifests.js';
import { ruleCategory, type Diagnostic } from '../../src/engine/types.js';


const FORGE_A = [
  '    gitForgeA:',
  '      clientSecret: $GIT_FORGE_A_CLIENT_SECRET',
  '      redirectURI: https://platform.example.com/auth/github/callback',
].join('\n');

describe('security rules: registration', () => {
  it('registers every security/ rule as a security-category warning', () => {
    const security = builtinRules.filter((r) => r.meta.id.startsWith('security/'));
    expect(security.map((r) => r.meta.id)).toEqual([
      'security/open-sign-up', 'security/insecure-tls', 'security/plaintext-secret', 'security/http-url', 'security/wildcard-access',
      'security/wildcard-redirect', 'security/ui-scripts',
    ]);
    for (const rule of security) {
      expect(ruleCategory(rule.meta.id)).toBe('security');
      expect(rule.meta.sources).toEqual(['security']);
      expect(rule.meta.severity).toBe('warning');
      expect(rule.meta.description).toMatch(/^(Require|Disallow|Limit|Warn|Flag) /);
    }
    expect(security.find((r) => r.meta.id === 'security/wildcard-access')?.meta.kinds).toEqual(['User']);
  });
});

describe('security/open-sign-up', () => {
  const RULE = 'security/open-sign-up';

  it('reports an unrestricted provider at its key, with the exact message', () => {
    const text = config(`  platformHost: platform.example.com\n  auth:\n${FORGE_A}\n`);
    const diags = only(RULE, text);
    expect(spans(diags)).toEqual([[RULE, 8, 5, 8, 14]]);
    expect(diags[0]?.severity).toBe('warning');
    expect(diags[0]?.message).toBe(
      'status.auth.gitForgeA has no orgs, so anyone with an account at git forge A can sign in.',
    );
  });

  it('reports nothing when user creation is disabled (also as YAML 1.1 yes)', () => {
    for (const value of ['true', 'yes', 'on']) {
      const text = config(`  platformHost: platform.example.com\n  auth:\n${FORGE_A}\n    disableUserCreation: ${value}\n`);
      expect(only(RULE, text)).toEqual([]);
    }
    const off = config(`  platformHost: platform.example.com\n  auth:\n${FORGE_A}\n    disableUserCreation: false\n`);
    expect(ids(only(RULE, off))).toEqual([RULE]);
  });

  it('reports inside a connector at the provider key of the connector', () => {
    const text = config(
      [
        '  platformHost: platform.example.com',
        '  auth:',
        '    connectors:',
        '      - id: adfs',
        '        saml:',
        '          redirectURI: https://platform.example.com/auth/adfs/callback',
        '          ssoURL: https://adfs.example.com/adfs/ls/',
        '          ca: /etc/platform/certs/adfs.pem',
        '          usernameAttr: name',
        '          emailAttr: email',
        '',
      ].join('\n'),
    );
    const diags = only(RULE, text);
    expect(spans(diags)).toEqual([[RULE, 10, 9, 10, 13]]);
    expect(diags[0]?.message).toBe('status.auth.connectors[0].saml has no allowedGroups, so anyone the SAML identity provider authenticates can sign in.');
  });

  it('treats web identity A groups as a restriction only with a service account', () => {
    const base = [
      '  platformHost: platform.example.com',
      '  auth:',
      '    webIdentityA:',
      '      clientId: a',
      '      clientSecret: $A_SECRET',
      '      redirectURI: https://platform.example.com/auth/google/callback',
      '      groups: [platform-users@example.com]',
    ];
    const unchecked = only(RULE, config(base.join('\n') + '\n'));
    expect(unchecked.map((d) => d.message)).toEqual([
      'status.auth.webIdentityA restricts sign-in only by groups, which are never checked without serviceAccountFilePath.',
    ]);
    const checked = [...base, '      serviceAccountFilePath: /etc/sa.json', '      adminEmail: admin@example.com'];
    expect(only(RULE, config(checked.join('\n') + '\n'))).toEqual([]);
  });

  it('reports the web identity B tenants that admit anyone, and not a named tenant', () => {
    const tenant = (line: string): Diagnostic[] =>
      only(
        RULE,
        config(
          [
            '  platformHost: platform.example.com',
            '  auth:',
            '    webIdentityB:',
            '      clientId: b',
            '      clientSecret: $B_SECRET',
            '      redirectURI: https://platform.example.com/auth/microsoft/callback',
            line,
            '',
          ].join('\n'),
        ),
      );
    expect(tenant('      groups: [g]')[0]?.message).toMatch(/has tenant unset \(the default, common\), which admits accounts of any organization\.$/);
    expect(tenant('      groups: [g]')[0]?.note).toMatch(/^With it, anyone with a personal, business or school account/);
    expect(tenant('      tenant: common')[0]?.message).toMatch(/has tenant "common", /);
    expect(tenant('      tenant: consumers')[0]?.note).toMatch(/^With it, anyone with a personal account/);
    expect(tenant('      tenant: organizations')[0]?.note).toMatch(/^With it, anyone with a business or school account of any organization/);
    expect(tenant('      tenant: example.onmicrosoft.com')).toEqual([]);
    expect(tenant('      tenant: 9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d')).toEqual([]);
  });

  it('skips a restriction list of the wrong type (the schema pass reports it)', () => {
    const text = config(`  platformHost: platform.example.com\n  auth:\n${FORGE_A}\n      orgs: Example-Corp\n`);
    expect(only(RULE, text)).toEqual([]);
  });

  it('checks the raw config in spec.raw at its position inside the block scalar', () => {
    const text = [
      'apiVersion: management.platform/v1',
      'kind: Config',
      'metadata:',
      '  name: c',
      'spec:',
      '  raw: |',
      '    platformHost: platform.example.com',
      '    auth:',
      '      gitForgeB:',
      '        clientId: b',
      '        clientSecret: $B_SECRET',
      '        redirectURI: https://platform.example.com/auth/gitlab/callback',
      '',
    ].join('\n');
    expect(spans(only(RULE, text))).toEqual([[RULE, 9, 7, 9, 16]]);
  });
});

describe('security/insecure-tls', () => {
  const RULE = 'security/insecure-tls';

  it('reports each switch at its value', () => {
    const text = config(
      [
        '  platformHost: platform.example.com',
        '  apps:',
        '    repositories:',
        '      - name: internal',
        '        url: https://charts.example.com',
        '        insecure: true',
        '  vault:',
        '    address: https://vault.example.com',
        '    skipTLSVerify: on',
        '    auth:',
        '      tokenSecretRef: {name: vault, key: token}',
        '',
      ].join('\n'),
    );
    const diags = only(RULE, text);
    expect(spans(diags)).toEqual([
      [RULE, 11, 19, 11, 23],
      [RULE, 14, 20, 14, 22],
    ]);
    expect(diags[1]?.message).toBe("status.vault.skipTLSVerify is true: the vault server's TLS certificate is not validated.");
    expect(diags[1]?.note).toMatch(/^The platform sends its vault token/);
  });

  it('ignores false and non-boolean values', () => {
    const text = config('  platformHost: platform.example.com\n  vault:\n    address: https://vault.example.com\n    skipTLSVerify: "true"\n');
    expect(only(RULE, text)).toEqual([]);
  });
});

describe('security/plaintext-secret', () => {
  const RULE = 'security/plaintext-secret';

  it('reports an inline client secret at the value and never prints it, even a short one', () => {
    for (const secret of ['abc', 's3cr3t-value-1234567890']) {
      const text = config(
        [
          '  platformHost: platform.example.com',
          '  auth:',
          '    gitForgeA:',
          `      clientSecret: ${secret}`,
          '      redirectURI: https://platform.example.com/auth/github/callback',
          '      orgs: [{name: Example-Corp}]',
          '',
        ].join('\n'),
      );
      const result = lintResult(text, { preset: 'strict', withFrames: true });
      const diags = result.diagnostics.filter((d) => d.ruleId === RULE);
      expect(spans(diags)).toEqual([[RULE, 9, 21, 9, 21 + secret.length]]);
      expect(diags[0]?.message).toBe(
        'status.auth.gitForgeA.clientSecret holds the client secret inline.',
      );
      for (const d of result.diagnostics) expect(d.message).not.toContain(secret);
      expect(result.frameLines?.get(9)).toBe('      clientSecret: ****');
    }
  });

  it('accepts environment references, empty values and non-strings', () => {
    for (const value of ['$CLIENT_SECRET', '${CLIENT_SECRET}', '""', '', '12345']) {
      const text = config(
        `  platformHost: platform.example.com\n  vault:\n    address: https://vault.example.com\n    auth:\n      token: ${value}\n`,
      );
      expect(only(RULE, text), value).toEqual([]);
    }
  });

  it('reports credentials inside connection strings, not a user name alone', () => {
    const source = (dataSource: string): Diagnostic[] =>
      only(RULE, config(`  platformHost: platform.example.com\n  database:\n    enabled: true\n    dataSource: ${dataSource}\n`));
    expect(spans(source('postgres://platform:pw@db.example.com/platform'))).toEqual([[RULE, 9, 17, 9, 63]]);
    expect(source('postgres://platform:pw@db.example.com/platform')[0]?.message).toBe(
      'status.database.dataSource carries a password inside the connection string.',
    );
    expect(source('postgres://platform@db.example.com/platform')).toEqual([]);
    expect(source('postgres://platform:$DB_PASSWORD@db.example.com/platform')).toEqual([]);
  });

  it('finds connection-string passwords where the formats module masks them', () => {
    expect(connectionPasswords('postgres://u:p%40ss@db/x')).toEqual(['p%40ss']);
    expect(connectionPasswords('mysql://u:pw@tcp(db:3306)/x')).toEqual(['pw']);
    expect(connectionPasswords('u:pw@tcp(db:3306)/x')).toEqual(['pw']);
    expect(connectionPasswords("host=db user=u password='a b' dbname=x")).toEqual(['a b']);
    expect(connectionPasswords('postgres://db/x?sslmode=require&password=pw')).toEqual(['pw']);
    expect(connectionPasswords('postgres://u@db/x')).toEqual([]);
    // One reading with the redaction: a password holding "@" or "/" is found whole, where the redaction masks it.
    expect(connectionPasswords('postgres://u:p@ss/word@db/x')).toEqual(['p@ss/word']);
    expect(redactUrlPassword('postgres://u:p@ss/word@db/x')).toBe('postgres://u:****@db/x');
    expect(connectionPasswords('http://host:8080/path@x')).toEqual([]);
    expect(hasInlineUrlPassword('postgres://u:@db/x')).toBe(false);
    expect(hasInlineUrlPassword('postgres://u:${DB_PASSWORD}@db/x')).toBe(false);
    expect(hasInlineUrlPassword('postgres://u:%24DB_PASSWORD@db/x')).toBe(false);
    expect(hasInlineUrlPassword('postgres://u:pw@db/x')).toBe(true);
    expect(isInlineSecret('$NAME')).toBe(false);
    expect(isInlineSecret(' $NAME')).toBe(true);
    expect(isInlineSecret('${NAME')).toBe(true);
    expect(isInlineSecret('   ')).toBe(false);
  });
});

describe('security/http-url', () => {
  const RULE = 'security/http-url';

  it('reports plain http at the value, whatever the case of the scheme', () => {
    const text = config(
      '  platformHost: platform.example.com\n  vault:\n    address: HTTP://vault.example.com:8200\n    auth:\n      tokenSecretRef: {name: v, key: token}\n',
    );
    const diags = only(RULE, text);
    expect(spans(diags)).toEqual([[RULE, 8, 14, 8, 43]]);
    expect(diags[0]?.message).toBe(
      'status.vault.address uses http://: the vault token and every secret the platform syncs travel in clear text.',
    );
  });

  it('accepts the loopback host and other schemes', () => {
    for (const url of ['http://localhost:8200', 'http://127.0.0.1', 'http://127.1.2.3:80', 'http://[::1]:8200', 'http://vault.localhost', 'https://vault.example.com']) {
      expect(isPlainHttpUrl(url), url).toBe(false);
    }
    for (const url of ['http://vault.example.com', 'Http://10.0.0.1', 'http://localhost.example.com', 'http://[::2]/']) {
      expect(isPlainHttpUrl(url), url).toBe(true);
    }
  });
});

describe('security/wildcard-access', () => {
  const RULE = 'security/wildcard-access';

  it('reports once per rule, at the wildcard subject', () => {
    const text = user('  access:\n    - name: all\n      verbs: ["*"]\n      users: [bob, "*"]\n      teams: ["*"]\n');
    const diags = only(RULE, text);
    expect(spans(diags)).toEqual([[RULE, 9, 20, 9, 23]]);
    expect(diags[0]?.message).toBe(
      'The access rule "all" (spec.access[0]) gives every verb (*) to every user (*).',
    );
  });

  it('does not report named verbs for everyone or every verb for named subjects', () => {
    expect(only(RULE, user('  access:\n    - verbs: [get]\n      users: ["*"]\n    - verbs: ["*"]\n      teams: [admins]\n'))).toEqual([]);
  });

  it('does not apply to Config documents', () => {
    expect(only(RULE, config('  platformHost: platform.example.com\n'))).toEqual([]);
  });
});

describe('security/wildcard-redirect', () => {
  it('reports wildcardRedirect: true at the value', () => {
    const RULE = 'security/wildcard-redirect';
    const text = config('  platformHost: platform.example.com\n  oidc:\n    enabled: true\n    wildcardRedirect: true\n');
    expect(spans(only(RULE, text))).toEqual([[RULE, 9, 23, 9, 27]]);
    expect(only(RULE, text.replace('wildcardRedirect: true', 'wildcardRedirect: false'))).toEqual([]);
  });
});

describe('security/ui-scripts', () => {
  const RULE = 'security/ui-scripts';
  const ui = (host: string, lines: string): string => config(`${host}  uiSettings:\n${lines}`);

  it('warns about a script tag in the legal template and gives info about a foreign script', () => {
    const text = ui(
      '  platformHost: platform.example.com\n',
      '    legalTemplate: "<p>Terms</p><Script>alert(1)</Script>"\n    customJavaScript:\n      - https://cdn.example.net/x.js\n',
    );
    const diags = only(RULE, text, 'recommended');
    expect(spans(diags)).toEqual([
      [RULE, 8, 20, 8, 59],
      [RULE, 10, 9, 10, 37],
    ]);
    expect(diags.map((d) => d.severity)).toEqual(['warning', 'info']);
    expect(diags[1]?.message).toBe(
      'status.uiSettings.customJavaScript[0] loads JavaScript from https://cdn.example.net, not from the platform\'s own origin https://platform.example.com.',
    );
  });

  it('compares scheme, host and port with the platform host, and never prints user info', () => {
    const foreign = (host: string, url: string): string[] =>
      only(RULE, ui(`  platformHost: ${host}\n`, `    customJavaScript:\n      - ${url}\n`)).map((d) => d.message);
    expect(foreign('platform.example.com', 'https://PLATFORM.example.com/x.js')).toEqual([]);
    expect(foreign('platform.example.com', 'https://platform.example.com:443/x.js')).toEqual([]);
    expect(foreign('platform.example.com:8443', 'https://platform.example.com:8443/x.js')).toEqual([]);
    expect(foreign('platform.example.com:8443', 'https://platform.example.com/x.js')).toHaveLength(1);
    expect(foreign('[::1]:8443', 'https://[::1]:8443/x.js')).toEqual([]);
    expect(foreign('platform.example.com', '/static/x.js')).toEqual([]);
    expect(foreign('platform.example.com', 'http://platform.example.com/x.js')[0]).toMatch(
      /loads JavaScript from http:\/\/platform\.example\.com \(plain http, which anyone on the network path can alter\), not/,
    );
    const withUser = foreign('platform.example.com', 'https://deploy:hunter22@cdn.example.net/x.js');
    expect(withUser[0]).toMatch(/loads JavaScript from https:\/\/cdn\.example\.net, not/);
    expect(withUser[0]).not.toContain('hunter22');
    expect(foreign('platform.example.com', 'data:text/javascript,alert(1)')[0]).toMatch(/loads JavaScript from a "data:" URL, not/);
  });

  it('does not judge customJavaScript without a valid platformHost', () => {
    expect(only(RULE, ui('', '    customJavaScript:\n      - https://cdn.example.net/x.js\n'))).toEqual([]);
    expect(only(RULE, ui('  platformHost: https://platform.example.com\n', '    customJavaScript:\n      - https://cdn.example.net/x.js\n'))).toEqual([]);
  });
});
