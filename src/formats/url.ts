/**
 * URLs the way Go's `net/url.Parse` sees them (the platform and Dex are Go),
 * plus host:port values and password redaction.
 *
 * {@link parseGoUrl} ports `url.Parse` (`parse`, `getScheme`,
 * `parseAuthority`, `parseHost`, `validUserinfo`, `unescape` validation,
 * `validOptionalPort`): it rejects ASCII control characters, a leading `:`
 * ("missing protocol scheme"), bad `%` escapes, invalid user info characters,
 * invalid host characters (space, `{`, `}`, `|`, `\`, `^`, `` ` ``, `%XX` of
 * an ASCII byte other than `%25`), a non-numeric port, a bracketed host that
 * is not an IPv6 address (newer Go), and a colon in the first segment of a
 * relative path.
 */
import { isIPv4, isIPv6 } from "node:net";
import { isDNS1123SubdomainCaseless } from "./k8s-names.js";

export interface GoUrl {
  /** Lower-cased, as Go stores it; "" when relative. */
  scheme: string;
  /** Set for "rootless" URLs like `mailto:x@y` (scheme, no leading slash). */
  opaque: string;
  hasUserInfo: boolean;
  username: string;
  password: string | null;
  /** Go's `u.Host`: host and optional `:port`, brackets kept for IPv6. */
  host: string;
  /** Go's `u.Hostname()`: host without port and brackets. */
  hostname: string;
  /** Go's `u.Port()`: "" when absent. */
  port: string;
  /** Decoded path. */
  path: string;
  rawQuery: string;
  forceQuery: boolean;
  /** The input contained `#` (even with an empty fragment). */
  hasFragment: boolean;
  fragment: string;
}

export type GoUrlResult = { ok: true; url: GoUrl } | { ok: false; reason: string };

function isHex(c: string | undefined): boolean {
  return c !== undefined && /^[0-9A-Fa-f]$/.test(c);
}

function unhex(c: string): number {
  return parseInt(c, 16);
}

type EncodeMode = "path" | "host" | "zone" | "userPassword" | "fragment";

/** Go's `shouldEscape` for the host/zone modes (the only ones that reject). */
function shouldEscapeHost(c: string): boolean {
  if (/^[A-Za-z0-9]$/.test(c)) return false;
  switch (c) {
    case "!": case "$": case "&": case "'": case "(": case ")": case "*": case "+": case ",":
    case ";": case "=": case ":": case "[": case "]": case "<": case ">": case '"':
    case "-": case "_": case ".": case "~":
      return false;
    default:
      return true;
  }
}

const utf8Decoder = new TextDecoder("utf-8", { fatal: false });

/** Go's `unescape(s, mode)`; returns the decoded string or an error text. */
function goUnescape(s: string, mode: EncodeMode): { value: string } | { error: string } {
  // Validation pass (mirrors the first loop of Go's unescape).
  for (let i = 0; i < s.length; ) {
    const c = s[i] as string;
    if (c === "%") {
      if (i + 2 >= s.length || !isHex(s[i + 1]) || !isHex(s[i + 2])) {
        let bad = s.slice(i);
        if (bad.length > 3) bad = bad.slice(0, 3);
        return { error: `invalid URL escape ${JSON.stringify(bad)}` };
      }
      if (mode === "host" && unhex(s[i + 1] as string) < 8 && s.slice(i, i + 3) !== "%25") {
        return { error: `invalid URL escape ${JSON.stringify(s.slice(i, i + 3))}` };
      }
      if (mode === "zone") {
        const v = (unhex(s[i + 1] as string) << 4) | unhex(s[i + 2] as string);
        if (s.slice(i, i + 3) !== "%25" && v !== 0x20 && shouldEscapeHost(String.fromCharCode(v))) {
          return { error: `invalid URL escape ${JSON.stringify(s.slice(i, i + 3))}` };
        }
      }
      i += 3;
    } else {
      if ((mode === "host" || mode === "zone") && c.charCodeAt(0) < 0x80 && shouldEscapeHost(c)) {
        return { error: `invalid character ${JSON.stringify(c)} in host name` };
      }
      i++;
    }
  }
  // Decode %XX sequences as UTF-8 bytes.
  if (!s.includes("%")) return { value: s };
  const bytes: number[] = [];
  const enc = new TextEncoder();
  for (let i = 0; i < s.length; ) {
    if (s[i] === "%") {
      bytes.push((unhex(s[i + 1] as string) << 4) | unhex(s[i + 2] as string));
      i += 3;
    } else {
      const cp = s.codePointAt(i) ?? 0;
      const w = cp > 0xffff ? 2 : 1;
      for (const b of enc.encode(s.slice(i, i + w))) bytes.push(b);
      i += w;
    }
  }
  return { value: utf8Decoder.decode(new Uint8Array(bytes)) };
}

