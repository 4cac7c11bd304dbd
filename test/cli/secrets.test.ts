import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

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

  it.each(['stylish', 'json', 'sarif', 'github', 'junit'])('%s', (format) => {
    const run = runCli(['config.yaml', '--format', format], { cwd: dir });
    expect(run.status).toBe(1);
    const output = run.stdout + run.stderr;
    expect(output.length).toBeGreaterThan(200);
    for (const secret of SECRETS) expect(output, secret).not.toContain(secret);
  });

  it('shows **** where a secret was in a code frame', () => {
    const run = runCli(['config.yaml', '--rule', 'security/*=error'], { cwd: dir });
    expect(run.stdout).toContain('clientSecret: ****');
    expect(run.stdout).toContain('mysql://platform:****@tcp(db:3306)');
  });
});
