/** HTTP header names and values as Go's httpguts checks them. */

/**
 * RFC 7230 `token` (1*tchar): what Go's `httpguts.ValidHeaderFieldName`
 * accepts for a header name. tchar = ALPHA / DIGIT /
 * "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~".
 */
export function isHttpToken(s: string): boolean {
  return typeof s === "string" && /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(s);
}

/** The value contains a carriage return or a line feed (header injection). */
export function hasCRLF(s: string): boolean {
  return typeof s === "string" && /[\r\n]/.test(s);
}

/**
 * Go's `httpguts.ValidHeaderFieldValue`: no control characters other than
 * horizontal tab (so no CR, LF, NUL, DEL).
 */
export function isHttpHeaderValue(s: string): boolean {
  // eslint-disable-next-line no-control-regex
  return typeof s === "string" && !/[\x00-\x08\x0a-\x1f\x7f]/.test(s);
}
