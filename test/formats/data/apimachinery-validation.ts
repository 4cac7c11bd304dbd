/**
 * Test tables copied from Kubernetes apimachinery.
 *
 * Sources:
 * - kubernetes/kubernetes
 *   staging/src/k8s.io/apimachinery/pkg/util/validation/validation_test.go
 *   @ 008b3652959ca58af8be3fb5b6ecfe9ae7638282
 *   (TestIsDNS1123Label, TestIsDNS1123Subdomain, TestIsDNS1035Label,
 *   TestIsQualifiedName, TestIsValidLabelValue, TestIsDomainPrefixedKey messages,
 *   TestIsFullyQualifiedName messageTests)
 * - kubernetes/kubernetes
 *   staging/src/k8s.io/apimachinery/pkg/api/validate/content/dns_test.go
 *   @ 9d2a8fb7c431f0cf55f9671ca9502e5b1fc151ff (TestIsDNS1123SubdomainCaseless)
 * - kubernetes/kubernetes
 *   staging/src/k8s.io/apimachinery/pkg/api/validate/content/kube_test.go
 *   @ 2e0908106e4420a601e50d6edfd41475de87a3e1 (TestIsLabelKey, TestIsLabelValue:
 *   identical to the validation_test.go tables above)
 *
 * `strings.Repeat("a", n)` is written as "a".repeat(n).
 */

export const dns1123Label = {
  good: [
    "a", "ab", "abc", "a1", "a-1", "a--1--2--b",
    "0", "01", "012", "1a", "1-a", "1--a--b--2",
    "a".repeat(63),
  ],
  bad: [
    "", "A", "ABC", "aBc", "A1", "A-1", "1-A",
    "-", "a-", "-a", "1-", "-1",
    "_", "a_", "_a", "a_b", "1_", "_1", "1_2",
    ".", "a.", ".a", "a.b", "1.", ".1", "1.2",
    " ", "a ", " a", "a b", "1 ", " 1", "1 2",
    "a".repeat(64),
  ],
};

export const dns1123Subdomain = {
  good: [
    "a", "ab", "abc", "a1", "a-1", "a--1--2--b",
    "0", "01", "012", "1a", "1-a", "1--a--b--2",
    "a.a", "ab.a", "abc.a", "a1.a", "a-1.a", "a--1--2--b.a",
    "a.1", "ab.1", "abc.1", "a1.1", "a-1.1", "a--1--2--b.1",
    "0.a", "01.a", "012.a", "1a.a", "1-a.a", "1--a--b--2",
    "0.1", "01.1", "012.1", "1a.1", "1-a.1", "1--a--b--2.1",
    "a.b.c.d.e", "aa.bb.cc.dd.ee", "1.2.3.4.5", "11.22.33.44.55",
    "a".repeat(253),
  ],
  bad: [
    "", "A", "ABC", "aBc", "A1", "A-1", "1-A",
    "-", "a-", "-a", "1-", "-1",
    "_", "a_", "_a", "a_b", "1_", "_1", "1_2",
    ".", "a.", ".a", "a..b", "1.", ".1", "1..2",
    " ", "a ", " a", "a b", "1 ", " 1", "1 2",
    "A.a", "aB.a", "ab.A", "A1.a", "a1.A",
    "A.1", "aB.1", "A1.1", "1A.1",
    "0.A", "01.A", "012.A", "1A.a", "1a.A",
    "A.B.C.D.E", "AA.BB.CC.DD.EE", "a.B.c.d.e", "aa.bB.cc.dd.ee",
    "a@b", "a,b", "a_b", "a;b",
    "a:b", "a%b", "a?b", "a$b",
    "a".repeat(254),
  ],
};

