import { describe, expect, it } from "vitest";
import {
  checkSamlCaData,
  CSS_NAMED_COLORS,
  goBase64Decode,
  hasCRLF,
  isBase64,
  isCssColor,
  isCurrencyCode,
  isEnvReference,
  isHttpHeaderValue,
  isHttpToken,
  isPemCertificateBase64,
  isUUID,
  ISO_4217,
  pemDecodeAll,
} from "../../src/formats/index.js";
import { TEST_CERT_PEM } from "./data/certs.js";
import { useNodeHost } from "../../src/project/node-host.js";

// Certificates are read by the installed reader: Node's, as the CLI installs it.
useNodeHost();

// No upstream tables were required for these helpers. Where one exists it is
// cited inline; the rest are hand-written cases.

describe("isHttpToken (RFC 7230 tchar)", () => {
  // Good/bad values from apimachinery TestIsHTTPHeaderName (validation_test.go
  // @ 008b3652959ca58af8be3fb5b6ecfe9ae7638282), filtered: apimachinery's check
  // is stricter than RFC 7230 ([-A-Za-z0-9]+), so its bad values that ARE
  // tchars ("_", "a.b", "#a#", "^", ...) are listed separately below.
  it.each(["Accept-Encoding", "Host", "If-Modified-Since", "X-Forwarded-For", "a", "ab", "abc", "a1", "-a", "a-", "a-b", "a-1", "a--1--2--b", "--abc-123", "A", "AB", "AbC", "A1", "-A", "A-", "A-B", "A-1", "A--1--2--B", "--123-ABC"])(
    "token %s",
    (s) => expect(isHttpToken(s)).toBe(true),
  );
  it.each(["Host:", "X-Forwarded-For:", "X-@Home", "", " ", "a ", " a", "a b", "1 ", " 1", "1 2", ",", ";", "=", "<", "?", "@", "{"])(
    "not a token %j",
    (s) => expect(isHttpToken(s)).toBe(false),
  );
  it.each(["_", "a_", "_a", "1_", "1_2", ".", "a.", ".a", "a.b", "1.", ".1", "1.2", "#a#", "^", "X-Custom_Header", "x!#$%&'*+.^_`|~"])(
    "RFC 7230 token (apimachinery would reject) %s",
    (s) => expect(isHttpToken(s)).toBe(true),
  );
});

describe("header values", () => {
  it("hasCRLF", () => {
    expect(hasCRLF("a\r\nb")).toBe(true);
    expect(hasCRLF("a\nb")).toBe(true);
    expect(hasCRLF("a\rb")).toBe(true);
    expect(hasCRLF("a\tb")).toBe(false);
  });
  it("isHttpHeaderValue allows HTAB, rejects other CTLs", () => {
    expect(isHttpHeaderValue("max-age=0; includeSubDomains")).toBe(true);
    expect(isHttpHeaderValue("a\tb")).toBe(true);
    expect(isHttpHeaderValue("a\u0000b")).toBe(false);
    expect(isHttpHeaderValue("a\u007fb")).toBe(false);
    expect(isHttpHeaderValue("a\nb")).toBe(false);
  });
});

