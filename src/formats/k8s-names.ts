/**
 * Kubernetes name and label formats, ported from apimachinery:
 *
 * - `k8s.io/apimachinery/pkg/util/validation/validation.go`
 * - `k8s.io/apimachinery/pkg/api/validate/content/{dns,kube}.go` (where newer
 *   apimachinery moved `IsDNS1123Label`, `IsDNS1123Subdomain`, `IsLabelKey`
 *   (= `IsQualifiedName`) and `IsLabelValue`)
 * - `k8s.io/apimachinery/pkg/api/validation/generic.go` (`NameIsDNSSubdomain`,
 *   `maskTrailingDash`)
 *
 * Every validator returns the list of problems (empty = valid), with the same
 * wording apimachinery uses, so rule messages read like the API server's.
 * Lengths are counted in UTF-8 bytes, as Go's `len(string)` does.
 */

const textEncoder = new TextEncoder();

/** Length in UTF-8 bytes (Go's `len(s)` for a string). */
export function byteLength(s: string): number {
  // Names and labels are nearly always ASCII, where bytes are characters: no need to encode.
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return textEncoder.encode(s).length;
  return s.length;
}

/** apimachinery `MaxLenError`. */
export function maxLenError(length: number): string {
  return `must be no more than ${length} characters`;
}

/** apimachinery `EmptyError`. */
export function emptyError(): string {
  return "must be non-empty";
}

/** apimachinery `RegexError`, including its exact (odd) spacing. */
export function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) {
    return `${msg} (regex used for validation is '${fmt}')`;
  }
  let out = `${msg} (e.g. `;
  examples.forEach((ex, i) => {
    if (i > 0) out += " or ";
    out += `'${ex}', `;
  });
  out += `regex used for validation is '${fmt}')`;
  return out;
}

/** The two checks of most formats, in apimachinery's order: at most `maxLength` bytes, then a whole match of `pattern`. */
function lengthAndPattern(value: string, maxLength: number, pattern: RegExp, patternError: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > maxLength) {
    errs.push(maxLenError(maxLength));
  }
  if (!pattern.test(value)) {
    errs.push(patternError);
  }
  return errs;
}

// ---------------------------------------------------------------------------
// DNS-1123 label / subdomain, DNS-1035 label
// ---------------------------------------------------------------------------

const DNS1123_LABEL_FMT = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
const DNS1123_LABEL_ERR_MSG =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
export const DNS1123_LABEL_MAX_LENGTH = 63;
const DNS1123_LABEL_RE = new RegExp(`^${DNS1123_LABEL_FMT}$`);

const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
const DNS1123_SUBDOMAIN_ERR_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const DNS1123_SUBDOMAIN_CASELESS_ERR_MSG =
  "an RFC 1123 subdomain must consist of alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
export const DNS1123_SUBDOMAIN_MAX_LENGTH = 253;
const DNS1123_SUBDOMAIN_RE = new RegExp(`^${DNS1123_SUBDOMAIN_FMT}$`);
// Go: regexp.MustCompile("^(?i)" + fmt). ASCII-only pattern, so JS /i is equivalent
// except for Go's extra folds of 'k' (U+212A KELVIN SIGN) and 's' (U+017F LONG S),
// which we add explicitly below.
const DNS1123_SUBDOMAIN_CASELESS_RE = /^[a-z0-9\u212a\u017f]([-a-z0-9\u212a\u017f]*[a-z0-9\u212a\u017f])?(\.[a-z0-9\u212a\u017f]([-a-z0-9\u212a\u017f]*[a-z0-9\u212a\u017f])?)*$/i;

const DNS1035_LABEL_FMT = "[a-z]([-a-z0-9]*[a-z0-9])?";
const DNS1035_LABEL_ERR_MSG =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
export const DNS1035_LABEL_MAX_LENGTH = 63;
const DNS1035_LABEL_RE = new RegExp(`^${DNS1035_LABEL_FMT}$`);

const DNS1123_SUBDOMAIN_ERROR = regexError(DNS1123_SUBDOMAIN_ERR_MSG, DNS1123_SUBDOMAIN_FMT, "example.com");
const DNS1123_SUBDOMAIN_CASELESS_ERROR = regexError(DNS1123_SUBDOMAIN_CASELESS_ERR_MSG, DNS1123_SUBDOMAIN_FMT, "Example.com");
const DNS1035_LABEL_ERROR = regexError(DNS1035_LABEL_ERR_MSG, DNS1035_LABEL_FMT, "my-name", "abc-123");