export const dns1123SubdomainCaseless = {
  good: [
    "a", "ab", "abc", "a1", "a-1", "a--1--2--b",
    "0", "01", "012", "1a", "1-a", "1--a--b--2",
    "a.a", "ab.a", "abc.a", "a1.a", "a-1.a", "a--1--2--b.a",
    "a.1", "ab.1", "abc.1", "a1.1", "a-1.1", "a--1--2--b.1",
    "0.a", "01.a", "012.a", "1a.a", "1-a.a", "1--a--b--2",
    "0.1", "01.1", "012.1", "1a.1", "1-a.1", "1--a--b--2.1",
    "a.b.c.d.e", "aa.bb.cc.dd.ee", "1.2.3.4.5", "11.22.33.44.55",
    "A", "AB", "ABC", "A1", "A-1",
    "A.A", "AB.A", "ABC.A", "A1.A", "A-1.A",
    "A.B.C.D.E", "AA.BB.CC.DD.EE",
    "a.B.c.d.e", "aa.bB.cc.dd.ee",
    "a".repeat(253),
    "A".repeat(253),
  ],
  bad: [
    "",
    "-", "a-", "-a", "1-", "-1",
    "_", "a_", "_a", "a_b", "1_", "_1", "1_2",
    ".", "a.", ".a", "a..b", "1.", ".1", "1..2",
    " ", "a ", " a", "a b", "1 ", " 1", "1 2",
    "a@b", "a,b", "a_b", "a;b",
    "a:b", "a%b", "a?b", "a$b",
    "a".repeat(254),
  ],
};

export const dns1035Label = {
  good: ["a", "ab", "abc", "a1", "a-1", "a--1--2--b", "a".repeat(63)],
  bad: [
    "0", "01", "012", "1a", "1-a", "1--a--b--2",
    "", "A", "ABC", "aBc", "A1", "A-1", "1-A",
    "-", "a-", "-a", "1-", "-1",
    "_", "a_", "_a", "a_b", "1_", "_1", "1_2",
    ".", "a.", ".a", "a.b", "1.", ".1", "1.2",
    " ", "a ", " a", "a b", "1 ", " 1", "1 2",
    "a".repeat(64),
  ],
};

export const qualifiedName = {
  success: [
    "simple",
    "now-with-dashes",
    "1-starts-with-num",
    "1234",
    "simple/simple",
    "now-with-dashes/simple",
    "now-with-dashes/now-with-dashes",
    "now.with.dots/simple",
    "now-with.dashes-and.dots/simple",
    "1-num.2-num/3-num",
    "1234/5678",
    "1.2.3.4/5678",
    "Uppercase_Is_OK_123",
    "example.com/Uppercase_Is_OK_123",
    "requests.storage-foo",
    "a".repeat(63),
    "a".repeat(253) + "/" + "b".repeat(63),
  ],
  error: [
    "nospecialchars%^=@",
    "cantendwithadash-",
    "-cantstartwithadash-",
    "only/one/slash",
    "Example.com/abc",
    "example_com/abc",
    "example.com/",
    "/simple",
    "a".repeat(64),
    "a".repeat(254) + "/abc",
  ],
};

export const labelValue = {
  success: [
    "simple",
    "now-with-dashes",
    "1-starts-with-num",
    "end-with-num-1",
    "1234", // only num
    "a".repeat(63), // to the limit
    "", // empty value
  ],
  error: [
    "nospecialchars%^=@",
    "Tama-nui-te-rā.is.Māori.sun",
    "\\backslashes\\are\\bad",
    "-starts-with-dash",
    "ends-with-dash-",
    ".starts.with.dot",
    "ends.with.dot.",
    "a".repeat(64), // over the limit
  ],
};

/**
 * TestIsDomainPrefixedKey: the exact message IsLabelKey/IsQualifiedName
 * returns for a bad name part ("invalid key 5".."invalid key 8").
 */
const NAME_PART_MSG =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
export const qualifiedNameMessages: ReadonlyArray<{ value: string; message: string }> = [
  { value: "example.com/_e", message: NAME_PART_MSG },
  { value: "example.com/e_", message: NAME_PART_MSG },
  { value: "example.com/e?", message: NAME_PART_MSG },
  { value: "example.com/e_$", message: NAME_PART_MSG },
];

/**
 * TestIsFullyQualifiedName messageTests: substrings of the
 * IsDNS1123Subdomain message for these inputs.
 */
export const subdomainMessageSubstrings: ReadonlyArray<{ value: string; contains: string }> = [
  { value: "http://foo.k8s.io", contains: "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters" },
  { value: "example@foo.k8s.io", contains: "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters" },
  { value: "A.B.C", contains: "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters" },
];
