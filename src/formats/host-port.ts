/**
 * Hosts and addresses as Go sees them: loopback hosts and `net.SplitHostPort`. (The URL parser itself is url.ts, the
 * passwords of connection strings connection-password.ts.)
 */
import type { ParseResult } from "./parse-result.js";
import { isDNS1123SubdomainCaseless } from "./k8s-names.js";
import { is4, is4In6, isLoopback, parseAddr } from "./netip.js";

/**
 * Loopback hosts: `localhost` and `*.localhost` (RFC 6761), 127.0.0.0/8,
 * `::1` in any spelling, and IPv4-mapped `::ffff:127.x.y.z`. Accepts a bare
 * host, a bracketed IPv6 host, and ignores a trailing dot, an IPv6 zone and case.
 */
export function isLocalhost(host: string): boolean {
  if (typeof host !== "string") return false;
  let h = host.trim().toLowerCase();
  if (h.startsWith("[") && h.endsWith("]")) h = h.slice(1, -1);
  if (h.endsWith(".")) h = h.slice(0, -1);
  if (h === "localhost" || h.endsWith(".localhost")) return true;
  const parsed = parseAddr(h);
  if (!parsed.ok) return false;
  const addr = parsed.value;
  return is4In6(addr) ? addr.bytes[12] === 127 : isLoopback(addr);
}

/** The `scheme://` a text starts with (a scheme: a letter, then letters, digits, "+", "-" or "."), or "" when none. */
export function schemePrefix(text: string): string {
  return /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(text)?.[0] ?? "";
}

export type HostPortResult = ParseResult<{ host: string; port: number | null; kind: "dns" | "ipv4" | "ipv6" }>;

/**
 * A `host[:port]` value such as `platformHost`: no scheme, no path, query or
 * fragment, no user info; host is a DNS name (RFC 1123 subdomain, any case),
 * an IPv4 address or a bracketed IPv6 address; the optional port is 1-65535.
 */
export function splitHostPort(s: string): HostPortResult {
  if (typeof s !== "string" || s === "") return { ok: false, reason: "must not be empty" };
  if (schemePrefix(s)) {
    return { ok: false, reason: "must be a host name (and optional port) without a scheme such as https://" };
  }
  if (/\s/.test(s)) return { ok: false, reason: "must not contain white space" };
  if (s.includes("/")) return { ok: false, reason: "must not contain a path ('/')" };
  if (s.includes("?") || s.includes("#")) return { ok: false, reason: "must not contain a query or fragment" };
  if (s.includes("@")) return { ok: false, reason: "must not contain user info ('@')" };

  let host: string;
  let portStr: string | null = null;
  let kind: "dns" | "ipv4" | "ipv6";
  if (s.startsWith("[")) {
    const close = s.indexOf("]");
    if (close < 0) return { ok: false, reason: "missing ']' in IPv6 host" };
    host = s.slice(1, close);
    const after = s.slice(close + 1);
    if (after !== "") {
      if (!after.startsWith(":")) return { ok: false, reason: `unexpected ${JSON.stringify(after)} after IPv6 host` };
      portStr = after.slice(1);
    }
    const addr = parseAddr(host);
    if (!addr.ok || is4(addr.value)) return { ok: false, reason: `${JSON.stringify(host)} is not a valid IPv6 address` };
    kind = "ipv6";
  } else {
    const colons = s.split(":").length - 1;
    if (colons > 1) {
      return { ok: false, reason: "an IPv6 address must be written in brackets, e.g. [::1]:8443" };
    }
    const colon = s.indexOf(":");
    host = colon >= 0 ? s.slice(0, colon) : s;
    if (colon >= 0) portStr = s.slice(colon + 1);
    if (host === "") return { ok: false, reason: "missing host name" };
    const addr = parseAddr(host);
    if (addr.ok && is4(addr.value)) {
      kind = "ipv4";
    } else {
      const errs = isDNS1123SubdomainCaseless(host);
      if (errs.length > 0) return { ok: false, reason: errs.join("; ") };
      kind = "dns";
    }
  }
  let port: number | null = null;
  if (portStr !== null) {
    if (!/^[0-9]+$/.test(portStr)) return { ok: false, reason: `invalid port ${JSON.stringify(portStr)}: must be a number 1-65535` };
    port = Number(portStr);
    if (port < 1 || port > 65535) return { ok: false, reason: `invalid port ${portStr}: must be between 1 and 65535, inclusive` };
  }
  return { ok: true, host, port, kind };
}
