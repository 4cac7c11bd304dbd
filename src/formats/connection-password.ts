/**
 * Where a connection string (a URL, a Go-MySQL DSN, a libpq key=value string) writes its passwords, as offsets: the
 * one reading shared by `security/plaintext-secret` (is a password written inline?), the redaction of values quoted
 * in messages, and the engine's masking of secrets (src/engine/secrets.ts), so that what the rule calls a password
 * is what every output hides.
 */
import { isEnvReference } from "./env-reference.js";

/** Where a connection string writes a password: a user info (`user:password@`), or a `password=` pair. */
export type PasswordPlace = "userinfo" | "pair";

/** A password in a connection string: the offsets of what is written there (a pair's quotes included). */
export interface PasswordSpan {
  start: number;
  end: number;
  place: PasswordPlace;
  /** The password: the text at the offsets, a pair's quotes left out. */
  password: string;
}

const SCHEME_CHAR = /[A-Za-z0-9+.-]/;
const LETTER = /[A-Za-z]/;
const SPACE = /\s/;
const WORD_CHAR = /\w/;

/**
 * The password of the user info in `s[from, to)`, the text after a `scheme://` up to white space. Errs on the side
 * of taking too much: a password may itself contain `@`, `/`, `?` or `#` (which Go's parser would mis-split), so it
 * runs to the last `@` before a query or fragment (else the last `@`), and must never leak.
 */
