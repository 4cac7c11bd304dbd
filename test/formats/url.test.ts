import { describe, expect, it } from "vitest";
import {
  isHttpUrl,
  isLocalhost,
  absoluteUrlProblem,
  parseAbsoluteUrl,
  parseGoUrl,
  redactUrlPassword,
  splitHostPort,
} from "../../src/formats/index.js";

// No upstream table was required for URLs; these cases follow Go's
// net/url.Parse source (see src/formats/url.ts) and the rule catalog.

describe("parseGoUrl (Go url.Parse)", () => {
  it.each([
    "https://example.com",
    "https://example.com/auth/oidc/callback",
    "http://user:p%40ss@host:8080/p?q=1#f",
    "https://[::1]:8443/x",
    "https://[fe80::1%25en0]/",
    "mailto:a@b.c",
    "/relative/path",
    "relative",
    "*",
    "https://example.com/a b", // Go accepts a space in the path
    "https://host:/", // empty port is valid in Go
    "HTTPS://EXAMPLE.com",
  ])("accepts %s", (s) => expect(parseGoUrl(s).ok).toBe(true));

  // Go's current net/url.parseHost: only an IPv6 address in brackets, checked by netip.ParseAddr (CVE-2025-47912),
  // IPv4-mapped ones included (go.dev/issue/75815); no "[" after the host's start (CVE-2026-25679); the first colon
  // of an http(s) host starts its port, the last one for other schemes (go.dev/issue/75223, go.dev/issue/78077).
  it.each([
    ["https://exa mple.com", 'invalid character " " in host name'],
    ["https://example.com:80a", 'invalid port ":80a" after host'],
    ["https://[::1", "missing ']' in host"],
    ["https://[::1]x", 'invalid port "x" after host'],
    ["https://[not-ipv6]/", 'invalid host: ParseAddr("not-ipv6"): unable to parse IP'],
    ["https://[1.2.3]/", 'invalid host: ParseAddr("1.2.3"): IPv4 address too short'],
    ["https://[127.0.0.1]/", "invalid IP-literal"],
    ["http://a[b]/", "invalid IP-literal"],
    ["http://host:1:2/", 'invalid port ":1:2" after host'],
    [":foo", "missing protocol scheme"],
    ["http://a b.com/", 'invalid character " " in host name'],
    ["http://x/%zz", 'invalid URL escape "%zz"'],
    ["http://x/\n", "net/url: invalid control character in URL"],
    ["1http://x", "first path segment in URL cannot contain colon"],
    ["http://us{er@host/", "net/url: invalid userinfo"],
    ["http://%41.com/", 'invalid URL escape "%41"'],
    ["http://x/#%zz", 'invalid URL escape "%zz"'],
  ])("refuses %s: %s", (s, reason) => {
    expect(parseGoUrl(s)).toEqual({ ok: false, reason });
  });

  it.each([
    ["a:b/c:d", "", "", ""],
    ["https://[::ffff:1.2.3.4]/", "[::ffff:1.2.3.4]", "::ffff:1.2.3.4", ""],
    ["http://[fe80::1%25en0]:8080/", "[fe80::1%en0]:8080", "fe80::1%en0", "8080"],
    // A database URL lists its hosts: the last colon starts the port, as Go reads it outside http(s).
    ["postgres://a:1,b:2/db", "a:1,b:2", "a:1,b", "2"],
    // Go checks control characters before the fragment only.
    ["http://x/#a\u0001b", "x", "x", ""],
  ])("reads %s as host %s (hostname %s, port %s)", (s, host, hostname, port) => {
    const r = parseGoUrl(s);
    expect(r.ok && { host: r.url.host, hostname: r.url.hostname, port: r.url.port }).toEqual({ host, hostname, port });
  });

  it("reads a long URL of non-ASCII text (its bytes are not spread into one call)", () => {
    const r = parseGoUrl(`https://example.com/${"é".repeat(300_000)}`);
    expect(r.ok && r.url.path).toBe(`/${"é".repeat(300_000)}`);
  });

  it("lower-cases the scheme and splits host/port/user info", () => {
    const r = parseGoUrl("HTTPS://alice:secret@Example.com:8443/a%2Fb?x=1#frag");
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.url).toMatchObject({
        scheme: "https",
        host: "Example.com:8443",
        hostname: "Example.com",
        port: "8443",
        username: "alice",
        password: "secret",
        path: "/a/b",
        rawQuery: "x=1",
        fragment: "frag",
        hasFragment: true,
      });
    }
  });
});

