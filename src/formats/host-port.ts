/**
 * Hosts and addresses as Go sees them: loopback hosts, `net.SplitHostPort`, and masking the password in a
 * connection string before it is shown. (The URL parser itself is url.ts.)
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

export const REDACTED = "****";

/** Where a connection string writes a password: a user info (`user:password@`), or a `password=` pair. */
export type PasswordPlace = "userinfo" | "pair";

/** A function given each password of a connection string, as written (a pair's quotes included), and its place. */
type PasswordReplacer = (password: string, place: PasswordPlace) => string;

/**
 * `tok`, the text after `scheme://` up to white space, with its user info's password replaced. Errs on the side of
 * taking too much for the password: it may itself contain `@`, `/`, `?` or `#` (which Go's parser would mis-split),
 * and must never leak.
 */
function replaceAfterScheme(tok: string, replace: PasswordReplacer): string {
  const firstColon = tok.indexOf(":");
  if (firstColon < 0) return tok;
  const user = tok.slice(0, firstColon);
  if (/[/?#@]/.test(user)) return tok; // the colon is not in a user info
  // The last '@' that is not inside a query or fragment, else the last one.
  const lastAt = tok.lastIndexOf("@");
  if (lastAt < 0) return tok;
  const query = tok.search(/[?#]/);
  const beforeQuery = query < 0 ? lastAt : tok.lastIndexOf("@", query);
  const chosen = beforeQuery >= 0 ? beforeQuery : lastAt;
  // host:port/path@... : the "password" is really a port followed by a path.
  if (/^[0-9]*\//.test(tok.slice(firstColon + 1, chosen))) return tok;
  return user + ":" + replace(tok.slice(firstColon + 1, chosen), "userinfo") + tok.slice(chosen);
}

const SCHEME_CHAR = /[A-Za-z0-9+.-]/;
const LETTER = /[A-Za-z]/;

/**
 * Each `scheme://` of a string with what follows it up to white space, replaced: what
 * /([A-Za-z][A-Za-z0-9+.-]*:\/\/)(\S*)/g finds, found from each "://" and walked back, since that pattern retries
 * at every letter of a long run and so takes time quadratic in it. Undefined when the string has none.
 */
function replaceSchemes(s: string, replace: (scheme: string, rest: string) => string): string | undefined {
  let out = "";
  let from = 0;
  for (let at = s.indexOf("://"); at >= 0; at = s.indexOf("://", Math.max(at + 1, from))) {
    let start = at;
    while (start > from && SCHEME_CHAR.test(s[start - 1] as string)) start--;
    while (start < at && !LETTER.test(s[start] as string)) start++;
    if (start === at) continue;
    let end = at + 3;
    while (end < s.length && !/\s/.test(s[end] as string)) end++;
    out += s.slice(from, start) + replace(s.slice(start, at + 3), s.slice(at + 3, end));
    from = end;
  }
  return from === 0 ? undefined : out + s.slice(from);
}

/**
 * The one reading of the passwords a connection string holds: the user info of every `scheme://` occurrence (also
 * Go-MySQL's `mysql://user:password@tcp(host:3306)/db`), or of a Go-MySQL DSN without a scheme
 * (`user:password@tcp(host)/db`), then the `password=...` pairs of what that left (libpq style, and query
 * parameters). Returns the string with each replaced by what `replace` makes of it.
 */
export function replaceConnectionPasswords(s: string, replace: PasswordReplacer): string {
  let out = s;
  const withSchemes = replaceSchemes(out, (scheme, tok) => scheme + replaceAfterScheme(tok, replace));
  if (withSchemes !== undefined) {
    out = withSchemes;
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
        out = userinfo.slice(0, colon + 1) + replace(userinfo.slice(colon + 1), "userinfo") + out.slice(at);
      }
    }
  }
  // key=value DSNs: password=secret / password='se cret'
  return out.replace(/(\bpassword\s*=\s*)('(?:[^'\\]|\\.)*'|[^\s;&]*)/gi, (_m, k: string, v: string) => k + replace(v, "pair"));
}

/**
 * Replace the password of any URL user info in `s` with `****`
 * (`postgres://user:secret@db/x` -> `postgres://user:****@db/x`), and of the
 * other places `replaceConnectionPasswords` reads. The user name is kept; an
 * empty `password=` stays empty. A string without a password is returned
 * unchanged. When in doubt (a password containing `@`, `/`, `?`, `#`) more is
 * hidden rather than less.
 */
export function redactUrlPassword(s: string): string {
  if (typeof s !== "string") return s;
  return replaceConnectionPasswords(s, (password, place) => (place === "pair" && password === "" ? "" : REDACTED));
}

/** The passwords a connection string holds, where `redactUrlPassword` masks them; a pair's value without its quotes. */
export function connectionPasswords(s: string): string[] {
  const out: string[] = [];
  replaceConnectionPasswords(s, (password, place) => {
    out.push(place === "pair" && password.length >= 2 && password.startsWith("'") && password.endsWith("'") ? password.slice(1, -1) : password);
    return password;
  });
  return out;
}
