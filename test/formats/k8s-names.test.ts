import { describe, expect, it } from "vitest";
import {
  annotationsSize,
  isDNS1035Label,
  isDNS1123Label,
  isDNS1123Subdomain,
  isDNS1123SubdomainCaseless,
  isDomainName,
  isFinalizerName,
  isGenerateNamePrefix,
  isLowercaseDomainName,
  isQualifiedName,
  isValidLabelValue,
  maskTrailingDash,
  nameIsDNSLabel,
  nameIsDNSSubdomain,
} from "../../src/formats/index.js";
import {
  dns1035Label,
  dns1123Label,
  dns1123Subdomain,
  dns1123SubdomainCaseless,
  labelValue,
  qualifiedName,
  qualifiedNameMessages,
  subdomainMessageSubstrings,
} from "./data/apimachinery-validation.js";

const show = (s: string): string => (s.length > 40 ? `${JSON.stringify(s.slice(0, 20))}...(${s.length})` : JSON.stringify(s));

describe("apimachinery TestIsDNS1123Label", () => {
  it.each(dns1123Label.good.map((v) => [show(v), v]))("good %s", (_n, v) => expect(isDNS1123Label(v)).toEqual([]));
  it.each(dns1123Label.bad.map((v) => [show(v), v]))("bad %s", (_n, v) => expect(isDNS1123Label(v).length).toBeGreaterThan(0));
});

describe("apimachinery TestIsDNS1123Subdomain", () => {
  it.each(dns1123Subdomain.good.map((v) => [show(v), v]))("good %s", (_n, v) => expect(isDNS1123Subdomain(v)).toEqual([]));
  it.each(dns1123Subdomain.bad.map((v) => [show(v), v]))("bad %s", (_n, v) =>
    expect(isDNS1123Subdomain(v).length).toBeGreaterThan(0),
  );
  it.each(subdomainMessageSubstrings.map((c) => [c.value, c.contains]))("message for %s", (v, want) =>
    expect(isDNS1123Subdomain(v).join(",")).toContain(want),
  );
});

describe("apimachinery TestIsDNS1123SubdomainCaseless", () => {
  it.each(dns1123SubdomainCaseless.good.map((v) => [show(v), v]))("good %s", (_n, v) =>
    expect(isDNS1123SubdomainCaseless(v)).toEqual([]),
  );
  it.each(dns1123SubdomainCaseless.bad.map((v) => [show(v), v]))("bad %s", (_n, v) =>
    expect(isDNS1123SubdomainCaseless(v).length).toBeGreaterThan(0),
  );
});

describe("apimachinery TestIsDNS1035Label", () => {
  it.each(dns1035Label.good.map((v) => [show(v), v]))("good %s", (_n, v) => expect(isDNS1035Label(v)).toEqual([]));
  it.each(dns1035Label.bad.map((v) => [show(v), v]))("bad %s", (_n, v) => expect(isDNS1035Label(v).length).toBeGreaterThan(0));
});

describe("apimachinery TestIsQualifiedName", () => {
  it.each(qualifiedName.success.map((v) => [show(v), v]))("success %s", (_n, v) => expect(isQualifiedName(v)).toEqual([]));
  it.each(qualifiedName.error.map((v) => [show(v), v]))("error %s", (_n, v) =>
    expect(isQualifiedName(v).length).toBeGreaterThan(0),
  );
  it.each(qualifiedNameMessages.map((c) => [c.value, c.message]))("exact message for %s", (v, msg) =>
    expect(isQualifiedName(v)).toEqual([msg]),
  );
});

describe("apimachinery TestIsValidLabelValue", () => {
  it.each(labelValue.success.map((v) => [show(v), v]))("success %s", (_n, v) => expect(isValidLabelValue(v)).toEqual([]));
  it.each(labelValue.error.map((v) => [show(v), v]))("error %s", (_n, v) =>
    expect(isValidLabelValue(v).length).toBeGreaterThan(0),
  );
});

