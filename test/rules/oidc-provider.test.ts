import { describe, expect, it } from 'vitest';
import { only } from '../helpers/config.js';
import { config } from '../helpers/manifests.js';
import { spans } from '../helpers/lint.js';

describe('oidc-provider/clients', () => {
  const clients = (uris: string, extra = '') =>
    config(`  oidc:\n    enabled: true\n${extra}    clients:\n      - name: a\n        clientId: grafana\n        clientSecret: s3cr3t-value\n        redirectURIs:\n${uris}`);

  it('reports a relative URI at the value, without the client secret', () => {
    const diags = only('oidc-provider/clients', clients('          - /callback\n'));
    expect(spans(diags)).toEqual([['oidc-provider/clients', 13, 13, 13, 22]]);
    expect(diags[0]?.message).toBe(
      'status.oidc.clients[0].redirectURIs[0] is "/callback", not an absolute URL (missing scheme (e.g. https://)).',
    );
  });

  it('allows a wildcard only with wildcardRedirect: true', () => {
    const uri = '          - https://*.example.com/callback\n';
    expect(only('oidc-provider/clients', clients(uri)).map((d) => d.message)).toEqual([
      expect.stringContaining('which contains "*", but status.oidc.wildcardRedirect is not true'),
    ]);
    expect(only('oidc-provider/clients', clients(uri, '    wildcardRedirect: true\n'))).toEqual([]);
  });

  it('redacts URL passwords', () => {
    const diags = only('oidc-provider/clients', clients('          - https://user:topsecret@app.example.com:x/cb\n'));
    expect(diags).toHaveLength(1);
    expect(diags[0]?.message).not.toContain('topsecret');
    expect(diags.map((d) => d.message).join('\n')).not.toContain('s3cr3t-value');
  });

  it('reports duplicate client ids at the later one and an enabled provider without clients', () => {
    const dup = config(
      '  oidc:\n    clients:\n      - clientId: a\n        redirectURIs: [https://a.example.com/cb]\n      - clientId: a\n        redirectURIs: [https://b.example.com/cb]\n',
    );
    const diags = only('oidc-provider/clients', dup);
    expect(spans(diags)).toEqual([['oidc-provider/clients', 10, 19, 10, 20]]);
    expect(diags[0]?.message).toContain('the same client id as status.oidc.clients[0].clientId');
    const empty = only('oidc-provider/clients', config('  oidc:\n    enabled: true\n'));
    expect(spans(empty)).toEqual([['oidc-provider/clients', 7, 14, 7, 18]]);
    expect(empty[0]?.severity).toBe('warning');
  });
});
