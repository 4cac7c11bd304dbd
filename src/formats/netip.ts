/**
 * Go's net/netip as Kubernetes' IP and CIDR libraries use it, and as Go's net/url checks a bracketed host with it:
 * ParseAddr and ParsePrefix with Go's error texts, Addr.String (RFC 5952 for IPv6: the first longest run of two or
 * more zero groups becomes "::"), and the address predicates. An address is 4 or 16 bytes and an optional zone.
 */
import { goQuote } from './go-quote.js';

export interface Addr {
  bytes: Uint8Array;
  zone: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };


function addrError(input: string, msg: string, at?: string): Parsed<Addr> {
  return { ok: false, error: `ParseAddr(${goQuote(input)}): ${msg}${at ? ` (at ${goQuote(at)})` : ''}` };
}

function parseIPv4(s: string, input = s): Parsed<Addr> {
  const fields = new Uint8Array(4);
  let val = 0;
  let pos = 0;
  let digits = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (c >= '0' && c <= '9') {
      if (digits === 1 && val === 0) return addrError(input, 'IPv4 field has octet with leading zero');
      val = val * 10 + Number(c);
      digits++;
      if (val > 255) return addrError(input, 'IPv4 field has value >255');
    } else if (c === '.') {
      if (i === 0 || i === s.length - 1 || s[i - 1] === '.') return addrError(input, 'IPv4 field must have at least one digit', s.slice(i));
      if (pos === 3) return addrError(input, 'IPv4 address too long');
      fields[pos++] = val;
      val = 0;
      digits = 0;
    } else return addrError(input, 'unexpected character', s.slice(i));
  }
  if (pos < 3) return addrError(input, 'IPv4 address too short');
  fields[3] = val;
  return { ok: true, value: { bytes: fields, zone: '' } };
}

