/**
 * The passwords of connection strings, found without patterns that take quadratic time: the scheme scan and the
 * choice of the user info's "@" are compared with the regular expressions they replaced (kept here as the reference),
 * on random strings of the characters that matter, and run on runs of a million characters.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { connectionPasswords, redactUrlPassword } from '../../src/formats/index.js';

/** The passwords as the former patterns found them (src/formats/host-port.ts before the scan), "pair" ones aside. */
function referencePasswords(s: string): string[] {
  const out: string[] = [];
  if (!/[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(s)) {
    // A DSN without a scheme: user:password@proto(addr)/dbname (unchanged by the scan).
    const lastSlash = s.lastIndexOf('/');
    const base = lastSlash >= 0 ? s.slice(0, lastSlash) : s;
    const at = base.lastIndexOf('@');
    const userinfo = base.slice(0, Math.max(at, 0));
    if (at > 0 && userinfo.includes(':') && !/\s/.test(userinfo)) out.push(userinfo.slice(userinfo.indexOf(':') + 1));
    return out;
  }
  for (const [, , tok = ''] of s.matchAll(/([A-Za-z][A-Za-z0-9+.-]*:\/\/)(\S*)/g)) {
    const firstColon = tok.indexOf(':');
    if (firstColon < 0 || /[/?#@]/.test(tok.slice(0, firstColon))) continue;
    const ats: number[] = [];
    for (let i = tok.indexOf('@', firstColon); i >= 0; i = tok.indexOf('@', i + 1)) ats.push(i);
    if (ats.length === 0) continue;
    const chosen = [...ats].reverse().find((at) => !/[?#]/.test(tok.slice(0, at))) ?? (ats[ats.length - 1] as number);
    if (!/^[0-9]*\//.test(tok.slice(firstColon + 1, chosen))) out.push(tok.slice(firstColon + 1, chosen));
  }
  return out;
}

const text = fc.string({ unit: fc.constantFrom('a', 'B', '1', '+', '-', '.', ':', '/', '/', '@', '?', '#', ' ', '\t', 'x'), maxLength: 40 });

describe('the passwords of a connection string', () => {
  it('are the ones the former patterns found, in URL user infos', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(connectionPasswords(s)).toEqual(referencePasswords(s));
      }),
      { numRuns: 20_000, seed: 36 },
    );
  });

  it('are found in linear time: long runs of scheme letters, "@" and "?" are read once', () => {
    const letters = 'a'.repeat(1_000_000);
    expect(redactUrlPassword(letters)).toBe(letters);
    expect(redactUrlPassword(`x://u:?${'@'.repeat(1_000_000)}`)).toBe(`x://u:****@`);
    expect(connectionPasswords(`${letters}://u:secret@h ${letters}`)).toEqual(['secret']);
  });
});