describe("isCssColor", () => {
  it("knows the 148 CSS Color 4 named colors", () => expect(CSS_NAMED_COLORS.size).toBe(148));
  it.each([
    "red", "RebeccaPurple", "transparent", "currentColor", "Canvas", "grey", "lightgoldenrodyellow",
    "#fff", "#FFFF", "#a1b2c3", "#a1b2c3d4",
    "rgb(255, 0, 0)", "rgba(255,0,0,0.5)", "rgb(100%, 0%, 0%)", "rgba(100%, 0%, 0%, 50%)", "rgb(300, -5, 0)",
    "rgb(255 0 0)", "rgb(255 0 0 / 50%)", "rgb(255 0 0 / .5)", "rgba(255 0 0 / 0.5)", "rgb(100% 0 50%)", "rgb(none 0 0)",
    "hsl(120, 100%, 50%)", "hsla(120deg, 100%, 50%, 0.3)", "hsl(120 100% 50%)", "hsl(0.5turn 100% 50% / 20%)", "hsl(1.5rad 100 50)",
    "hwb(120 0% 0%)", "lab(50% 40 59.5)", "lch(52.2% 72.2 50 / 0.5)", "oklch(70% 0.1 200deg)", "oklab(0.5 -0.1 0.1)",
    "color(display-p3 1 0 0)", "color(srgb 1 0 0 / 50%)",
    "  #abc  ", "RGB(1,2,3)", "rgb(1e2, 2, 3)",
  ])("valid %s", (s) => expect(isCssColor(s)).toBe(true));
  it.each([
    "", "blurple", "#ff", "#fffff", "#gggggg", "fff", "#ffffffff0",
    "rgb(255, 0)", "rgb(255, 0, 0, 0, 0)", "rgb(100%, 0, 0)", "rgb(255 0)", "rgb(255, 0, 0 / 1)", "rgb(none, 0, 0)",
    "rgb(255 0 0 / 1 / 1)", "rgb(a, b, c)", "rgb(1.)", "rgb()", "rgb(255,,0)",
    "hsl(120, 100, 50)", "hsl(120deg 100% 50% 1)", "hwb(120, 0%, 0%)", "color(unknown 1 0 0)", "rgb(from red r g b)",
    "var(--primary)", "inherit", "red;", "red blue",
  ])("invalid %j", (s) => expect(isCssColor(s)).toBe(false));
});

describe("ISO 4217", () => {
  it("active codes", () => {
    for (const c of ["USD", "EUR", "JPY", "CHF", "GBP", "XCG", "ZWG", "SLE", "VES", "XAU", "XXX"]) expect(isCurrencyCode(c), c).toBe(true);
  });
  it("rejects withdrawn, lower case and made-up codes", () => {
    for (const c of ["usd", "Eur", "HRK", "ANG", "ZWL", "DEM", "BTC", "US", "USDT", ""]) expect(isCurrencyCode(c), c).toBe(false);
  });
  it("all codes are three upper-case letters", () => {
    for (const c of ISO_4217) expect(c).toMatch(/^[A-Z]{3}$/);
    expect(ISO_4217.size).toBeGreaterThan(170);
  });
});

describe("isUUID", () => {
  it("accepts canonical UUIDs in any case", () => {
    expect(isUUID("123e4567-e89b-12d3-a456-426614174000")).toBe(true);
    expect(isUUID("9188040D-6C67-4C5B-B112-36A304B66DAD")).toBe(true);
    expect(isUUID("00000000-0000-0000-0000-000000000000")).toBe(true);
  });
  it("rejects other forms", () => {
    for (const s of ["123e4567e89b12d3a456426614174000", "{123e4567-e89b-12d3-a456-426614174000}", "urn:uuid:123e4567-e89b-12d3-a456-426614174000", "123e4567-e89b-12d3-a456-42661417400", "g23e4567-e89b-12d3-a456-426614174000", "common"]) {
      expect(isUUID(s), s).toBe(false);
    }
  });
});

describe("Go base64 (StdEncoding)", () => {
  it.each(["", "Zg==", "Zm8=", "Zm9v", "Zm9vYg==", "Zm9v\nYmFy", "Zm9v\r\nYmFy\r\n", "Zg=\n="])("valid %j", (s) => expect(isBase64(s)).toBe(true));
  it.each(["Zg", "Zg=", "Zm9", "Zm9v YmFy", "Zm9v\tYmFy", "Zm9v_-", "Zg==Zg==", "Z===", "====", "Zm9v!", "Zg==\nx"])(
    "invalid %j",
    (s) => expect(isBase64(s)).toBe(false),
  );
  it("decodes", () => {
    expect(Buffer.from(goBase64Decode("Zm9v\nYmFy") ?? []).toString()).toBe("foobar");
  });
});

