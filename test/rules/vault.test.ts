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
