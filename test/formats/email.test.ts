import { describe, expect, it } from "vitest";
import { isEmail, parseEmail } from "../../src/formats/index.js";
import { badAddrSpecs, goodAddrSpecs } from "./data/go-net-mail.js";

describe("Go net/mail TestAddressParsingAndFormatting (bare addr-specs)", () => {
  it.each(goodAddrSpecs.map((s) => [s]))("valid %s", (s) => {
    const r = parseEmail(s);
    expect(r.ok, r.ok ? "" : r.reason).toBe(true);
  });
  it.each(badAddrSpecs.map((s) => [s]))("invalid %s", (s) => expect(isEmail(s)).toBe(false));
});

describe("bare addr-spec only (not an upstream table)", () => {
  it("rejects forms ParseAddress takes but that are not a bare address", () => {
    for (const s of ["John <j@x.org>", "<j@x.org>", "j@x.org (John)", " j@x.org", "j@x.org ", "j@ x.org", "a@b.c, d@e.f", "group: a@b.c;"]) {
      expect(isEmail(s), s).toBe(false);
    }
  });
  it("accepts usual and unusual valid addresses", () => {
    for (const s of ["alice@example.com", "first.last+tag@sub.example.co.uk", "root@localhost", "üser@bücher.example", "a@[192.0.2.1]", "a@[2001:db8::1]"]) {
      expect(isEmail(s), s).toBe(true);
    }
  });
  it("rejects others", () => {
    for (const s of ["", "plainaddress", "@no-local.org", "no-domain@", "a@b@c", "a@[not-an-ip]", "a@[300.1.1.1]", "a b@c.d", "a@\ud800"]) {
      expect(isEmail(s), s).toBe(false);
    }
  });
  it("returns local part and domain, with Go-style reasons", () => {
    expect(parseEmail("a.b@example.com")).toEqual({ ok: true, local: "a.b", domain: "example.com" });
    expect(parseEmail("a..b@example.com")).toEqual({ ok: false, reason: "mail: double dot in atom" });
    expect(parseEmail("ab.example.com")).toEqual({ ok: false, reason: "mail: missing @ in addr-spec" });
  });
  // net/mail formats a rune with %q (strconv.QuoteRune: single quotes) and a string with %q (strconv.Quote).
  it.each([
    ['"a\u0001b"@example.com', "mail: bad character in quoted-string: '\\x01'"],
    ['"a\\\u0001"@example.com', "mail: bad character in quoted-string: '\\x01'"],
    ["a@[a b]", "mail: bad character in domain-literal: ' '"],
    ["a@[1.2.3]", 'mail: invalid IP address in domain-literal: "1.2.3"'],
  ])("refuses %j: %s", (address, reason) => expect(parseEmail(address)).toEqual({ ok: false, reason }));
});
