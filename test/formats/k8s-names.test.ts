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

/** apimachinery's messages, word for word. */
const LABEL_FORMAT =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const SUBDOMAIN_FORMAT =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const CASELESS_SUBDOMAIN_FORMAT =
  "an RFC 1123 subdomain must consist of alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'Example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const DNS1035_FORMAT =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const NAME_PART_FORMAT =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const LABEL_VALUE_FORMAT =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const maxLength = (n: number): string => `must be no more than ${n} characters`;

/** The messages apimachinery gives a bad value: `[usual]`, but for the values listed in `others`. */
function errorsOf(usual: string, others: ReadonlyArray<readonly [string, string[]]> = []): (value: string) => string[] {
  const exceptions = new Map(others);
  return (value) => exceptions.get(value) ?? [usual];
}

describe("apimachinery TestIsDNS1123Label", () => {
  // A valid subdomain is a bad label only for its dots; an overlong one only for its length.
  const errors = errorsOf(LABEL_FORMAT, [["a.b", ["must not contain dots"]], ["1.2", ["must not contain dots"]], ["a".repeat(64), [maxLength(63)]]]);
  it.each(dns1123Label.good.map((v) => [show(v), v]))("good %s", (_n, v) => expect(isDNS1123Label(v)).toEqual([]));
  it.each(dns1123Label.bad.map((v) => [show(v), v]))("bad %s", (_n, v) => expect(isDNS1123Label(v)).toEqual(errors(v)));
});

describe("apimachinery TestIsDNS1123Subdomain", () => {
  const errors = errorsOf(SUBDOMAIN_FORMAT, [["a".repeat(254), [maxLength(253)]]]);
  it.each(dns1123Subdomain.good.map((v) => [show(v), v]))("good %s", (_n, v) => expect(isDNS1123Subdomain(v)).toEqual([]));
  it.each(dns1123Subdomain.bad.map((v) => [show(v), v]))("bad %s", (_n, v) => expect(isDNS1123Subdomain(v)).toEqual(errors(v)));
  it.each(subdomainMessageSubstrings.map((c) => [c.value, c.contains]))("message for %s", (v, want) =>
    expect(isDNS1123Subdomain(v).join(",")).toContain(want),
  );
});

describe("apimachinery TestIsDNS1123SubdomainCaseless", () => {
  const errors = errorsOf(CASELESS_SUBDOMAIN_FORMAT, [["a".repeat(254), [maxLength(253)]]]);
  it.each(dns1123SubdomainCaseless.good.map((v) => [show(v), v]))("good %s", (_n, v) =>
    expect(isDNS1123SubdomainCaseless(v)).toEqual([]),
  );
  it.each(dns1123SubdomainCaseless.bad.map((v) => [show(v), v]))("bad %s", (_n, v) => expect(isDNS1123SubdomainCaseless(v)).toEqual(errors(v)));
});

describe("apimachinery TestIsDNS1035Label", () => {
  const errors = errorsOf(DNS1035_FORMAT, [["a".repeat(64), [maxLength(63)]]]);
  it.each(dns1035Label.good.map((v) => [show(v), v]))("good %s", (_n, v) => expect(isDNS1035Label(v)).toEqual([]));
  it.each(dns1035Label.bad.map((v) => [show(v), v]))("bad %s", (_n, v) => expect(isDNS1035Label(v)).toEqual(errors(v)));
});

describe("apimachinery TestIsQualifiedName", () => {
  const errors = errorsOf(NAME_PART_FORMAT, [
    ["only/one/slash", [`a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`]],
    ["Example.com/abc", [`prefix part ${SUBDOMAIN_FORMAT}`]],
    ["example_com/abc", [`prefix part ${SUBDOMAIN_FORMAT}`]],
    ["example.com/", ["name part must be non-empty", NAME_PART_FORMAT]],
    ["/simple", ["prefix part must be non-empty"]],
    ["a".repeat(64), [`name part ${maxLength(63)}`]],
    ["a".repeat(254) + "/abc", [`prefix part ${maxLength(253)}`]],
  ]);
  it.each(qualifiedName.success.map((v) => [show(v), v]))("success %s", (_n, v) => expect(isQualifiedName(v)).toEqual([]));
  it.each(qualifiedName.error.map((v) => [show(v), v]))("error %s", (_n, v) => expect(isQualifiedName(v)).toEqual(errors(v)));
  it.each(qualifiedNameMessages.map((c) => [c.value, c.message]))("exact message for %s", (v, msg) =>
    expect(isQualifiedName(v)).toEqual([msg]),
  );
});

describe("apimachinery TestIsValidLabelValue", () => {
  const errors = errorsOf(LABEL_VALUE_FORMAT, [["a".repeat(64), [maxLength(63)]]]);
  it.each(labelValue.success.map((v) => [show(v), v]))("success %s", (_n, v) => expect(isValidLabelValue(v)).toEqual([]));
  it.each(labelValue.error.map((v) => [show(v), v]))("error %s", (_n, v) => expect(isValidLabelValue(v)).toEqual(errors(v)));
});

describe("messages (apimachinery wording)", () => {
  it("DNS-1123 label", () => {
    expect(isDNS1123Label("A")).toEqual([LABEL_FORMAT]);
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
  it.each(["-", "User-", "a_b-", "", ".a-", "a.-."])("invalid prefix %s", (v) => expect(isGenerateNamePrefix(v)).toEqual([SUBDOMAIN_FORMAT]));
  it("upstream quirk: the char before the dash is dropped, so 'a..-' passes (as 'a.a')", () => {
    expect(isGenerateNamePrefix("a..-")).toEqual([]);
  });
  it("a trailing dash is only fine with prefix=true", () => {
    expect(nameIsDNSSubdomain("user-", false)).toEqual([SUBDOMAIN_FORMAT]);
    expect(nameIsDNSSubdomain("user-", true)).toEqual([]);
    expect(nameIsDNSLabel("ns-", true)).toEqual([]);
    expect(nameIsDNSLabel("ns-", false)).toEqual([LABEL_FORMAT]);
  });
});

describe("finalizers, domains, annotations", () => {
  it("finalizers are qualified names", () => {
    expect(isFinalizerName("kubernetes")).toEqual([]);
    expect(isFinalizerName("example.com/cleanup")).toEqual([]);
    expect(isFinalizerName("foregroundDeletion")).toEqual([]);
    expect(isFinalizerName("bad finalizer")).toEqual([NAME_PART_FORMAT]);
  });
  it("domain names: caseless RFC 1123 subdomains", () => {
    expect(isDomainName("example.com")).toEqual([]);
    expect(isDomainName("Example.COM")).toEqual([]);
    expect(isDomainName("xn--bcher-kva.example")).toEqual([]);
    for (const bad of ["*.example.com", "example.com.", "http://example.com", "bücher.example"]) expect(isDomainName(bad), bad).toEqual([CASELESS_SUBDOMAIN_FORMAT]);
    expect(isLowercaseDomainName("Example.com")).toBe(false);
    expect(isLowercaseDomainName("example.com")).toBe(true);
  });
  it("annotation size counts bytes of keys and values", () => {
    expect(annotationsSize(Object.entries({ a: "bc", "é": "", n: 12 }))).toBe(6);
  });
});