function userinfoPassword(s: string, from: number, to: number): PasswordSpan | undefined {
  const tok = s.slice(from, to);
  const firstColon = tok.indexOf(":");
  if (firstColon < 0 || /[/?#@]/.test(tok.slice(0, firstColon))) return undefined; // the colon is not in a user info
  const lastAt = tok.lastIndexOf("@");
  if (lastAt < 0) return undefined;
  const query = tok.search(/[?#]/);
  const beforeQuery = query < 0 ? lastAt : tok.lastIndexOf("@", query);
  const chosen = beforeQuery >= 0 ? beforeQuery : lastAt;
  // host:port/path@... : the "password" is really a port followed by a path.
  if (/^[0-9]*\//.test(tok.slice(firstColon + 1, chosen))) return undefined;
  return { start: from + firstColon + 1, end: from + chosen, place: "userinfo", password: tok.slice(firstColon + 1, chosen) };
}

/**
 * The user info passwords of every `scheme://` of `s` (what /([A-Za-z][A-Za-z0-9+.-]*:\/\/)(\S*)/g finds), found
 * from each "://" and walked back, since that pattern retries at every letter of a long run and so takes time
 * quadratic in it. Undefined when `s` has no scheme.
 */
function schemePasswords(s: string): PasswordSpan[] | undefined {
  const spans: PasswordSpan[] = [];
  let from = 0;
  for (let at = s.indexOf("://"); at >= 0; at = s.indexOf("://", Math.max(at + 1, from))) {
    let start = at;
    while (start > from && SCHEME_CHAR.test(s[start - 1] as string)) start--;
    while (start < at && !LETTER.test(s[start] as string)) start++;
    if (start === at) continue;
    let end = at + 3;
    while (end < s.length && !SPACE.test(s[end] as string)) end++;
    const span = userinfoPassword(s, at + 3, end);
    if (span) spans.push(span);
    from = end;
  }
  return from === 0 ? undefined : spans;
}

/** A Go-MySQL DSN without a scheme, `user:password@proto(addr)/dbname`: the driver splits at the last '/', then at the last '@'. */
function dsnPassword(s: string): PasswordSpan | undefined {
  const lastSlash = s.lastIndexOf("/");
  const base = lastSlash >= 0 ? s.slice(0, lastSlash) : s;
  const at = base.lastIndexOf("@");
  if (at <= 0) return undefined;
  const userinfo = base.slice(0, at);
  const colon = userinfo.indexOf(":");
  if (colon < 0 || SPACE.test(userinfo)) return undefined;
  return { start: colon + 1, end: at, place: "userinfo", password: userinfo.slice(colon + 1) };
}

/** The end of a single-quoted value opened at `open` (after its closing quote, `\` escaping), or -1 when unclosed. */
function closingQuote(s: string, open: number): number {
  for (let i = open + 1; i < s.length; i++) {
    if (s[i] === "\\") i++;
    else if (s[i] === "'") return i + 1;
  }
  return -1;
}

/**
 * The `password=value` pairs of `s` (libpq's `password=... host=...`, query parameters), as
 * /\bpassword\s*=\s*('(?:[^'\\]|\\.)*'|[^\s;&]*)/gi reads them: a quoted value may hold blanks, else the value runs
 * to a blank, `;` or `&`, and the next pair is looked for after the value.
 */
function pairPasswords(s: string): PasswordSpan[] {
  const spans: PasswordSpan[] = [];
  const keyword = /password/gi;
  for (let match = keyword.exec(s); match; match = keyword.exec(s)) {
    if (match.index > 0 && WORD_CHAR.test(s[match.index - 1] as string)) continue;
    let i = match.index + match[0].length;
    while (i < s.length && SPACE.test(s[i] as string)) i++;
    if (s[i] !== "=") continue;
    i++;
    while (i < s.length && SPACE.test(s[i] as string)) i++;
    let end = s[i] === "'" ? closingQuote(s, i) : -1;
    const quoted = end >= 0;
    if (!quoted) for (end = i; end < s.length && !SPACE.test(s[end] as string) && s[end] !== ";" && s[end] !== "&"; ) end++;
    spans.push({ start: i, end, place: "pair", password: quoted ? s.slice(i + 1, end - 1) : s.slice(i, end) });
    keyword.lastIndex = Math.max(end, keyword.lastIndex);
  }
  return spans;
}

/**
 * Every password a connection string holds, in order: the user info of every `scheme://` occurrence (also
 * Go-MySQL's `mysql://user:password@tcp(host:3306)/db`), or of a Go-MySQL DSN without a scheme
 * (`user:password@tcp(host)/db`), then the `password=...` pairs outside those (libpq style, and query parameters).
 * Also read on a whole file's text (comments, keys, lines that do not parse), where taking too much is the safe side.
 */
export function connectionPasswordSpans(s: string): PasswordSpan[] {
  if (typeof s !== "string") return [];
  const userinfos = schemePasswords(s) ?? [dsnPassword(s)].filter((span) => span !== undefined);
  const pairs = s.includes("=") ? pairPasswords(s) : [];
  if (pairs.length === 0) return userinfos;
  // A pair inside a user info (`x://u:password=pw@h`) or a user info inside a pair's value: one password, both taken.
  const spans: PasswordSpan[] = [];
  for (const span of [...userinfos, ...pairs].sort((a, b) => a.start - b.start)) {
    const last = spans[spans.length - 1];
    if (last && span.start < last.end) {
      const end = Math.max(last.end, span.end);
      spans[spans.length - 1] = { ...last, end, password: s.slice(last.start, end) };
    } else {
      spans.push(span);
    }
  }
  return spans;
}

/** Whether a string may hold a password connectionPasswordSpans finds: for collecting candidates cheaply. */
export function mayHoldConnectionPassword(s: string): boolean {
  return s.includes("@") || (s.includes("=") && /password/i.test(s));
}

/**
 * A password written inline: one that is neither blank nor an environment reference (`$NAME`, `${NAME}`), as
 * written or percent-decoded (`postgres://audit:%24%7BPW%7D@db/x` is the reference `${PW}`).
 */
export function isInlinePassword(password: string): boolean {
  let decoded = password;
  try {
    decoded = decodeURIComponent(password);
  } catch {
    // Not valid percent-encoding: judge the text as written.
  }
  return decoded.trim() !== "" && !isEnvReference(decoded);
}

/** The passwords of a connection string written inline (isInlinePassword): what the rule reports and the engine masks. */
export function inlineConnectionPasswords(s: string): PasswordSpan[] {
  return connectionPasswordSpans(s).filter((span) => isInlinePassword(span.password));
}

export const REDACTED = "****";

/**
 * `s` with the password of any URL user info replaced by `****` (`postgres://user:secret@db/x` ->
 * `postgres://user:****@db/x`), and of the other places connectionPasswordSpans reads. The user name is kept; an
 * empty `password=` stays empty. A string without a password is returned unchanged. When in doubt (a password
 * containing `@`, `/`, `?`, `#`) more is hidden rather than less.
 */
export function redactUrlPassword(s: string): string {
  if (typeof s !== "string") return s;
  let out = "";
  let at = 0;
  for (const span of connectionPasswordSpans(s)) {
    if (span.place === "pair" && span.start === span.end) continue;
    out += s.slice(at, span.start) + REDACTED;
    at = span.end;
  }
  return at === 0 ? s : out + s.slice(at);
}

/** The passwords a connection string holds, where `redactUrlPassword` masks them; a pair's value without its quotes. */
export function connectionPasswords(s: string): string[] {
  return connectionPasswordSpans(s).map((span) => span.password);
}
