import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { config, user } from '../helpers/manifests.js';
import { FORMAT_NAMES } from '../../src/formatters/index.js';
import { SECRET_CASES } from '../helpers/secret-cases.js';

const SECRETS = ['Sup3rS3cretOidc', 'GhS3cretValue', 'VaultT0kenValue', 'RepoPassw0rd', 'DbPassw0rd', 'RawS3cretInBlock', 'Q2FEYXRhU2VjcmV0', 'EndpointPassw0rd'];

// Every secret sits on a line that is itself reported, or next to one, so code frames would show it.
const CONFIG = `apiVersion: management.platform/v1
kind: Config
metadata:
  name: config
spec:
  raw: |
    auth:
      gitForgeB:
        clientId: platform
        clientSecret: RawS3cretInBlock
        redirectURI: http://platform.example.com/auth/gitlab/callback
status:
  auth:
    oidc:
      issuerUrl: http://id.example.com
      clientId: platform
      clientSecret: Sup3rS3cretOidc
      redirectUri: https://platform.example.com/auth/oidc/callback
    connectors:
      - id: corp
        gitForgeA:
          clientSecret: GhS3cretValue
          redirectURI: https://platform.example.com/auth/corp/callback
    saml:
      ssoURL: https://idp.example.com/sso
      redirectURI: https://platform.example.com/auth/saml/callback
      usernameAttr: name
      emailAttr: email
      caData: Q2FEYXRhU2VjcmV0
  vault:
    enabled: true
    auth:
      token: VaultT0kenValue
    syncInterval: 1d
  apps:
    repositories:
      - name: charts
        url: http://charts.example.com
        password: RepoPassw0rd
  database:
    enabled: true
    dataSource: mysql://platform:DbPassw0rd@tcp(db:3306)/platform?tls=skip
  audit:
    dataStoreEndpoint: postgres://audit:EndpointPassw0rd@audit-db:5432/events
`;

describe('secrets never appear in any output', () => {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-secrets-'));
  writeFileSync(join(dir, 'config.yaml'), CONFIG);
  for (const [name, { text }] of Object.entries(SECRET_CASES)) writeFileSync(join(dir, name), text);
  const files = ['config.yaml', ...Object.keys(SECRET_CASES)];
  const secrets = [...SECRETS, ...Object.values(SECRET_CASES).flatMap((c) => c.secrets)];
  const expectNone = (output: string): void => {
    for (const secret of secrets) expect(output, secret).not.toContain(secret);
  };

  it.each(FORMAT_NAMES)('%s', (format) => {
    const run = runCli([...files, '--format', format], { cwd: dir });
    expect(run.status).toBe(1);
    const output = run.stdout + run.stderr;
    expect(output.length).toBeGreaterThan(200);
    expectNone(output);
  });

  it('--fix-dry-run, the cache file, the baseline and platlint patch', () => {
    const dryRun = runCli([...files, '--fix-dry-run', '--format', 'json'], { cwd: dir });
    expect((JSON.parse(dryRun.stdout) as { results: { output?: string }[] }).results.filter((r) => r.output !== undefined)).toHaveLength(7);
    expectNone(dryRun.stdout + dryRun.stderr);
    expect(runCli([...files, '--cache', '--cache-location', 'cache.json'], { cwd: dir }).status).toBe(1);
    expectNone(readFileSync(join(dir, 'cache.json'), 'utf8'));
    expect(runCli(['baseline', ...files], { cwd: dir }).status).toBe(0);
    expectNone(readFileSync(join(dir, '.platlint-baseline.json'), 'utf8'));
    rmSync(join(dir, '.platlint-baseline.json'));
    // The patch writes a DSN with a password to a secret-free base; its report shows that line.
    writeFileSync(join(dir, 'dsn.patch.yaml'), '- op: add\n  value: "platform:Dsn5S3cret@tcp(db:3306)/audit"\n  path: /status/audit/dataStoreEndpoint\n');
    const patch = runCli(['patch', 'query.yaml', 'dsn.patch.yaml'], { cwd: dir });
    expect(patch.stdout).toContain('  value: "platform:****@tcp(db:3306)/audit"');
    expectNone(patch.stdout + patch.stderr);
  });

  it('shows **** where a secret was in a code frame', () => {
    const run = runCli(['config.yaml', '--rule', 'security/*=error'], { cwd: dir });
    expect(run.stdout).toContain('clientSecret: ****');
    expect(run.stdout).toContain('mysql://platform:****@tcp(db:3306)');
  });
});