describe("messages (apimachinery wording)", () => {
  it("DNS-1123 label", () => {
    expect(isDNS1123Label("A")).toEqual([
      "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
    ]);
    expect(isDNS1123Label("a.b")).toEqual(["must not contain dots"]);
    expect(isDNS1123Label("a".repeat(64))).toEqual(["must be no more than 63 characters"]);
  });
  it("DNS-1123 subdomain", () => {
    expect(isDNS1123Subdomain("a".repeat(254))).toEqual(["must be no more than 253 characters"]);
  });
  it("qualified name parts", () => {
    expect(isQualifiedName("/simple")).toEqual(["prefix part must be non-empty"]);
    expect(isQualifiedName("example.com/")[0]).toBe("name part must be non-empty");
    expect(isQualifiedName("a".repeat(64))[0]).toBe("name part must be no more than 63 characters");
    expect(isQualifiedName("only/one/slash")[0]).toMatch(/^a qualified name must consist of/);
    expect(isQualifiedName("Example.com/abc")[0]).toMatch(/^prefix part a lowercase RFC 1123 subdomain/);
  });
  it("byte lengths (Go len) not UTF-16 length", () => {
    // 62 ASCII + one 2-byte char = 64 bytes
    expect(isValidLabelValue("a".repeat(62) + "é")).toContain("must be no more than 63 characters");
  });
});

describe("generateName (NameIsDNSSubdomain prefix=true), not an upstream table", () => {
  it("maskTrailingDash replaces the last two characters by 'a', like upstream", () => {
    expect(maskTrailingDash("abc-")).toBe("aba");
    expect(maskTrailingDash("a-")).toBe("a");
    expect(maskTrailingDash("-")).toBe("-");
    expect(maskTrailingDash("abc")).toBe("abc");
  });
  it.each(["user-", "my-user-", "a-", "a.b-", "x"])("valid prefix %s", (v) => expect(isGenerateNamePrefix(v)).toEqual([]));
  it.each(["-", "User-", "a_b-", "", ".a-", "a.-."])("invalid prefix %s", (v) =>
    expect(isGenerateNamePrefix(v).length).toBeGreaterThan(0),
  );
  it("upstream quirk: the char before the dash is dropped, so 'a..-' passes (as 'a.a')", () => {
    expect(isGenerateNamePrefix("a..-")).toEqual([]);
  });
  it("a trailing dash is only fine with prefix=true", () => {
    expect(nameIsDNSSubdomain("user-", false).length).toBeGreaterThan(0);
    expect(nameIsDNSSubdomain("user-", true)).toEqual([]);
    expect(nameIsDNSLabel("ns-", true)).toEqual([]);
    expect(nameIsDNSLabel("ns-", false).length).toBeGreaterThan(0);
  });
});

describe("finalizers, domains, annotations", () => {
  it("finalizers are qualified names", () => {
    expect(isFinalizerName("kubernetes")).toEqual([]);
    expect(isFinalizerName("example.com/cleanup")).toEqual([]);
    expect(isFinalizerName("foregroundDeletion")).toEqual([]);
    expect(isFinalizerName("bad finalizer").length).toBeGreaterThan(0);
  });
  it("domain names: caseless RFC 1123 subdomains", () => {
    expect(isDomainName("example.com")).toEqual([]);
    expect(isDomainName("Example.COM")).toEqual([]);
    expect(isDomainName("xn--bcher-kva.example")).toEqual([]);
    expect(isDomainName("*.example.com").length).toBeGreaterThan(0);
    expect(isDomainName("example.com.").length).toBeGreaterThan(0);
    expect(isDomainName("http://example.com").length).toBeGreaterThan(0);
    expect(isDomainName("bücher.example").length).toBeGreaterThan(0);
    expect(isLowercaseDomainName("Example.com")).toBe(false);
    expect(isLowercaseDomainName("example.com")).toBe(true);
  });
  it("annotation size counts bytes of keys and values", () => {
    expect(annotationsSize({ a: "bc", "é": "" })).toBe(5);
  });
});
