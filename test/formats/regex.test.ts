import { describe, expect, it } from "vitest";
import { checkGoRegex, goCanonicalClassName, resolveUnicodeClassName } from "../../src/formats/index.js";
import { invalidRegexps, onlyPerl, onlyPOSIX, parseTestsValid } from "./data/go-regexp-syntax.js";

const show = (s: string): string => (s.length > 60 ? `${JSON.stringify(s.slice(0, 30))}...(${s.length} chars)` : JSON.stringify(s));

describe("Go parse_test.go parseTests (valid with Perl flags)", () => {
  it.each(parseTestsValid.map((p, i) => [i, show(p), p]))("#%i %s", (_i, _s, p) => {
    expect(checkGoRegex(p)).toBeNull();
  });
});

describe("Go parse_test.go invalidRegexps", () => {
  it.each(invalidRegexps.map((p, i) => [i, show(p), p]))("#%i %s", (_i, _s, p) => {
    expect(checkGoRegex(p)).not.toBeNull();
  });
});

describe("Go parse_test.go onlyPerl (valid with Perl flags)", () => {
  it.each(onlyPerl.map((p) => [p]))("%s", (p) => expect(checkGoRegex(p)).toBeNull());
});

describe("Go parse_test.go onlyPOSIX (invalid with Perl flags)", () => {
  it.each(onlyPOSIX.map((p) => [p]))("%s", (p) => expect(checkGoRegex(p)).not.toBeNull());
});

describe("RE2 vs PCRE (not an upstream table)", () => {
  it("lookarounds and backreferences are errors with concise Go messages", () => {
    expect(checkGoRegex("(?=x)")).toBe("invalid or unsupported Perl syntax: `(?=` (lookahead is not supported by Go's RE2 syntax)");
    expect(checkGoRegex("a(?!b)")).toMatch(/^invalid or unsupported Perl syntax: `\(\?!`/);
    expect(checkGoRegex("(?<=a)b")).toMatch(/^invalid named capture: `\(\?<=a\)b`.*lookbehind/);
    expect(checkGoRegex("(?<!a)b")).toMatch(/lookbehind/);
    expect(checkGoRegex("(a)\\1")).toBe("invalid escape sequence: `\\1` (backreferences are not supported by Go's RE2 syntax)");
    expect(checkGoRegex("a++")).toMatch(/possessive/);
    expect(checkGoRegex("(?#comment)")).not.toBeNull();
    expect(checkGoRegex("\\Z")).not.toBeNull();
    expect(checkGoRegex("(?P=name)")).not.toBeNull();
  });
  it("Go syntax that must pass", () => {
    for (const p of ["(?i)x", "(?P<n>x)", "(?<n>x)", "\\pL", "\\p{Greek}", "^system:(masters|admins)$", "(?i)^team-.*$", "[[:alpha:]]+", "\\Qa.b\\E", "(?U)a+", "(?s:.)", "\\x{10FFFF}", "a{,5}", ""]) {
      expect(checkGoRegex(p), p).toBeNull();
    }
  });
  it("Go 1.25 loose Unicode class names, and names Go rejects", () => {
    expect(checkGoRegex("\\p{greek}")).toBeNull();
    expect(checkGoRegex("\\pl")).toBeNull();
    expect(checkGoRegex("[\\p{ASCII}\\P{letter}]")).toBeNull();
    expect(checkGoRegex("\\p{White_Space}")).toBe("invalid character class range: `\\p{White_Space}`");
    expect(checkGoRegex("\\p{Emoji}")).not.toBeNull();
    expect(checkGoRegex("\\p{NoSuchScript}")).not.toBeNull();
    expect(checkGoRegex("\\Q\\p{Nope}\\E")).toBeNull(); // quoted, not a class
    expect(checkGoRegex("\\\\p{Nope}")).toBeNull(); // escaped backslash, then literals
    expect(goCanonicalClassName("upper case-let ter")).toBe("Uppercaseletter");
    expect(resolveUnicodeClassName("LC")).toBe("LC");
    expect(resolveUnicodeClassName("cased letter")).toBe("LC");
  });
  it("unpaired surrogates are invalid UTF-8", () => {
    expect(checkGoRegex("a\ud800b")).toMatch(/^invalid UTF-8/);
    expect(checkGoRegex("a\ud83d\ude00b")).toBeNull();
  });
  it("never throws and stays fast", () => {
    const inputs: unknown[] = [
      undefined,
      null,
      42,
      "(".repeat(99_999),
      "x".repeat(200_000),
      "[" + "\\pL".repeat(20_000) + "]",
      "[" + "\\pL".repeat(2_000) + "]",
      "(?i)" + "\\p{Greek}".repeat(2_000),
    ];
    const t0 = Date.now();
    for (const p of inputs) expect(() => checkGoRegex(p as string)).not.toThrow();
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(checkGoRegex("x".repeat(200_000))).toMatch(/too long/);
    expect(checkGoRegex("\\pL".repeat(2_001))).toMatch(/too many Unicode class escapes/);
  });
});