function parseIPv6(input: string): Parsed<Addr> {
  let s = input;
  let zone = '';
  const percent = s.indexOf('%');
  if (percent !== -1) {
    zone = s.slice(percent + 1);
    s = s.slice(0, percent);
    if (zone === '') return addrError(input, 'zone must be a non-empty string');
  }
  const ip = new Uint8Array(16);
  let ellipsis = -1;
  if (s.startsWith('::')) {
    ellipsis = 0;
    s = s.slice(2);
    if (s === '') return { ok: true, value: { bytes: ip, zone } };
  }
  let i = 0;
  while (i < 16) {
    let off = 0;
    let acc = 0;
    for (; off < s.length; off++) {
      const digit = parseInt(s[off] as string, 16);
      if (Number.isNaN(digit)) break;
      if (off > 3) return addrError(input, 'each group must have 4 or less digits', s);
      acc = acc * 16 + digit;
      if (acc > 0xffff) return addrError(input, 'IPv6 field has value >=2^16', s);
    }
    if (off === 0) return addrError(input, 'each colon-separated field must have at least one digit', s);
    if (off < s.length && s[off] === '.') {
      if (ellipsis < 0 && i !== 12) return addrError(input, 'embedded IPv4 address must replace the final 2 fields of the address', s);
      if (i + 4 > 16) return addrError(input, 'too many hex fields to fit an embedded IPv4 at the end of the address', s);
      const v4 = parseIPv4(s);
      if (!v4.ok) return addrError(input, v4.error.replace(/^ParseAddr\("(?:[^"\\]|\\.)*"\): /, ''), s);
      ip.set(v4.value.bytes, i);
      s = '';
      i += 4;
      break;
    }
    ip[i] = acc >> 8;
    ip[i + 1] = acc & 0xff;
    i += 2;
    s = s.slice(off);
    if (s === '') break;
    if (s[0] !== ':') return addrError(input, 'unexpected character, want colon', s);
    if (s.length === 1) return addrError(input, 'colon must be followed by more characters', s);
    s = s.slice(1);
    if (s[0] === ':') {
      if (ellipsis >= 0) return addrError(input, 'multiple :: in address', s);
      ellipsis = i;
      s = s.slice(1);
      if (s === '') break;
    }
  }
  if (s !== '') return addrError(input, 'trailing garbage after address', s);
  if (i < 16) {
    if (ellipsis < 0) return addrError(input, 'address string too short');
    const n = 16 - i;
    for (let j = i - 1; j >= ellipsis; j--) ip[j + n] = ip[j] as number;
    for (let j = ellipsis + n - 1; j >= ellipsis; j--) ip[j] = 0;
  } else if (ellipsis >= 0) return addrError(input, 'the :: must expand to at least one field of zeros');
  return { ok: true, value: { bytes: ip, zone } };
}

export function parseAddr(s: string): Parsed<Addr> {
  for (const c of s) {
    if (c === '.') return parseIPv4(s);
    if (c === ':') return parseIPv6(s);
    if (c === '%') return addrError(s, 'missing IPv6 address');
  }
  return addrError(s, 'unable to parse IP');
}

/**
 * Go's `net.ParseIP`: what `ParseAddr` reads, less a zone (net.ParseIP refuses one; ParseAddr takes it on IPv6), or
 * undefined. What Go code checks an address with outside net/netip, e.g. net/mail's domain literals.
 */
export function netParseIP(s: string): Addr | undefined {
  const parsed = parseAddr(s);
  return parsed.ok && parsed.value.zone === '' ? parsed.value : undefined;
}

export interface Prefix {
  addr: Addr;
  bits: number;
}

export function parsePrefix(s: string): Parsed<Prefix> {
  const fail = (msg: string): Parsed<Prefix> => ({ ok: false, error: `netip.ParsePrefix(${goQuote(s)}): ${msg}` });
  const slash = s.lastIndexOf('/');
  if (slash < 0) return fail("no '/'");
  const addr = parseAddr(s.slice(0, slash));
  if (!addr.ok) return fail(addr.error);
  if (addr.value.bytes.length === 16 && addr.value.zone !== '') return fail('IPv6 zones cannot be present in a prefix');
  const bitsText = s.slice(slash + 1);
  if (bitsText.length > 1 && (bitsText[0] as string < '1' || bitsText[0] as string > '9')) return fail(`bad bits after slash: ${goQuote(bitsText)}`);
  if (!/^[+-]?[0-9]+$/.test(bitsText)) return fail(`bad bits after slash: ${goQuote(bitsText)}`);
  const bits = Number(bitsText);
  const max = addr.value.bytes.length * 8;
  if (bits < 0 || bits > max) return fail('prefix length out of range');
  return { ok: true, value: { addr: addr.value, bits } };
}

export function is4(a: Addr): boolean {
  return a.bytes.length === 4;
}

export function is4In6(a: Addr): boolean {
  const b = a.bytes;
  return b.length === 16 && b.slice(0, 10).every((x) => x === 0) && b[10] === 0xff && b[11] === 0xff;
}

function u16(a: Addr, i: number): number {
  return ((a.bytes[2 * i] as number) << 8) | (a.bytes[2 * i + 1] as number);
}

export function addrString(a: Addr): string {
  if (is4(a)) return [...a.bytes].join('.');
  const zone = a.zone ? `%${a.zone}` : '';
  if (is4In6(a)) return `::ffff:${[...a.bytes.slice(12)].join('.')}${zone}`;
  let zeroStart = 255;
  let zeroEnd = 255;
  for (let i = 0; i < 8; i++) {
    let j = i;
    while (j < 8 && u16(a, j) === 0) j++;
    const l = j - i;
    if (l >= 2 && l > zeroEnd - zeroStart) {
      zeroStart = i;
      zeroEnd = j;
    }
  }
  let out = '';
  for (let i = 0; i < 8; i++) {
    if (i === zeroStart) {
      out += '::';
      i = zeroEnd;
      if (i >= 8) break;
    } else if (i > 0) out += ':';
    out += u16(a, i).toString(16);
  }
  return out + zone;
}

export function sameAddr(a: Addr, b: Addr): boolean {
  return a.zone === b.zone && a.bytes.length === b.bytes.length && a.bytes.every((x, i) => x === b.bytes[i]);
}

export const isUnspecified = (a: Addr): boolean => a.bytes.every((x) => x === 0);
export const isLoopback = (a: Addr): boolean => (is4(a) ? a.bytes[0] === 127 : a.bytes.slice(0, 15).every((x) => x === 0) && a.bytes[15] === 1);
export const isMulticast = (a: Addr): boolean => (is4(a) ? ((a.bytes[0] as number) & 0xf0) === 0xe0 : a.bytes[0] === 0xff);
export const isLinkLocalMulticast = (a: Addr): boolean => (is4(a) ? a.bytes[0] === 224 && a.bytes[1] === 0 && a.bytes[2] === 0 : (u16(a, 0) & 0xff0f) === 0xff02);
export const isLinkLocalUnicast = (a: Addr): boolean => (is4(a) ? a.bytes[0] === 169 && a.bytes[1] === 254 : (u16(a, 0) & 0xffc0) === 0xfe80);

export function isGlobalUnicast(a: Addr): boolean {
  if (is4(a) && (isUnspecified(a) || a.bytes.every((x) => x === 255))) return false;
  return !isUnspecified(a) && !isLoopback(a) && !isMulticast(a) && !isLinkLocalUnicast(a);
}

/** The prefix with the bits past its length cleared (Prefix.Masked). */
export function masked(p: Prefix): Prefix {
  const bytes = new Uint8Array(p.addr.bytes);
  for (let i = 0; i < bytes.length * 8; i++) if (i >= p.bits) bytes[i >> 3] = (bytes[i >> 3] as number) & ~(0x80 >> (i & 7));
  return { addr: { bytes, zone: p.addr.zone }, bits: p.bits };
}

/** Prefix.Contains: same family, no zone, and the first `bits` bits equal. */
export function prefixContains(p: Prefix, a: Addr): boolean {
  if (a.zone !== '' || a.bytes.length !== p.addr.bytes.length) return false;
  for (let i = 0; i < p.bits; i++) {
    const bit = 0x80 >> (i & 7);
    if (((p.addr.bytes[i >> 3] as number) & bit) !== ((a.bytes[i >> 3] as number) & bit)) return false;
  }
  return true;
}

/** Prefix.Overlaps. */
export function prefixOverlaps(p: Prefix, o: Prefix): boolean {
  if (p.addr.bytes.length !== o.addr.bytes.length) return false;
  const bits = Math.min(p.bits, o.bits);
  return prefixContains({ addr: p.addr, bits }, { bytes: o.addr.bytes, zone: '' });
}