/** `IsDNS1123Label`: lowercase RFC 1123 label, at most 63 bytes (namespaces). */
export function isDNS1123Label(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > DNS1123_LABEL_MAX_LENGTH) {
    errs.push(maxLenError(DNS1123_LABEL_MAX_LENGTH));
  }
  if (!DNS1123_LABEL_RE.test(value)) {
    if (DNS1123_SUBDOMAIN_RE.test(value)) {
      // It was a valid subdomain and not a valid label. Since we already
      // checked length, it must be dots.
      errs.push("must not contain dots");
    } else {
      errs.push(regexError(DNS1123_LABEL_ERR_MSG, DNS1123_LABEL_FMT, "my-name", "123-abc"));
    }
  }
  return errs;
}

/** `IsDNS1123Subdomain`: lowercase RFC 1123 subdomain, at most 253 bytes (object names). */
export function isDNS1123Subdomain(value: string): string[] {
  return lengthAndPattern(value, DNS1123_SUBDOMAIN_MAX_LENGTH, DNS1123_SUBDOMAIN_RE, DNS1123_SUBDOMAIN_ERROR);
}

/**
 * `IsDNS1123SubdomainCaseless` (apimachinery `content/dns.go`): like
 * {@link isDNS1123Subdomain} but upper case letters are allowed.
 */
export function isDNS1123SubdomainCaseless(value: string): string[] {
  return lengthAndPattern(value, DNS1123_SUBDOMAIN_MAX_LENGTH, DNS1123_SUBDOMAIN_CASELESS_RE, DNS1123_SUBDOMAIN_CASELESS_ERROR);
}

/** `IsDNS1035Label`: like a DNS-1123 label but must start with a letter. */
export function isDNS1035Label(value: string): string[] {
  return lengthAndPattern(value, DNS1035_LABEL_MAX_LENGTH, DNS1035_LABEL_RE, DNS1035_LABEL_ERROR);
}

// ---------------------------------------------------------------------------
// generateName (NameIsDNSSubdomain / NameIsDNSLabel with prefix=true)
// ---------------------------------------------------------------------------

/**
 * apimachinery `maskTrailingDash`: if the name ends in `-`, the last TWO
 * characters are replaced by `a` (that is the upstream code, verbatim:
 * `name[:len(name)-2] + "a"`). Older apimachinery guards `len(name) > 1`; newer
 * code lacks the guard and would panic on `"-"`. We keep the guard, so a lone
 * `"-"` is reported as invalid instead.
 */
export function maskTrailingDash(name: string): string {
  if (name.length > 1 && name.endsWith("-")) {
    // Go slices bytes; the char before the dash is ASCII in every name that can
    // pass validation afterwards, and a non-ASCII one fails either way.
    return name.slice(0, name.length - 2) + "a";
  }
  return name;
}

/**
 * `NameIsDNSSubdomain(name, prefix)`: the check the API server runs on
 * `metadata.name` (prefix=false) and `metadata.generateName` (prefix=true).
 */
export function nameIsDNSSubdomain(name: string, prefix: boolean): string[] {
  return isDNS1123Subdomain(prefix ? maskTrailingDash(name) : name);
}

/** `NameIsDNSLabel(name, prefix)` (namespaces and other label-named objects). */
export function nameIsDNSLabel(name: string, prefix: boolean): string[] {
  return isDNS1123Label(prefix ? maskTrailingDash(name) : name);
}

/**
 * A `metadata.generateName` for a DNS-subdomain-named kind: apimachinery's
 * `NameIsDNSSubdomain(value, true)`, so a trailing `-` is fine.
 */
export function isGenerateNamePrefix(value: string): string[] {
  return nameIsDNSSubdomain(value, true);
}

// ---------------------------------------------------------------------------
// Qualified names (label keys, annotation keys, finalizers) and label values
// ---------------------------------------------------------------------------

const QUALIFIED_NAME_CHAR_FMT = "[A-Za-z0-9]";
const QUALIFIED_NAME_EXT_CHAR_FMT = "[-A-Za-z0-9_.]";
const QUALIFIED_NAME_FMT = `(${QUALIFIED_NAME_CHAR_FMT}${QUALIFIED_NAME_EXT_CHAR_FMT}*)?${QUALIFIED_NAME_CHAR_FMT}`;
const QUALIFIED_NAME_ERR_MSG =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
export const QUALIFIED_NAME_MAX_LENGTH = 63;
const QUALIFIED_NAME_RE = new RegExp(`^${QUALIFIED_NAME_FMT}$`);

