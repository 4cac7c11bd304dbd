/**
 * Kubernetes' IP and CIDR libraries (k8s.io/apiserver pkg/cel/library/ip.go, cidr.go; the types in pkg/cel/ip.go,
 * cidr.go): `ip()`, `isIP()`, `ip.isCanonical()`, the address predicates, `cidr()`, `isCIDR()`, `containsIP()`,
 * `containsCIDR()`, `prefixLength()`, `masked()`, `string()`; IPv4-mapped IPv6 addresses and zones are refused.
 */
import { fn, global, member } from '../decls.js';
import { BOOL, INT, opaque, STRING } from '../types.js';
import { CelError, CelObject, type CelValue, type Result } from '../values.js';
import type { Library } from './library.js';
import { goQuote } from '../../../formats/go-quote.js';
import * as netip from '../../../formats/netip.js';

export const IP_TYPE = opaque('net.IP');
export const CIDR_TYPE = opaque('net.CIDR');

export class IPValue extends CelObject {
  readonly type = IP_TYPE;
  constructor(readonly addr: netip.Addr) {
    super();
  }
  equals(other: CelValue): boolean {
    return other instanceof IPValue && netip.sameAddr(this.addr, other.addr);
  }
  override size(): number {
    return this.addr.bytes.length;
  }
}

export class CIDRValue extends CelObject {
  readonly type = CIDR_TYPE;
  constructor(readonly prefix: netip.Prefix) {
    super();
  }
  equals(other: CelValue): boolean {
    return other instanceof CIDRValue && other.prefix.bits === this.prefix.bits && netip.sameAddr(this.prefix.addr, other.prefix.addr);
  }
  override size(): number {
    return Math.ceil(this.prefix.bits / 8);
  }
}

function parseIP(raw: string): netip.Addr | string {
  const parsed = netip.parseAddr(raw);
  if (!parsed.ok) return `IP Address ${goQuote(raw)} parse error during conversion from string: ${parsed.error}`;
  if (parsed.value.zone !== '') return `IP address ${goQuote(raw)} with zone value is not allowed`;
  if (netip.is4In6(parsed.value)) return `IPv4-mapped IPv6 address ${goQuote(raw)} is not allowed`;
  return parsed.value;
}

function parseCIDR(raw: string): netip.Prefix | string {
  const parsed = netip.parsePrefix(raw);
  if (!parsed.ok) return `network address parse error during conversion from string: ${parsed.error}`;
  if (netip.is4In6(parsed.value.addr)) return `IPv4-mapped IPv6 address ${goQuote(raw)} is not allowed`;
  return parsed.value;
}

function toIP(raw: string): Result {
  const ip = parseIP(raw);
  return typeof ip === 'string' ? new CelError(ip) : new IPValue(ip);
}

function toCIDR(raw: string): Result {
  const cidr = parseCIDR(raw);
  return typeof cidr === 'string' ? new CelError(`network address parse error during conversion from string: ${cidr}`) : new CIDRValue(cidr);
}

const ip = (v: CelValue | undefined): netip.Addr => (v as IPValue).addr;
const cidr = (v: CelValue | undefined): netip.Prefix => (v as CIDRValue).prefix;

function containsIP(c: netip.Prefix, other: Result): Result {
  return other instanceof CelError ? other : netip.prefixContains(c, (other as IPValue).addr);
}

function containsCIDR(c: netip.Prefix, other: Result): Result {
  if (other instanceof CelError) return other;
  const o = (other as CIDRValue).prefix;
  return netip.prefixOverlaps(c, o) && c.bits <= o.bits;
}

const predicate = (name: string, id: string, test: (a: netip.Addr) => boolean) => fn(name, member(id, [IP_TYPE], BOOL, ([a]) => test(ip(a))));

export const ipLibrary: Library = {
  name: 'kubernetes.net.ip',
  types: [IP_TYPE],
  functions: [
    fn('ip', global('string_to_ip', [STRING], IP_TYPE, ([s]) => toIP(s as string))),
    fn('family', member('ip_family', [IP_TYPE], INT, ([a]) => (netip.is4(ip(a)) ? 4n : 6n))),
    fn('ip.isCanonical', global('ip_is_canonical', [STRING], BOOL, ([s]) => {
      const parsed = parseIP(s as string);
      return typeof parsed === 'string' ? new CelError(parsed) : netip.addrString(parsed) === s;
    })),
    predicate('isUnspecified', 'ip_is_unspecified', netip.isUnspecified),
    predicate('isLoopback', 'ip_is_loopback', netip.isLoopback),
    predicate('isLinkLocalMulticast', 'ip_is_link_local_multicast', netip.isLinkLocalMulticast),
    predicate('isLinkLocalUnicast', 'ip_is_link_local_unicast', netip.isLinkLocalUnicast),
    predicate('isGlobalUnicast', 'ip_is_global_unicast', netip.isGlobalUnicast),
    fn('isIP', global('is_ip', [STRING], BOOL, ([s]) => typeof parseIP(s as string) !== 'string')),
    fn('string', global('ip_to_string', [IP_TYPE], STRING, ([a]) => netip.addrString(ip(a)))),
  ],
};

export const cidrLibrary: Library = {
  name: 'kubernetes.net.cidr',
  types: [CIDR_TYPE],
  functions: [
    fn('cidr', global('string_to_cidr', [STRING], CIDR_TYPE, ([s]) => toCIDR(s as string))),
    fn(
      'containsIP',
      member('cidr_contains_ip_string', [CIDR_TYPE, STRING], BOOL, ([c, s]) => containsIP(cidr(c), toIP(s as string))),
      member('cidr_contains_ip_ip', [CIDR_TYPE, IP_TYPE], BOOL, ([c, a]) => containsIP(cidr(c), a as CelValue)),
    ),
    fn(
      'containsCIDR',
      member('cidr_contains_cidr_string', [CIDR_TYPE, STRING], BOOL, ([c, s]) => containsCIDR(cidr(c), toCIDR(s as string))),
      member('cidr_contains_cidr', [CIDR_TYPE, CIDR_TYPE], BOOL, ([c, o]) => containsCIDR(cidr(c), o as CelValue)),
    ),
    fn('ip', member('cidr_ip', [CIDR_TYPE], IP_TYPE, ([c]) => new IPValue(cidr(c).addr))),
    fn('prefixLength', member('cidr_prefix_length', [CIDR_TYPE], INT, ([c]) => BigInt(cidr(c).bits))),
    fn('masked', member('cidr_masked', [CIDR_TYPE], CIDR_TYPE, ([c]) => new CIDRValue(netip.masked(cidr(c))))),
    fn('isCIDR', global('is_cidr', [STRING], BOOL, ([s]) => typeof parseCIDR(s as string) !== 'string')),
    fn('string', global('cidr_to_string', [CIDR_TYPE], STRING, ([c]) => `${netip.addrString(cidr(c).addr)}/${cidr(c).bits}`)),
  ],
};
