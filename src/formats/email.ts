/**
 * E-mail addresses: a bare RFC 5322 addr-spec (`local@domain`) following the
 * grammar of Go's `net/mail.ParseAddress` (`consumeAddrSpec`), which is what
 * Go services use to validate an address.
 *
 * Accepted:
 * - local part: a dot-atom (RFC 5322 atext: letters, digits and
 *   ``!#$%&'*+-/=?^_`{|}~``, plus any non-ASCII character as RFC 6532 allows;
 *   dots only between atoms: no leading, trailing or double dot) or a
 *   non-empty quoted string (`"john doe"@example.com`; `\` escapes a VCHAR,
 *   space or tab);
 * - `@`;
 * - domain: a dot-atom (same character set; Go does not require a dot or a
 *   TLD, so `root@localhost` is valid) or a domain literal holding an IP
 *   address (`user@[192.0.2.1]`, `user@[IPv6:...]` is NOT accepted by Go).
 *
 * Rejected although `mail.ParseAddress` would take them, because they are not
 * a bare address: display names (`John <j@x.org>`), angle brackets, comments
 * (`j@x.org (John)`), surrounding or embedded folding white space (Go skips
 * spaces after `@` and around the address), and address groups.
 */
import { goQuote, goQuoteRune } from "./go-quote.js";
import type { ParseResult } from "./parse-result.js";
import { netParseIP } from "./netip.js";

export type EmailResult = ParseResult<{ local: string; domain: string }>;

const SPECIALS = new Set(["(", ")", "<", ">", "[", "]", ":", ";", "@", "\\", ",", '"']);

function isVchar(cp: number): boolean {
  return (cp >= 0x21 && cp <= 0x7e) || cp >= 0x80;
}

function isAtext(ch: string, dot: boolean): boolean {
  if (ch === ".") return dot;
  if (SPECIALS.has(ch)) return false;
  return isVchar(ch.codePointAt(0) ?? 0);
}

function isWSP(ch: string): boolean {
  return ch === " " || ch === "\t";
}

function isQtext(ch: string): boolean {
  if (ch === "\\" || ch === '"') return false;
  return isVchar(ch.codePointAt(0) ?? 0);
}

function isDtext(ch: string): boolean {
  if (ch === "[" || ch === "]" || ch === "\\") return false;
  return isVchar(ch.codePointAt(0) ?? 0);
}

function hasUnpairedSurrogate(s: string): boolean {
  return /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
}

/** Consume a dot-atom at `chars[i]`; returns the end index or an error. */
function consumeDotAtom(chars: string[], i: number): { end: number } | { error: string } {
  let j = i;
  while (j < chars.length && isAtext(chars[j] as string, true)) j++;
  if (j === i) return { error: "mail: invalid string" };
  const atom = chars.slice(i, j).join("");
  if (atom.startsWith(".")) return { error: "mail: leading dot in atom" };
  if (atom.includes("..")) return { error: "mail: double dot in atom" };
  if (atom.endsWith(".")) return { error: "mail: trailing dot in atom" };
  return { end: j };
}

/** Parse a bare addr-spec. Error texts follow Go's `net/mail`. */
export function parseEmail(s: string): EmailResult {
  if (typeof s !== "string") return { ok: false, reason: "mail: not a string" };
  if (s.length === 0) return { ok: false, reason: "mail: no address" };
  if (hasUnpairedSurrogate(s)) return { ok: false, reason: "mail: invalid utf-8 in address" };
  const chars = Array.from(s);
  let i = 0;
  let local: string;

  if (chars[0] === '"') {
    // quoted-string
    i = 1;
    let qs = "";
    let escaped = false;
    for (;;) {
      const ch = chars[i];
      if (ch === undefined) return { ok: false, reason: "mail: unclosed quoted-string" };
      if (escaped) {
        if (!isVchar(ch.codePointAt(0) ?? 0) && !isWSP(ch)) {
          return { ok: false, reason: `mail: bad character in quoted-string: ${goQuoteRune(ch)}` };
        }
        qs += ch;
        escaped = false;
      } else if (isQtext(ch) || isWSP(ch)) {
        qs += ch;
      } else if (ch === '"') {
        break;
      } else if (ch === "\\") {
        escaped = true;
      } else {
        return { ok: false, reason: `mail: bad character in quoted-string: ${goQuoteRune(ch)}` };
      }
      i++;
    }
    i++; // closing quote
    if (qs === "") return { ok: false, reason: "mail: empty quoted-string in addr-spec" };
    local = chars.slice(0, i).join("");
  } else {
    const r = consumeDotAtom(chars, 0);
    if ("error" in r) return { ok: false, reason: r.error };
    i = r.end;
    local = chars.slice(0, i).join("");
  }

  if (chars[i] !== "@") return { ok: false, reason: "mail: missing @ in addr-spec" };
  i++;
  if (i >= chars.length) return { ok: false, reason: "mail: no domain in addr-spec" };

  let domainEnd: number;
  if (chars[i] === "[") {
    // domain-literal: must hold an IP address
    let j = i + 1;
    let dtext = "";
    for (;;) {
      const ch = chars[j];
      if (ch === undefined) return { ok: false, reason: "mail: unclosed domain-literal" };
      if (ch === "]") break;
      if (!isDtext(ch)) return { ok: false, reason: `mail: bad character in domain-literal: ${goQuoteRune(ch)}` };
      dtext += ch;
      j++;
    }
    if (netParseIP(dtext) === undefined) {
      return { ok: false, reason: `mail: invalid IP address in domain-literal: ${goQuote(dtext)}` };
    }
    domainEnd = j + 1;
  } else {
    const r = consumeDotAtom(chars, i);
    if ("error" in r) return { ok: false, reason: r.error };
    domainEnd = r.end;
  }
  if (domainEnd !== chars.length) {
    return { ok: false, reason: `mail: expected single address, got ${goQuote(chars.slice(domainEnd).join(""))}` };
  }
  return { ok: true, local, domain: chars.slice(i, domainEnd).join("") };
}

/** True when `s` is a bare e-mail address (see module doc). */
export function isEmail(s: string): boolean {
  return parseEmail(s).ok;
}