describe("PEM / SAML caData (Dex connector/saml/saml.go)", () => {
  const b64 = (s: string | Uint8Array): string => Buffer.from(s).toString("base64");
  const der = (): Uint8Array => {
    const block = pemDecodeAll(TEST_CERT_PEM)[0];
    if (!block) throw new Error("fixture has no PEM block");
    return block.bytes;
  };
  const fakeKey = "-----BEGIN PRIVATE KEY-----\nTm90IGEga2V5\n-----END PRIVATE KEY-----\n";

  it("base64 of a PEM certificate is accepted", () => {
    expect(checkSamlCaData(b64(TEST_CERT_PEM))).toBeNull();
    expect(isPemCertificateBase64(b64(TEST_CERT_PEM))).toBe(true);
  });
  it("line-wrapped base64, a line of text before the PEM block and white space after it are fine", () => {
    const wrapped = b64("subject=CN=x\n" + TEST_CERT_PEM + "\n \t\n").replace(/(.{64})/g, "$1\n");
    expect(checkSamlCaData(wrapped)).toBeNull();
  });
  it("text after the last PEM block, or glued before the first, is Dex's trailing data", () => {
    expect(checkSamlCaData(b64(TEST_CERT_PEM + "\ntrailing\n"))).toEqual({ kind: "trailingData" });
    expect(checkSamlCaData(b64(TEST_CERT_PEM + "\n" + TEST_CERT_PEM + "yaddayadda"))).toEqual({ kind: "trailingData" });
    expect(checkSamlCaData(b64("yaddayadda" + TEST_CERT_PEM))).toEqual({ kind: "noPemBlock" });
  });
  it("a bundle of two certificates is accepted", () => {
    expect(checkSamlCaData(b64(TEST_CERT_PEM + "\n" + TEST_CERT_PEM))).toBeNull();
  });
  it("CRLF PEM is accepted", () => {
    expect(checkSamlCaData(b64(TEST_CERT_PEM.replace(/\n/g, "\r\n")))).toBeNull();
  });
  it("plain PEM (not base64) is rejected", () => {
    expect(checkSamlCaData(TEST_CERT_PEM)).toEqual({ kind: "notBase64" });
  });
  it("base64 of DER (no PEM armour) is rejected, as in Dex", () => {
    expect(checkSamlCaData(b64(der()))).toEqual({ kind: "noPemBlock" });
  });
  it("a non-certificate PEM block is rejected (Dex parses every block as a certificate)", () => {
    expect(checkSamlCaData(b64(fakeKey))).toEqual({ kind: "notCertificate", block: 1, type: "PRIVATE KEY" });
    expect(checkSamlCaData(b64(TEST_CERT_PEM + "\n" + fakeKey))).toEqual({ kind: "notCertificate", block: 2, type: "PRIVATE KEY" });
    // END line followed by more text on the same line: Go's pem.Decode skips the block
    expect(checkSamlCaData(b64(TEST_CERT_PEM + fakeKey))).toEqual({ kind: "noPemBlock" });
  });
  it("garbage is rejected", () => {
    expect(checkSamlCaData(b64("hello"))).toEqual({ kind: "noPemBlock" });
    expect(checkSamlCaData("")).toEqual({ kind: "noPemBlock" });
    expect(checkSamlCaData(b64("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n"))).toEqual({ kind: "notCertificate", block: 1, type: "CERTIFICATE" });
  });
  it("pemDecodeAll mirrors encoding/pem.Decode", () => {
    expect(pemDecodeAll("junk\n" + TEST_CERT_PEM).map((b) => b.type)).toEqual(["CERTIFICATE"]);
    // mismatched END type is skipped
    expect(pemDecodeAll("-----BEGIN A-----\nAAAA\n-----END B-----\n")).toEqual([]);
    // headers are parsed
    const withHeaders = pemDecodeAll("-----BEGIN X-----\nProc-Type: 4,ENCRYPTED\n\nAAAA\n-----END X-----\n");
    expect(withHeaders[0]?.headers).toEqual({ "Proc-Type": "4,ENCRYPTED" });
  });
});

describe("isEnvReference", () => {
  it.each(["$CLIENT_SECRET", "${CLIENT_SECRET}", "$_x1", "${a}"])("reference %s", (s) => expect(isEnvReference(s)).toBe(true));
  it.each(["CLIENT_SECRET", "$", "${}", "$1ABC", "${A", "$A}", "prefix-$A", "$A-suffix", "$(A)", "$$A", " $A"])(
    "not a reference %j",
    (s) => expect(isEnvReference(s)).toBe(false),
  );
});
