/**
 * The core's own readings of base64, UTF-8 and IP addresses and its deep equality of data, which replaced Node's (the core runs outside Node too),
 * give what Node's gave: fixed cases, then random text of the characters that matter, against Node itself. IP
 * addresses are read by the port of Go's net/netip; the regular expressions the CEL twins write must accept the same.
 */
import { isIP } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64Bytes, base64Text, utf8Text } from '../../src/formats/base64.js';
import { IPV4_PATTERN, IPV6_PATTERN } from '../../src/formats/ip.js';
import { is4, netParseIP } from '../../src/formats/netip.js';
import { deepEqual } from '../../src/platform/data.js';

const RUNS = { numRuns: 3000, seed: 36 };

function nodeBase64(text: string): number[] {
  return [...Buffer.from(text, 'base64')];
}

describe('base64Bytes', () => {
  it('reads base64 as Buffer.from(text, "base64") does', () => {
    expect([...base64Bytes('YWJj')]).toEqual([97, 98, 99]);
    // Both alphabets, anything else skipped, the text ends at the first "=", a lone last character dropped.
    expect([...base64Bytes('YW-_')]).toEqual([97, 111, 191]);
    expect([...base64Bytes('YW+/')]).toEqual([97, 111, 191]);
    expect([...base64Bytes('Y!Q ==')]).toEqual([97]);
    expect([...base64Bytes('YQ==YQ==')]).toEqual([97]);
    expect([...base64Bytes('YWJjZ')]).toEqual([97, 98, 99]);
    expect([...base64Bytes('ABC')]).toEqual([0, 16]);
    // A character past U+00FF counts by its low byte (U+0141 as "A").
    expect([...base64Bytes('YQ\u0141\u0141')]).toEqual([97, 0, 0]);
    for (const text of ['YW-_', 'Y!Q ==', 'YQ==YQ==', 'YWJjZ', 'ABC', 'YQ\u0141\u0141', '', '=', 'A', 'YW\u00c1j']) {
      expect([...base64Bytes(text)], text).toEqual(nodeBase64(text));
    }
  });

  it('agrees with Node on random text', () => {
    const char = fc.oneof(
      fc.constantFrom(...'ABCXYZabcxyz0189+/-_=  \t\r\n!.'),
      fc.integer({ min: 0, max: 0x2fff }).map((code) => String.fromCharCode(code)),
    );
    fc.assert(
      fc.property(fc.array(char, { maxLength: 40 }).map((chars) => chars.join('')), (text) => {
        expect([...base64Bytes(text)]).toEqual(nodeBase64(text));
      }),
      RUNS,
    );
  });
});

describe('utf8Text', () => {
  it('decodes as Buffer#toString("utf8") does: replacement characters, the byte-order mark kept', () => {
    expect(utf8Text(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toBe('\ufeffa');
    expect(utf8Text(new Uint8Array([0x61, 0xc3, 0x28, 0xf0, 0x9f, 0x98]))).toBe(Buffer.from([0x61, 0xc3, 0x28, 0xf0, 0x9f, 0x98]).toString('utf8'));
    expect(base64Text('8J+YgA==')).toBe('\u{1f600}');
  });

  it('agrees with Node on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 24 }), (bytes) => {
        expect(utf8Text(bytes)).toBe(Buffer.from(bytes).toString('utf8'));
      }),
      RUNS,
    );
  });
});

describe("IP addresses: Go's net.ParseIP, the twins' patterns and node:net", () => {
  const cases = ['1.2.3.4', '255.255.255.255', '256.1.1.1', '01.2.3.4', '1.2.3', '::', '::1', 'fe80::1%eth0', '::ffff:1.2.3.4', '1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7::', '1:2:3:4:5:6:7:8:9', 'g::1', '1::2::3', '', 'localhost'];
  const ipv4 = new RegExp(`^${IPV4_PATTERN}$`);
  const ipv6 = new RegExp(`^${IPV6_PATTERN}$`);
  const goVersion = (text: string): number => {
    const addr = netParseIP(text);
    return addr === undefined ? 0 : is4(addr) ? 4 : 6;
  };
  const patternVersion = (text: string): number => (ipv4.test(text) ? 4 : ipv6.test(text) ? 6 : 0);
  // node:net takes a zone, which net.ParseIP and the patterns refuse.
  const nodeVersion = (text: string): number => (text.includes('%') ? 0 : isIP(text));

  it('read the fixed cases alike', () => {
    expect(cases.map(goVersion)).toEqual([4, 4, 0, 0, 0, 6, 6, 0, 6, 6, 6, 0, 0, 0, 0, 0]);
    expect(cases.map(patternVersion)).toEqual(cases.map(goVersion));
    expect(cases.map(nodeVersion)).toEqual(cases.map(goVersion));
  });

  it('agree on random addresses', () => {
    const char = fc.constantFrom(...'0123456789abcdefABCDEFg:.%-z');
    const piece = fc.oneof(char, fc.constantFrom('::', '255', '256', '01', 'ffff', '1.2.3.4', '%eth0'));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }).map((pieces) => pieces.join('')), (text) => {
        expect(patternVersion(text), text).toBe(goVersion(text));
        expect(nodeVersion(text), text).toBe(goVersion(text));
      }),
      { ...RUNS, numRuns: 20000 },
    );
  });
});

describe('deepEqual', () => {
  it('judges data as util.isDeepStrictEqual does', () => {
    const pairs: [unknown, unknown][] = [
      [{ a: [1, { b: null }] }, { a: [1, { b: null }] }],
      [{ a: 1, b: 2 }, { b: 2, a: 1 }],
      [{ a: 1 }, { a: 1, b: undefined }],
      [[1, 2], [1, 2, 3]],
      [0, -0],
      [NaN, NaN],
      ['1', 1],
      [[], {}],
      [Object.create(null), {}],
      [null, undefined],
    ];
    expect(pairs.map(([a, b]) => deepEqual(a, b))).toEqual([true, true, false, false, false, true, false, false, false, false]);
    for (const [a, b] of pairs) expect(deepEqual(a, b)).toBe(isDeepStrictEqual(a, b));
  });

  it('agrees with util.isDeepStrictEqual on random data', () => {
    const small = fc.jsonValue({ maxDepth: 3 });
    fc.assert(
      fc.property(small, small, fc.boolean(), (a, b, same) => {
        const other = same ? structuredClone(a) : b;
        expect(deepEqual(a, other)).toBe(isDeepStrictEqual(a, other));
      }),
      RUNS,
    );
  });
});
