/**
 * The passwords of connection strings, found without patterns that take quadratic time: the scheme scan and the
 * choice of the user info's "@" are compared with the regular expressions they replaced (kept here as the reference),
 * on random strings of the characters that matter, and run on runs of a million characters.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { connectionPasswords, connectionPasswordSpans, redactUrlPassword } from '../../src/formats/index.js';

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

  it('are given with their offsets, where redactUrlPassword masks them', () => {
    expect(connectionPasswordSpans('host=db password=pw3SECRET dbname=p')).toEqual([{ start: 17, end: 26, place: 'pair', password: 'pw3SECRET' }]);
    expect(connectionPasswordSpans("password='a b'")).toEqual([{ start: 9, end: 14, place: 'pair', password: 'a b' }]);
    expect(connectionPasswordSpans('platform:pw2SECRET@tcp(db:3306)/audit')).toEqual([{ start: 9, end: 18, place: 'userinfo', password: 'pw2SECRET' }]);
    // An "@" in the password: up to the last one before the host, never less.
    expect(connectionPasswordSpans('postgres://u:pw4SE@CRET@db/x')).toEqual([{ start: 13, end: 23, place: 'userinfo', password: 'pw4SE@CRET' }]);
    expect(connectionPasswordSpans('postgres://u@db/x?password=pw5SECRET')).toEqual([{ start: 27, end: 36, place: 'pair', password: 'pw5SECRET' }]);
    // A pair inside a user info is one password with it.
    expect(connectionPasswordSpans('x://u:password=pw@h')).toEqual([{ start: 6, end: 19, place: 'userinfo', password: 'password=pw@h' }]);
    expect(redactUrlPassword("mysql://u:a/b@tcp(h:3306)/d?password='x y'&password=")).toBe('mysql://u:****@tcp(h:3306)/d?password=****&password=');
  });

  it('are at their offsets, on random strings of the characters that matter', () => {
    const pieces = fc.array(fc.constantFrom('password', 'PASSWORD', '=', ' = ', "'", '\\', '&', ';', 'x', '@', ':', '/', 'a://', '?', ' '), { maxLength: 30 });
    fc.assert(
      fc.property(pieces, (parts) => {
        const s = parts.join('');
        let last = 0;
        for (const { start, end, place, password } of connectionPasswordSpans(s)) {
          expect(start).toBeGreaterThanOrEqual(last);
          last = end;
          const written = s.slice(start, end);
          expect([password, `'${password}'`]).toContain(place === 'pair' ? written : password);
          if (place === 'userinfo') expect(written).toBe(password);
        }
      }),
      { numRuns: 5_000, seed: 36 },
    );
  });

  it('in pairs, in linear time', () => {
    const started = performance.now();
    expect(connectionPasswordSpans('password=x '.repeat(100_000))).toHaveLength(100_000);
    expect(connectionPasswordSpans("password='x ".repeat(100_000))).toHaveLength(50_000);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