function validOptionalPort(port: string): boolean {
  if (port === "") return true;
  if (port[0] !== ":") return false;
  return /^[0-9]*$/.test(port.slice(1));
}

function validUserinfo(s: string): boolean {
  return /^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(s);
}

function parseHost(host: string): { host: string } | { error: string } {
  if (host.startsWith("[")) {
    const i = host.lastIndexOf("]");
    if (i < 0) return { error: "missing ']' in host" };
    const colonPort = host.slice(i + 1);
    if (!validOptionalPort(colonPort)) return { error: `invalid port ${JSON.stringify(colonPort)} after host` };
    const inner = host.slice(1, i);
    const zone = inner.indexOf("%25");
    const addr = zone >= 0 ? inner.slice(0, zone) : inner;
    // Newer Go (CVE-2025-47912 fix) requires a real IPv6 address in brackets.
    if (!isIPv6(addr)) return { error: `invalid IPv6 host ${JSON.stringify(inner)}` };
    if (zone >= 0) {
      const h1 = goUnescape(host.slice(0, zone + 1), "host");
      if ("error" in h1) return h1;
      const h2 = goUnescape(host.slice(zone + 1, i), "zone");
      if ("error" in h2) return h2;
      const h3 = goUnescape(host.slice(i), "host");
      if ("error" in h3) return h3;
      return { host: h1.value + h2.value + h3.value };
    }
  } else {
    const i = host.lastIndexOf(":");
    if (i !== -1) {
      const colonPort = host.slice(i);
      if (!validOptionalPort(colonPort)) return { error: `invalid port ${JSON.stringify(colonPort)} after host` };
    }
  }
  const r = goUnescape(host, "host");
  if ("error" in r) return r;
  return { host: r.value };
}

function splitGoHostPort(host: string): { hostname: string; port: string } {
  // Go's URL.Hostname() / URL.Port().
  let hostname = host;
  let port = "";
  const colon = host.lastIndexOf(":");
  if (colon !== -1 && validOptionalPort(host.slice(colon))) {
    hostname = host.slice(0, colon);
    port = host.slice(colon + 1);
  }
  if (hostname.startsWith("[") && hostname.endsWith("]")) hostname = hostname.slice(1, -1);
  return { hostname, port };
}

/** Port of Go's `url.Parse(rawURL)`. */
export function parseGoUrl(rawURL: string): GoUrlResult {
  if (typeof rawURL !== "string") return { ok: false, reason: "not a string" };
  const hashAt = rawURL.indexOf("#");
  const u = hashAt >= 0 ? rawURL.slice(0, hashAt) : rawURL;
  const frag = hashAt >= 0 ? rawURL.slice(hashAt + 1) : "";

  // parse(u, viaRequest=false)
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f]/.test(rawURL)) return { ok: false, reason: "net/url: invalid control character in URL" };
  const url: GoUrl = {
    scheme: "",
    opaque: "",
    hasUserInfo: false,
    username: "",
    password: null,
    host: "",
    hostname: "",
    port: "",
    path: "",
    rawQuery: "",
    forceQuery: false,
    hasFragment: hashAt >= 0,
    fragment: "",
  };
  if (u === "*") {
    url.path = "*";
  } else {
    // getScheme
    let rest = u;
    for (let i = 0; i < u.length; i++) {
      const c = u[i] as string;
      if (/[A-Za-z]/.test(c)) continue;
      if (/[0-9+\-.]/.test(c)) {
        if (i === 0) break;
        continue;
      }
      if (c === ":") {
        if (i === 0) return { ok: false, reason: "missing protocol scheme" };
        url.scheme = u.slice(0, i).toLowerCase();
        rest = u.slice(i + 1);
      }
      break;
    }

    if (rest.endsWith("?") && rest.split("?").length - 1 === 1) {
      url.forceQuery = true;
      rest = rest.slice(0, -1);
    } else {
      const q = rest.indexOf("?");
      if (q >= 0) {
        url.rawQuery = rest.slice(q + 1);
        rest = rest.slice(0, q);
      }
    }

    let opaque = false;
    if (!rest.startsWith("/")) {
      if (url.scheme !== "") {
        url.opaque = rest;
        opaque = true;
      } else {
        const seg = rest.split("/")[0] ?? "";
        if (seg.includes(":")) return { ok: false, reason: "first path segment in URL cannot contain colon" };
      }
    }
    if (!opaque) {
      if ((url.scheme !== "" || !rest.startsWith("///")) && rest.startsWith("//")) {
        let authority = rest.slice(2);
        rest = "";
        const slash = authority.indexOf("/");
        if (slash >= 0) {
          rest = authority.slice(slash);
          authority = authority.slice(0, slash);
        }
        // parseAuthority
        const at = authority.lastIndexOf("@");
        const h = parseHost(at < 0 ? authority : authority.slice(at + 1));
        if ("error" in h) return { ok: false, reason: h.error };
        url.host = h.host;
        if (at >= 0) {
          const userinfo = authority.slice(0, at);
          if (!validUserinfo(userinfo)) return { ok: false, reason: "net/url: invalid userinfo" };
          url.hasUserInfo = true;
          const colon = userinfo.indexOf(":");
          const user = goUnescape(colon < 0 ? userinfo : userinfo.slice(0, colon), "userPassword");
          if ("error" in user) return { ok: false, reason: user.error };
          url.username = user.value;
          if (colon >= 0) {
            const pw = goUnescape(userinfo.slice(colon + 1), "userPassword");
            if ("error" in pw) return { ok: false, reason: pw.error };
            url.password = pw.value;
          }
        }
        const hp = splitGoHostPort(url.host);
        url.hostname = hp.hostname;
        url.port = hp.port;
      }
      const p = goUnescape(rest, "path");
      if ("error" in p) return { ok: false, reason: p.error };
      url.path = p.value;
    }
  }
  if (frag !== "") {
    const f = goUnescape(frag, "fragment");
    if ("error" in f) return { ok: false, reason: f.error };
    url.fragment = f.value;
  }
  return { ok: true, url };
}