/**
 * `IsQualifiedName` (= `content.IsLabelKey` in newer apimachinery): an
 * optional DNS-1123 subdomain prefix (<= 253) and `/`, then a name of at most
 * 63 bytes matching `([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]`.
 *
 * Messages use the long-standing "a qualified name ..." wording for the
 * too-many-slashes case (newer apimachinery says "a valid label key ...").
 */
export function isQualifiedName(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split("/");
  let name: string;
  if (parts.length === 1) {
    name = parts[0] ?? "";
  } else if (parts.length === 2) {
    const prefix = parts[0] ?? "";
    name = parts[1] ?? "";
    if (prefix.length === 0) {
      errs.push("prefix part " + emptyError());
    } else {
      const msgs = isDNS1123Subdomain(prefix);
      for (const m of msgs) errs.push("prefix part " + m);
    }
  } else {
    errs.push(
      "a qualified name " +
        regexError(QUALIFIED_NAME_ERR_MSG, QUALIFIED_NAME_FMT, "MyName", "my.name", "123-abc") +
        " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    );
    return errs;
  }
  if (name.length === 0) {
    errs.push("name part " + emptyError());
  } else if (byteLength(name) > QUALIFIED_NAME_MAX_LENGTH) {
    errs.push("name part " + maxLenError(QUALIFIED_NAME_MAX_LENGTH));
  }
  if (!QUALIFIED_NAME_RE.test(name)) {
    errs.push("name part " + regexError(QUALIFIED_NAME_ERR_MSG, QUALIFIED_NAME_FMT, "MyName", "my.name", "123-abc"));
  }
  return errs;
}

/** Label keys are qualified names (`content.IsLabelKey`). */
export const isLabelKey = isQualifiedName;

/**
 * Finalizer names: apimachinery's generic `ValidateFinalizerName` (the one an
 * aggregated API server such as the platform's runs) is exactly
 * `IsQualifiedName`. (Core Kubernetes additionally requires a `/` unless the
 * name is a standard finalizer; that extra rule is not applied here.)
 */
export function isFinalizerName(value: string): string[] {
  return isQualifiedName(value);
}

const LABEL_VALUE_FMT = `(${QUALIFIED_NAME_FMT})?`;
const LABEL_VALUE_ERR_MSG =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
export const LABEL_VALUE_MAX_LENGTH = 63;
const LABEL_VALUE_RE = new RegExp(`^${LABEL_VALUE_FMT}$`);
const LABEL_VALUE_ERROR = regexError(LABEL_VALUE_ERR_MSG, LABEL_VALUE_FMT, "MyValue", "my_value", "12345");

/** `IsValidLabelValue` (= `content.IsLabelValue`): <= 63 bytes, may be empty. */
export function isValidLabelValue(value: string): string[] {
  return lengthAndPattern(value, LABEL_VALUE_MAX_LENGTH, LABEL_VALUE_RE, LABEL_VALUE_ERROR);
}

/**
 * Total size limit of `metadata.annotations` (keys + values, in bytes), as in
 * apimachinery `ValidateAnnotationsSize` (`TotalAnnotationSizeLimitB`).
 */
export const TOTAL_ANNOTATION_SIZE_LIMIT_BYTES = 256 * (1 << 10); // 262144

/** Sum of key and value byte lengths, as apimachinery counts it; a value that is not a string counts as empty. */
export function annotationsSize(annotations: Iterable<readonly [string, unknown]>): number {
  let total = 0;
  for (const [k, v] of annotations) total += byteLength(k) + (typeof v === 'string' ? byteLength(v) : 0);
  return total;
}

// ---------------------------------------------------------------------------
// Domain names
// ---------------------------------------------------------------------------

/**
 * A DNS domain name as used in `hostedDomains` (Google Workspace domains) and
 * other host-name fields.
 *
 * Choice: this is apimachinery's `IsDNS1123SubdomainCaseless` (RFC 1123
 * syntax, <= 253 bytes, upper case allowed, no trailing dot, no wildcard, no
 * IDN: use punycode `xn--...`). Upper case is accepted as *syntax* because DNS
 * is case-insensitive; note that Dex's Google connector compares the ID
 * token's `hd` claim (always lower case) to `hostedDomains` with `==`, so a
 * rule should additionally warn when a hosted domain is not lower case (see
 * {@link isLowercaseDomainName}).
 */
export function isDomainName(value: string): string[] {
  return isDNS1123SubdomainCaseless(value);
}

/** True when `value` is a valid domain name and already lower case. */
export function isLowercaseDomainName(value: string): boolean {
  return isDNS1123Subdomain(value).length === 0;
}
