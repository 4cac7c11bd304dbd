import { describe, expect, it } from 'vitest';
import { lintStatus, of } from '../helpers/config.js';
import { config } from '../helpers/manifests.js';
import { ids, lint, spans } from '../helpers/lint.js';

describe('vault/sync-interval', () => {
  it('reports an invalid sync interval with Go\'s reason, at the value', () => {
    const d = of('vault/sync-interval', lintStatus('  vault:\n    syncInterval: 1d\n'));
    expect(spans(d)).toEqual([['vault/sync-interval', 7, 19, 7, 21]]);
    expect(d[0]?.severity).toBe('error');
    expect(d[0]?.message).toBe(
      'status.vault.syncInterval is "1d", which Go\'s time.ParseDuration rejects (time: unknown unit "d" in duration "1d").',
    );
  });

  it('reports zero and negative intervals', () => {
    for (const value of ['0', '0s', '-1m', '-0.5h']) {
      const d = of('vault/sync-interval', lintStatus(`  vault:\n    syncInterval: "${value}"\n`));
      expect(d.map((x) => x.message)).toEqual([`status.vault.syncInterval is "${value}", but the sync interval must be greater than zero.`]);
    }
  });

  it('accepts what time.ParseDuration accepts', () => {
    for (const value of ['1m', '1h30m', '1.5h', '+500ms', '10µs', '300000000ns']) {
      expect(of('vault/sync-interval', lintStatus(`  vault:\n    syncInterval: "${value}"\n`))).toEqual([]);
    }
  });
});

describe('vault/address and vault/auth', () => {
  it('warn on an enabled vault without address and without auth, each at the enabled key', () => {
    const d = lintStatus('  vault:\n    enabled: true\n');
    expect(spans(d)).toEqual([
      ['vault/address', 7, 5, 7, 12],
      ['vault/auth', 7, 5, 7, 12],
    ]);
    expect(d.map((x) => x.severity)).toEqual(['warning', 'warning']);
    expect(d.map((x) => x.message)).toEqual([
      'status.vault.enabled is true but status.vault.address is not set.',
      'status.vault.enabled is true but status.vault.auth has neither a token nor a tokenSecretRef.',
    ]);
  });

  it('point the missing-auth warning at an empty auth object', () => {
    const d = lintStatus('  vault:\n    enabled: true\n    address: https://vault.example.com\n    auth: {}\n');
    expect(spans(d)).toEqual([['vault/auth', 9, 5, 9, 9]]);
  });

  it('turn off one at a time: the address may come from the environment while a token is still required', () => {
    const d = lint(config('  vault:\n    enabled: true\n'), { preset: 'strict', rules: { 'vault/address': 'off' } });
    expect(spans(d)).toEqual([['vault/auth', 7, 5, 7, 12]]);
  });

  it('do not report a missing tokenSecretRef.key (schema/required does) nor a disabled vault', () => {
    const d = lintStatus('  vault:\n    enabled: true\n    address: https://vault.example.com\n    auth:\n      tokenSecretRef:\n        name: t\n');
    expect(ids(d)).toEqual(['schema/required']);
    expect(lintStatus('  vault:\n    enabled: false\n')).toEqual([]);
  });
});

describe('vault/address-url', () => {
  it('reports an address without a scheme at the value, with what is missing', () => {
    const d = of('vault/address-url', lintStatus('  vault:\n    address: vault.example.com:8200\n'));
    expect(spans(d)).toEqual([['vault/address-url', 7, 14, 7, 36]]);
    expect(d[0]?.severity).toBe('error');
    expect(d[0]?.message).toBe('status.vault.address is "vault.example.com:8200", which the vault client cannot send requests to (it has no scheme: write https:// before the host).');
  });

  it("says why for another scheme, no host and what Go's url.Parse refuses, and hides a password", () => {
    const reasons = (address: string): string[] => of('vault/address-url', lintStatus(`  vault:\n    address: "${address}"\n`)).map((x) => x.message);
    expect(reasons('tcp://vault:8200')).toEqual(['status.vault.address is "tcp://vault:8200", which the vault client cannot send requests to (the scheme is "tcp": the client speaks http, https or unix).']);
    expect(reasons('https:///v1')).toEqual(['status.vault.address is "https:///v1", which the vault client cannot send requests to (missing host (expected scheme://host/...)).']);
    expect(reasons('https://vault%zz:8200')).toEqual(['status.vault.address is "https://vault%zz:8200", which the vault client cannot send requests to (invalid URL escape "%zz").']);
    expect(reasons('ftp://admin:hunter2@vault')).toEqual(['status.vault.address is "ftp://admin:****@vault", which the vault client cannot send requests to (the scheme is "ftp": the client speaks http, https or unix).']);
  });

  it('accepts http(s) URLs with a host in any case of scheme, unix:// sockets, environment references, and leaves blank to vault/address', () => {
    for (const address of ['https://vault.example.com:8200', 'HTTPS://vault', 'http://127.0.0.1:8200', 'https://[fd00::7]:8200/vault', 'unix:///var/run/vault.sock', '$VAULT_ADDR', '${VAULT_ADDR}', '']) {
      expect(of('vault/address-url', lintStatus(`  vault:\n    address: "${address}"\n`))).toEqual([]);
    }
  });
});
