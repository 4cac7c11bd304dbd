/**
 * IP addresses as regular expressions, for what cannot call a parser: the CEL twins of rules write them into their
 * RE2 `matches()` (Kubernetes' `isIP()` is not in every version they target). Without a zone, they accept exactly
 * what Go's `net.ParseIP` does (`netParseIP` in netip.ts, which platlint's own checks call; a test compares them).
 * They are the expressions of Node's `net.isIP` (lib/internal/net.js of Node 20), less its zone.
 */

const V4_SEGMENT = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])';
/** An IPv4 address, unanchored. */
export const IPV4_PATTERN = `(?:${V4_SEGMENT}\\.){3}${V4_SEGMENT}`;

const V4 = IPV4_PATTERN;
const V6_SEGMENT = '(?:[0-9a-fA-F]{1,4})';
/** An IPv6 address without its zone, unanchored. */
export const IPV6_PATTERN =
  '(?:' +
  `(?:${V6_SEGMENT}:){7}(?:${V6_SEGMENT}|:)|` +
  `(?:${V6_SEGMENT}:){6}(?:${V4}|:${V6_SEGMENT}|:)|` +
  `(?:${V6_SEGMENT}:){5}(?::${V4}|(?::${V6_SEGMENT}){1,2}|:)|` +
  `(?:${V6_SEGMENT}:){4}(?:(?::${V6_SEGMENT}){0,1}:${V4}|(?::${V6_SEGMENT}){1,3}|:)|` +
  `(?:${V6_SEGMENT}:){3}(?:(?::${V6_SEGMENT}){0,2}:${V4}|(?::${V6_SEGMENT}){1,4}|:)|` +
  `(?:${V6_SEGMENT}:){2}(?:(?::${V6_SEGMENT}){0,3}:${V4}|(?::${V6_SEGMENT}){1,5}|:)|` +
  `(?:${V6_SEGMENT}:){1}(?:(?::${V6_SEGMENT}){0,4}:${V4}|(?::${V6_SEGMENT}){1,6}|:)|` +
  `(?::(?:(?::${V6_SEGMENT}){0,5}:${V4}|(?::${V6_SEGMENT}){1,7}|:))` +
  ')';