describe('secrets in odd places (issue 18)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-secrets-odd-'));
  const repo = (name: string, password: string) => `      - name: ${name}\n        url: https://charts.example.com\n        password: ${password}\n`;
  const repositories = (repos: string): string => config(`  apps:\n    repositories:\n${repos}`, 'config');

  it('masks a password on a line with a syntax error, from a file and from stdin', () => {
    const text = repositories(repo('charts', 'Syntax3rrS3cret: oops'));
    writeFileSync(join(dir, 'syntax.yaml'), text);
    for (const run of [runCli(['syntax.yaml'], { cwd: dir }), runCli(['-'], { cwd: dir, input: text })]) {
      expect(run.status).toBe(1);
      expect(run.stdout).toContain('> 10 |         password: ****');
      expect(run.stdout + run.stderr).not.toContain('Syntax3rrS3cret');
    }
  });

  it.each(FORMAT_NAMES)('masks an unquoted password starting with * (an alias to YAML) in %s', (format) => {
    writeFileSync(join(dir, 'alias.yaml'), repositories(repo('charts', '*Al1asS3cret')));
    const run = runCli(['alias.yaml', '--format', format], { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/the alias \*\*+ refers to no anchor/);
    expect(run.stdout + run.stderr).not.toContain('Al1asS3cret');
  });

  it("masks a block scalar password, and the same text where it stands elsewhere, without the block's line feed", () => {
    writeFileSync(join(dir, 'block.yaml'), repositories('      - name: a\n        url: https://charts.example.com\n        password: |\n          Bl0ckS3cret\n        username: Bl0ckS3cret\n        passwrd: x\n'));
    const run = runCli(['block.yaml'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('    12 |         username: ****\n  > 13 |         passwrd: ****\n');
    expect(run.stdout).not.toContain('Bl0ckS3cret');
  });

  it('masks passwords that are numbers, lists, maps and tagged values in code frames', () => {
    writeFileSync(join(dir, 'shapes.yaml'), repositories(repo('a', '98765432') + repo('b', '[L1stS3cret]') + repo('c', '{k: M4pS3cret}') + repo('d', '!!str T4gS3cret')));
    const run = runCli(['shapes.yaml', '--rule', 'security/*=error'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stdout.match(/password: \*\*\*\*$/gm)).toHaveLength(4);
    for (const secret of ['98765432', 'L1stS3cret', 'M4pS3cret', 'T4gS3cret']) expect(run.stdout).not.toContain(secret);
  });

  it('masks secrets in the fixed text --fix-dry-run reports', () => {
    writeFileSync(join(dir, 'fixable.yaml'), repositories('      - name: charts\n        url: https://charts.example.com\n        pasword: x\n        password: Dry8unS3cret\n').replace('  name: config\n', '  name: config\n  selfLink: /x\n'));
    const run = runCli(['fixable.yaml', '--fix-dry-run', '--format', 'json'], { cwd: dir });
    const output = JSON.parse(run.stdout).results[0].output as string;
    expect(output).not.toContain('selfLink');
    expect(output).toContain('        password: ****\n');
    expect(run.stdout).not.toContain('Dry8unS3cret');
  });

  describe('under a misspelt secret key (issue 30)', () => {
    // Each beside its right key, so that --fix cannot rename it away: the fixed text keeps the misspelt key (and
    // selfLink gives --fix something to remove).
    const misspelt = repositories('      - name: a\n        url: https://charts.example.com\n        password: $CHART_PASSWORD\n        pasword: M1sspeltPassw0rd\n') +
      '  auth:\n    oidc:\n      issuerUrl: https://id.example.com\n      clientId: platform\n      clientSecret: $OIDC_SECRET\n      clientSecert: M1sspeltS3cret\n      CLIENTSECRET: Upp3rS3cret\n' +
      '      redirectURI: https://platform.example.com/auth/oidc/callback\n  vault:\n    enabled: true\n    auth:\n      token: $VAULT_TOKEN\n      tokn: M1sspeltT0ken\n';
    const hidden = ['M1sspeltPassw0rd', 'M1sspeltS3cret', 'Upp3rS3cret', 'M1sspeltT0ken'];
    writeFileSync(join(dir, 'misspelt.yaml'), misspelt.replace('  name: config\n', '  name: config\n  selfLink: /x\n'));

    it.each(['stylish', 'concise', 'json', 'sarif', 'github', 'junit'])('masks their values in %s', (format) => {
      const run = runCli(['misspelt.yaml', '--format', format], { cwd: dir });
      expect(run.status).toBe(1);
      const output = run.stdout + run.stderr;
      expect(output).toMatch(/pasword|clientSecert|tokn/);
      for (const secret of hidden) expect(output, secret).not.toContain(secret);
    });

    it('shows **** for them in code frames', () => {
      const run = runCli(['misspelt.yaml'], { cwd: dir });
      expect(run.stdout).toContain('pasword: ****');
      expect(run.stdout).toContain('clientSecert: ****');
    });

    it('masks them in the fixed text --fix-dry-run reports', () => {
      const run = runCli(['misspelt.yaml', '--fix-dry-run', '--format', 'json'], { cwd: dir });
      const output = JSON.parse(run.stdout).results[0].output as string;
      expect(output).toContain('        pasword: ****\n');
      expect(output).toContain('      tokn: ****\n');
      expect(output).toContain('      CLIENTSECRET: ****\n');
      for (const secret of hidden) expect(run.stdout, secret).not.toContain(secret);
    });
  });
});

describe("a URL's password outside a value: in a comment, in a key", () => {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-secrets-url-'));
  writeFileSync(join(dir, 'config.yaml'), config('  database:\n    enabled: maybe # was mysql://platform:C0mmentS3cret@tcp(db:3306)/platform\n    https://admin:K3yS3cret@registry.example.com: x\n', 'config'));

  it('shows **** for it in code frames and messages', () => {
    const run = runCli(['config.yaml'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('  > 7 |     enabled: maybe # was mysql://platform:****@tcp(db:3306)/platform\n');
    expect(run.stdout).toContain('  > 8 |     https://admin:****@registry.example.com: x\n');
    expect(run.stdout).toContain('Unknown field "https://admin:****@registry.example.com" in status.database');
  });

  it.each(FORMAT_NAMES)('never shows it in %s, the JSON Pointer of the key included', (format) => {
    const run = runCli(['config.yaml', '--format', format], { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/registry\.example\.com/);
    for (const secret of ['C0mmentS3cret', 'K3yS3cret']) expect(run.stdout + run.stderr, secret).not.toContain(secret);
  });

  it('writes the masked pointer to a baseline, which then matches it', () => {
    expect(runCli(['baseline', 'config.yaml'], { cwd: dir }).status).toBe(0);
    expect(readFileSync(join(dir, '.platlint-baseline.json'), 'utf8')).not.toContain('K3yS3cret');
    expect(runCli(['config.yaml'], { cwd: dir }).status).toBe(0);
  });
});

describe('a secret in what a fix or a suggestion would write', () => {
  it('drops that suggestion from the report and the editor; the others stay', () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-secrets-edits-'));
    writeFileSync(join(dir, 'u.yaml'), user('  extraClaims:\n    team: 4711\n    password: 31415926535\n'));
    const run = runCli(['u.yaml', '--format', 'json'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stdout).not.toContain('31415926535');
    const diagnostics = (JSON.parse(run.stdout) as { results: { diagnostics: { message: string; suggestions?: unknown }[] }[] }).results[0]?.diagnostics ?? [];
    expect(diagnostics.map(({ message, suggestions }) => ({ message, suggestions }))).toEqual([
      { message: 'spec.extraClaims.team is the number 4711, not a string.', suggestions: [{ description: 'Quote the value: "4711"', edits: [expect.objectContaining({ text: '"4711"' })] }] },
      { message: 'spec.extraClaims.password is the number ****, not a string.', suggestions: undefined },
    ]);
  });
});

describe("a secret's words in a rule's own message", () => {
  it('stay words: caData "not base64 at all" masks the value, not "base64" in the message and its note', () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-secrets-words-'));
    const saml = '      redirectURI: https://platform.example.com/auth/saml/callback\n      ssoURL: https://idp.example.com/sso\n      usernameAttr: name\n      emailAttr: email\n      groupsAttr: groups\n      allowedGroups: [admins]\n';
    writeFileSync(join(dir, 'config.yaml'), config(`  platformHost: platform.example.com\n  auth:\n    saml:\n${saml}      caData: "not base64 at all"\n`, 'config'));
    const run = runCli(['config.yaml', '--format', 'json'], { cwd: dir });
    expect(run.status).toBe(1);
    const [diagnostic, ...others] = (JSON.parse(run.stdout) as { results: { diagnostics: { ruleId: string; message: string; note: string; line: number; column: number }[] }[] }).results[0]?.diagnostics ?? [];
    expect(others).toEqual([]);
    expect(diagnostic).toMatchObject({
      ruleId: 'auth/saml-ca',
      line: 15,
      column: 15,
      message: "status.auth.saml.caData is not valid base64 (standard alphabet with '=' padding; line breaks are allowed, spaces are not).",
      note: 'The platform decodes caData from base64 when it reads the config, so the whole config is rejected. Write the base64 encoding of the PEM certificate file, e.g. the output of base64 -w0 idp-ca.pem.',
    });
    expect(runCli(['config.yaml'], { cwd: dir }).stdout).toContain('  > 15 |       caData: ****\n');
  });

  it("stay words in what a rule says about another value: a block's problem is the rule's wording, not data", () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-secrets-words-'));
    const connector = (id: string, caData: string, insecure: string): string =>
      `      - id: ${id}\n        displayName: ${id}\n        saml:\n          redirectURI: https://platform.example.com/auth/${id}/callback\n          ssoURL: https://idp.example.com/sso\n          usernameAttr: name\n          emailAttr: email\n          groupsAttr: groups\n          allowedGroups: [admins]\n${insecure}          caData: ${caData}\n`;
    // "anVzdCB0ZXh0" is base64 of "just text": no PEM block in it.
    const connectors = connector('plain', 'anVzdCB0ZXh0', '') + connector('broken', '"not base64 at all"', '          insecureSkipSignatureValidation: true\n');
    writeFileSync(join(dir, 'config.yaml'), config(`  platformHost: platform.example.com\n  auth:\n    connectors:\n${connectors}`, 'config'));
    const run = runCli(['config.yaml', '--format', 'json', '--rule', 'security/*=off'], { cwd: dir });
    expect(run.status).toBe(1);
    const diagnostics = (JSON.parse(run.stdout) as { results: { diagnostics: { ruleId: string; message: string; note: string; line: number }[] }[] }).results[0]?.diagnostics ?? [];
    expect(diagnostics.map(({ ruleId, line, message, note }) => ({ ruleId, line, message, note }))).toEqual([
      {
        ruleId: 'auth/saml-ca',
        line: 18,
        message: 'status.auth.connectors[0].saml.caData is valid base64, but what it decodes to is not a PEM certificate.',
        note: 'The decoded data: contains no PEM block: base64-encode the PEM text of the certificate (-----BEGIN CERTIFICATE----- ...), not the DER bytes. The SAML connector cannot load a certificate from it and refuses to start. Write the base64 encoding of the PEM certificate file, e.g. the output of base64 -w0 idp-ca.pem.',
      },
      {
        ruleId: 'auth/saml-ca',
        line: 29,
        message: "status.auth.connectors[1].saml.caData is not valid base64 (standard alphabet with '=' padding; line breaks are allowed, spaces are not).",
        note: 'The platform decodes caData from base64 when it reads the config, so the whole config is rejected. Write the base64 encoding of the PEM certificate file, e.g. the output of base64 -w0 idp-ca.pem.',
      },
    ]);
  });
});

describe('a secret on lines the parser could not read', () => {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-secrets-unread-'));
  // The parser gives up on each file before the secret's line: only the text, read by key, tells what it holds.
  writeFileSync(join(dir, 'case.yaml'), 'x:\n  - a b # c\n    Password: Capit4lS3cret\n');
  writeFileSync(join(dir, 'slip.yaml'), 'x:\n  - a b # c\n    pasword: Sl1pS3cret\n');
  writeFileSync(join(dir, 'block.yaml'), config('  auth:\n    oidc:\n - issuerUrl: https://id.example.com\n          clientSecret: |\n            Bl0ckS3cret\n          clientId: platform\n', 'config'));

  it('masks the value of a secret key in another letter case or with a slip, and the lines of a block scalar', () => {
    const run = runCli(['case.yaml', 'slip.yaml', 'block.yaml'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('  > 3 |     Password: ****\n');
    expect(run.stdout).toContain('  > 3 |     pasword: ****\n');
    expect(run.stdout).toContain('    10 |             ****\n  > 11 |           clientId: platform\n');
    for (const secret of ['Capit4lS3cret', 'Sl1pS3cret', 'Bl0ckS3cret']) expect(run.stdout + run.stderr, secret).not.toContain(secret);
  });
});

describe('the password login, status.auth.password: settings, not a credential (issue 35)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-secrets-password-login-'));
  // `selfLink` gives --fix something to remove; `disableUserCreation: maybe` is reported beside each section.
  const text = [
    'apiVersion: management.platform/v1',
    'kind: Config',
    'metadata:',
    '  name: platform',
    '  selfLink: /apis/x',
    'status:',
    '  auth:',
    '    password:',
    '      disabled: false',
    '    disableUserCreation: maybe',
    '    oidc:',
    '      issuerUrl: https://id.example.com',
    '      clientId: platform',
    '      clientSecret: Fix0utS3cret',
    '      redirectURI: https://platform.example.com/auth/oidc/callback',
    '---',
    'apiVersion: management.platform/v1',
    'kind: Config',
    'metadata:',
    '  name: flow',
    'status:',
    '  auth:',
    '    password: {disabled: false}',
    '    disableUserCreation: maybe',
    '',
  ].join('\n');
  const fixed = text.replace('  selfLink: /apis/x\n', '');
  writeFileSync(join(dir, 'platform.yaml'), text);

  it('shows in code frames and messages, in block and flow style; the client secret stays masked', () => {
    const run = runCli(['platform.yaml'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('     9 |       disabled: false\n  > 10 |     disableUserCreation: maybe\n');
    expect(run.stdout).toContain('    23 |     password: {disabled: false}\n  > 24 |     disableUserCreation: maybe\n');
    expect(run.stdout).toContain('status.auth.disableUserCreation must be a boolean (true or false), not string.');
    expect(run.stdout).toContain('  > 14 |       clientSecret: ****\n');
    expect(run.stdout).not.toContain('Fix0utS3cret');
  });

  it('--fix on stdin gives back the fixed text exactly: only what it fixed changed, the section and the secret kept', () => {
    const run = runCli(['--fix', '--format', 'json', '--stdin-filename', 'platform.yaml', '-'], { cwd: dir, input: text });
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout).results[0].output).toBe(fixed);
  });

  it('--fix on stdin with the report written by -o: the same text', () => {
    const run = runCli(['--fix', '--format', 'json', '-o', 'report.json', '-'], { cwd: dir, input: text });
    expect(run.status).toBe(1);
    expect(JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')).results[0].output).toBe(fixed);
  });

  it('--fix-dry-run, a preview to read, masks the secret only', () => {
    const run = runCli(['platform.yaml', '--fix-dry-run', '--format', 'json'], { cwd: dir });
    expect(JSON.parse(run.stdout).results[0].output).toBe(fixed.replace('Fix0utS3cret', '****'));
  });
});

describe('patch: the report masks secrets of the base and of the patch, --print writes the patched document as it is', () => {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-secrets-patch-'));
  const base = user('  username: jane\n  token: PatchT0kenValue\n');
  // The value stands above the reported path, so that the code frame shows its line.
  writeFileSync(join(dir, 'base.yaml'), base);
  writeFileSync(join(dir, 'password.patch.yaml'), '- op: add\n  value: PatchPassw0rd\n  path: /spec/password\n');

  it('shows **** for the secret the patch writes to a secret key, and for the base secret, in code frames', () => {
    const run = runCli(['patch', 'base.yaml', 'password.patch.yaml'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('    2 |   value: ****\n  > 3 |   path: /spec/password\n');
    expect(run.stdout).toContain('  > 7 |   token: ****\n');
    expect(run.stdout).not.toMatch(/PatchT0kenValue|PatchPassw0rd/);
  });

  it('--print writes the patched document with its secrets, as kubectl patch --dry-run=client -o yaml does', () => {
    const run = runCli(['patch', '--print', 'base.yaml', 'password.patch.yaml'], { cwd: dir });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`${base}  password: PatchPassw0rd\n`);
  });
});