export type AbsoluteUrlResult =
  | {
      ok: true;
      /** WHATWG parse of the same string, or null where WHATWG rejects what Go accepts. */
      url: URL | null;
      scheme: string;
      /** Host name without port or IPv6 brackets (Go's `Hostname()`). */
      host: string;
      /** Port digits, "" when absent. */
      port: string;
      path: string;
      hasUserInfo: boolean;
      hasQuery: boolean;
      hasFragment: boolean;
      go: GoUrl;
    }
  | { ok: false; reason: string };

/**
 * An absolute URL: Go's `url.Parse` succeeds, `IsAbs()` (scheme present) and
 * the host is non-empty (`https://x`). `mailto:x`, `/path`, `https:///x` and
 * `https://:443` are not absolute in this sense.
 */
export function parseAbsoluteUrl(s: string): AbsoluteUrlResult {
  const r = parseGoUrl(s);
  if (!r.ok) return { ok: false, reason: r.reason };
  const g = r.url;
  if (g.scheme === "") return { ok: false, reason: "not an absolute URL: missing scheme (e.g. https://)" };
  if (g.opaque !== "" || g.hostname === "") {
    return { ok: false, reason: "not an absolute URL: missing host (expected scheme://host/...)" };
  }
  let whatwg: URL | null = null;
  try {
    whatwg = new URL(s);
  } catch {
    whatwg = null;
  }
  return {
    ok: true,
    url: whatwg,
    scheme: g.scheme,
    host: g.hostname,
    port: g.port,
    path: g.path,
    hasUserInfo: g.hasUserInfo,
    hasQuery: g.rawQuery !== "" || g.forceQuery,
    hasFragment: g.hasFragment,
    go: g,
  };
}

/** An absolute `http://` or `https://` URL with a host. */
export function isHttpUrl(s: string): boolean {
  const r = parseAbsoluteUrl(s);
  return r.ok && (r.scheme === "http" || r.scheme === "https");
}

function ipv4Octets(s: string): number[] | null {
  if (!isIPv4(s)) return null;
  return s.split(".").map(Number);
}

/**
 * Loopback hosts: `localhost` and `*.localhost` (RFC 6761), 127.0.0.0/8,
 * `::1` in any spelling, and IPv4-mapped `::ffff:127.x.y.z`. Accepts a bare
 * host, a bracketed IPv6 host, and ignores a trailing dot and case.
 */
