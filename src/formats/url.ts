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
import type { ParseResult } from "./parse-result.js";
import { isIPv6 } from "./ip.js";
import { memoizeByString } from "./memo.js";

export { connectionPasswords, isLocalhost, splitHostPort, redactUrlPassword, REDACTED, type HostPortResult } from "./host-port.js";

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

export type GoUrlResult = ParseResult<{ url: GoUrl }>;

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

/**
 * Port of Go's `url.Parse(rawURL)`. Remembered by string: a repository writes the same URLs in file after file.
 * The results are shared: callers read them and never change them.
 */
export const parseGoUrl: (rawURL: string) => GoUrlResult = memoizeByString(parseGoUrlOnce);

function parseGoUrlOnce(rawURL: string): GoUrlResult {
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

export type AbsoluteUrlResult = ParseResult<{
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
}>;

/**
 * An absolute URL: Go's `url.Parse` succeeds, `IsAbs()` (scheme present) and
 * the host is non-empty (`https://x`). `mailto:x`, `/path`, `https:///x` and
 * `https://:443` are not absolute in this sense.
 *
 * Remembered by string, like {@link parseGoUrl}.
 */
export const parseAbsoluteUrl: (s: string) => AbsoluteUrlResult = memoizeByString(parseAbsoluteUrlOnce);

const NOT_ABSOLUTE = "not an absolute URL: ";

/** What is wrong with a URL {@link parseAbsoluteUrl} refused, without its "not an absolute URL: " lead (for messages that say so). */
export function absoluteUrlProblem(reason: string): string {
  return reason.startsWith(NOT_ABSOLUTE) ? reason.slice(NOT_ABSOLUTE.length) : reason;
}

function parseAbsoluteUrlOnce(s: string): AbsoluteUrlResult {
  const r = parseGoUrl(s);
  if (!r.ok) return { ok: false, reason: r.reason };
  const g = r.url;
  if (g.scheme === "") return { ok: false, reason: `${NOT_ABSOLUTE}missing scheme (e.g. https://)` };
  if (g.opaque !== "" || g.hostname === "") {
    return { ok: false, reason: `${NOT_ABSOLUTE}missing host (expected scheme://host/...)` };
  }
  return {
    ok: true,
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

