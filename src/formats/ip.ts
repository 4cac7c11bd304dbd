/**
 * IP address syntax as Node's `net.isIP` checks it (lib/internal/net.js of Node 20, its regular expressions copied
 * unchanged), which is what platlint checked addresses with before its core had to run outside Node. IPv6 takes a
 * zone (`fe80::1%eth0`).
 */

const V4_SEGMENT = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])';
/** An IPv4 address, unanchored: also what the CEL twins of rules write in their RE2 expressions. */
export const IPV4_PATTERN = `(?:${V4_SEGMENT}\\.){3}${V4_SEGMENT}`;
const IPV4 = new RegExp(`^${IPV4_PATTERN}$`);

const V4 = IPV4_PATTERN;
const V6_SEGMENT = '(?:[0-9a-fA-F]{1,4})';
/** An IPv6 address without its zone, unanchored (RE2 takes it as well). */
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
const IPV6 = new RegExp(`^${IPV6_PATTERN}(?:%[0-9a-zA-Z-.:]{1,})?$`);

export function isIPv4(text: string): boolean {
  return IPV4.test(text);
}

export function isIPv6(text: string): boolean {
  return IPV6.test(text);
}

/** 4 for an IPv4 address, 6 for an IPv6 one, 0 for neither. */
export function ipVersion(text: string): 0 | 4 | 6 {
  return isIPv4(text) ? 4 : isIPv6(text) ? 6 : 0;
}