export function isLocalhost(host: string): boolean {
  if (typeof host !== "string") return false;
  let h = host.trim().toLowerCase();
  if (h.startsWith("[") && h.endsWith("]")) h = h.slice(1, -1);
  if (h.endsWith(".")) h = h.slice(0, -1);
  if (h === "localhost" || h.endsWith(".localhost")) return true;
  const v4 = ipv4Octets(h);
  if (v4) return v4[0] === 127;
  const zone = h.indexOf("%");
  if (zone >= 0) h = h.slice(0, zone);
  if (isIPv6(h)) {
    let canonical: string;
    try {
      canonical = new URL(`http://[${h}]/`).hostname;
    } catch {
      return false;
    }
    if (canonical === "[::1]") return true;
    const mapped = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/.exec(canonical);
    if (mapped) return parseInt(mapped[1] ?? "0", 16) >> 8 === 127;
  }
  return false;
}

export type HostPortResult =
  | { ok: true; host: string; port: number | null; kind: "dns" | "ipv4" | "ipv6" }
  | { ok: false; reason: string };

/**
 * A `host[:port]` value such as `platformHost`: no scheme, no path, query or
 * fragment, no user info; host is a DNS name (RFC 1123 subdomain, any case),
 * an IPv4 address or a bracketed IPv6 address; the optional port is 1-65535.
 */
export function splitHostPort(s: string): HostPortResult {
  if (typeof s !== "string" || s === "") return { ok: false, reason: "must not be empty" };
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(s)) {
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
    if (!isIPv6(host)) return { ok: false, reason: `${JSON.stringify(host)} is not a valid IPv6 address` };
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
    if (isIPv4(host)) {
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

export const REDACTED = "****";

/**
 * Redact the password in `tok`, the text after `scheme://` up to white space.
 * Errs on the side of hiding too much: the password may itself contain `@`,
 * `/`, `?` or `#` (which Go's parser would mis-split), and must never leak.
 */
function redactAfterScheme(tok: string): string {
  const firstColon = tok.indexOf(":");
  if (firstColon < 0) return tok;
  const user = tok.slice(0, firstColon);
  if (/[/?#@]/.test(user)) return tok; // the colon is not in a user info
  const ats: number[] = [];
  for (let i = tok.indexOf("@", firstColon); i >= 0; i = tok.indexOf("@", i + 1)) ats.push(i);
  if (ats.length === 0) return tok;
  // Prefer the last '@' that is not inside a query or fragment.
  let chosen = -1;
  for (let k = ats.length - 1; k >= 0; k--) {
    const at = ats[k] as number;
    if (!/[?#]/.test(tok.slice(0, at))) {
      chosen = at;
      break;
    }
  }
  if (chosen < 0) chosen = ats[ats.length - 1] as number;
  // host:port/path@... : the "password" is really a port followed by a path.
  if (/^[0-9]*\//.test(tok.slice(firstColon + 1, chosen))) return tok;
  return user + ":" + REDACTED + tok.slice(chosen);
}

/**
 * Replace the password of any URL user info in `s` with `****`
 * (`postgres://user:secret@db/x` -> `postgres://user:****@db/x`), in every
 * `scheme://` occurrence of the string. Also covers Go-MySQL-style DSNs
 * without a scheme (`user:secret@tcp(host:3306)/db`) and `password=...`
 * key/value pairs (libpq style, and query parameters). The user name is kept.
 * A string without a password is returned unchanged. When in doubt (a
 * password containing `@`, `/`, `?`, `#`) more is hidden rather than less.
 */
export function redactUrlPassword(s: string): string {
  if (typeof s !== "string") return s;
  let out = s;
  if (/[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(out)) {
    out = out.replace(/([A-Za-z][A-Za-z0-9+.-]*:\/\/)(\S*)/g, (_m, scheme: string, tok: string) => scheme + redactAfterScheme(tok));
  } else {
    // DSN without scheme: user:password@proto(addr)/dbname (the driver splits
    // at the last '/' and then at the last '@').
    const lastSlash = out.lastIndexOf("/");
    const base = lastSlash >= 0 ? out.slice(0, lastSlash) : out;
    const at = base.lastIndexOf("@");
    if (at > 0) {
      const userinfo = base.slice(0, at);
      const colon = userinfo.indexOf(":");
      if (colon >= 0 && !/\s/.test(userinfo)) {
        out = userinfo.slice(0, colon + 1) + REDACTED + out.slice(at);
      }
    }
  }
  // key=value DSNs: password=secret / password='se cret'
  out = out.replace(/(\bpassword\s*=\s*)('(?:[^'\\]|\\.)*'|[^\s;&]*)/gi, (_m, k: string, v: string) =>
    v === "" ? k : k + REDACTED,
  );
  return out;
}
