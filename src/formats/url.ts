/**
 * URLs the way Go's `net/url.Parse` sees them (the platform and Dex are Go), plus host:port values and password
 * redaction. {@link parseGoUrl} reads the one port of Go's parser (go-url.ts) and hands the rules its parts as text.
 */
import { hostnameOf, isRefusal, parseURL, portOf, textOf } from "./go-url.js";
import type { ParseResult } from "./parse-result.js";
import { memoizeByString } from "./memo.js";

export { isLocalhost, schemePrefix, splitHostPort, type HostPortResult } from "./host-port.js";
export {
  connectionPasswords,
  connectionPasswordSpans,
  inlineConnectionPasswords,
  isInlinePassword,
  mayHoldConnectionPassword,
  redactUrlPassword,
  REDACTED,
  type PasswordPlace,
  type PasswordSpan,
} from "./connection-password.js";

/** The parts of a URL as Go's parser reads them, as text. */
export interface UrlParts {
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

export type UrlPartsResult = ParseResult<{ url: UrlParts }>;

/**
 * Go's `url.Parse(rawURL)`. Remembered by string: a repository writes the same URLs in file after file.
 * The results are shared: callers read them and never change them.
 */
export const parseGoUrl: (rawURL: string) => UrlPartsResult = memoizeByString(parseGoUrlOnce);

function parseGoUrlOnce(rawURL: string): UrlPartsResult {
  if (typeof rawURL !== "string") return { ok: false, reason: "not a string" };
  const go = parseURL(rawURL);
  if (isRefusal(go)) return { ok: false, reason: go.refused };
  const url: UrlParts = {
    scheme: go.scheme,
    opaque: textOf(go.opaque),
    hasUserInfo: go.user !== undefined,
    username: textOf(go.user?.username ?? ""),
    password: go.user?.password === undefined ? null : textOf(go.user.password),
    host: textOf(go.host),
    hostname: hostnameOf(go),
    port: portOf(go),
    path: textOf(go.path),
    rawQuery: textOf(go.rawQuery),
    forceQuery: go.forceQuery,
    hasFragment: rawURL.includes("#"),
    fragment: textOf(go.fragment),
  };
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
  go: UrlParts;
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