describe("parseAbsoluteUrl", () => {
  it("says why a value is not one, with or without its lead", () => {
    const missing = parseAbsoluteUrl("/path");
    expect(missing).toEqual({ ok: false, reason: "not an absolute URL: missing scheme (e.g. https://)" });
    expect(absoluteUrlProblem(missing.ok ? "" : missing.reason)).toBe("missing scheme (e.g. https://)");
    expect(absoluteUrlProblem("invalid port \":x\" after host")).toBe("invalid port \":x\" after host");
  });

  it("requires scheme and host", () => {
    expect(parseAbsoluteUrl("https://x").ok).toBe(true);
    for (const s of ["/x", "example.com", "example.com/path", "https:///x", "https://:443/", "mailto:a@b.c", "", "localhost:8080"]) {
      expect(parseAbsoluteUrl(s).ok, s).toBe(false);
    }
  });
  it("reports user info, query and fragment", () => {
    const r = parseAbsoluteUrl("https://u:p@issuer.example.com/realms/x?a=b#c");
    expect(r).toMatchObject({ ok: true, scheme: "https", host: "issuer.example.com", path: "/realms/x", hasUserInfo: true, hasQuery: true, hasFragment: true });
    const plain = parseAbsoluteUrl("https://issuer.example.com");
    expect(plain).toMatchObject({ ok: true, hasUserInfo: false, hasQuery: false, hasFragment: false, path: "" });
    expect(parseAbsoluteUrl("https://x/?")).toMatchObject({ ok: true, hasQuery: true });
    expect(parseAbsoluteUrl("https://x/#")).toMatchObject({ ok: true, hasFragment: true });
  });
  it("isHttpUrl", () => {
    expect(isHttpUrl("http://x")).toBe(true);
    expect(isHttpUrl("https://x/y.png")).toBe(true);
    expect(isHttpUrl("ftp://x")).toBe(false);
    expect(isHttpUrl("//x")).toBe(false);
    expect(isHttpUrl("data:image/png;base64,AAAA")).toBe(false);
  });
});

describe("isLocalhost", () => {
  it.each(["localhost", "LOCALHOST", "localhost.", "app.localhost", "127.0.0.1", "127.255.0.9", "::1", "[::1]", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1", "::ffff:7f00:1", "::1%lo", "[::1%25lo]"])(
    "%s is loopback",
    (h) => expect(isLocalhost(h)).toBe(true),
  );
  it.each(["example.com", "localhost.example.com", "128.0.0.1", "10.0.0.1", "::2", "::", "0.0.0.0", "127.0.0", "mylocalhost", "127.0.0.1%lo", "fe80::1%eth0", "::1%", "::ffff:128.0.0.1"])(
    "%s is not",
    (h) => expect(isLocalhost(h)).toBe(false),
  );
});

describe("splitHostPort (platformHost)", () => {
  it.each([
    ["platform.example.com", "platform.example.com", null, "dns"],
    ["Platform.Example.com:8443", "Platform.Example.com", 8443, "dns"],
    ["localhost:1", "localhost", 1, "dns"],
    ["10.0.0.1:65535", "10.0.0.1", 65535, "ipv4"],
    ["[::1]:443", "::1", 443, "ipv6"],
    ["[2001:db8::1]", "2001:db8::1", null, "ipv6"],
  ] as const)("valid %s", (s, host, port, kind) => {
    expect(splitHostPort(s)).toEqual({ ok: true, host, port, kind });
  });
  it.each([
    ["", "must not be empty"],
    ["https://platform.example.com", "without a scheme"],
    ["platform.example.com/", "path"],
    ["platform.example.com/login", "path"],
    ["platform.example.com:0", "between 1 and 65535"],
    ["platform.example.com:65536", "between 1 and 65535"],
    ["platform.example.com:http", "invalid port"],
    ["platform.example.com:", "invalid port"],
    ["::1", "brackets"],
    ["[::1", "missing ']'"],
    ["[zz::1]:80", "not a valid IPv6"],
    ["user@host", "user info"],
    ["exa mple.com", "white space"],
    ["under_score.example.com", "RFC 1123"],
    ["-bad.example.com", "RFC 1123"],
    ["host?x", "query"],
  ])("invalid %s", (s, reason) => {
    const r = splitHostPort(s);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain(reason);
  });
});

describe("redactUrlPassword", () => {
  it.each([
    ["postgres://user:secret@db:5432/x", "postgres://user:****@db:5432/x"],
    ["mysql://root:p@ss@w0rd@tcp(db:3306)/platform", "mysql://root:****@tcp(db:3306)/platform"],
    ["https://token@github.com/org/repo", "https://token@github.com/org/repo"],
    ["https://example.com/a:b@c", "https://example.com/a:b@c"],
    ["see https://a:b@x.org and http://c:d@y.org/", "see https://a:****@x.org and http://c:****@y.org/"],
    ["user:secret@tcp(127.0.0.1:3306)/db", "user:****@tcp(127.0.0.1:3306)/db"],
    ["host=db user=platform password=secret dbname=x", "host=db user=platform password=**** dbname=x"],
    ["host=db password='se cret'", "host=db password=****"],
    ["https://x.org/?password=abc", "https://x.org/?password=****"],
    ["postgres://u:pa/ss@h/db", "postgres://u:****@h/db"],
    ["postgres://u:pa?ss@h/db", "postgres://u:****@h/db"],
    ["https://u:p@h/x?email=a@b.c", "https://u:****@h/x?email=a@b.c"],
    ["https://x.org:8443/p@q", "https://x.org:8443/p@q"],
    ["no secrets here", "no secrets here"],
    ["", ""],
  ])("%s", (input, want) => expect(redactUrlPassword(input)).toBe(want));
  it("never leaves the password in the output", () => {
    const out = redactUrlPassword("postgres://u:VerySecret123@h/d");
    expect(out).not.toContain("VerySecret123");
  });
});
