/**
 * Small helpers shared by the `security/*` rules (not a rule itself: the area index lists the rules).
 */
import { type DataPath, getIn, isEnvReference, isLocalhost, parseGoUrl } from '../api.js';

/**
 * A secret written inline: a non-empty string that is not a whole-value environment reference (`$NAME`, `${NAME}`).
 * A wrong type is the schema pass's business and an empty value `schema/empty-value`'s.
 */
export function isInlineSecret(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '' && !isEnvReference(value);
}

/**
 * The passwords written into a connection string, in the places `redactUrlPassword` (src/formats/host-port.ts) masks:
 * the user info of every `scheme://user:password@host` (also Go-MySQL's `mysql://user:password@tcp(host:3306)/db`),
 * a scheme-less Go-MySQL DSN `user:password@tcp(host)/db`, and libpq-style `password=...` pairs (in a query or a
 * key/value DSN). The formats module masks them but has no function that returns them, hence this one.
 */
export function connectionPasswords(value: string): string[] {
  const out: string[] = [];
  if (/[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(value)) {
    for (const match of value.matchAll(/[A-Za-z][A-Za-z0-9+.-]*:\/\/([^\s/?#]*)/g)) {
      const authority = match[1] ?? '';
      const at = authority.lastIndexOf('@');
      if (at < 0) continue;
      const userinfo = authority.slice(0, at);
      const colon = userinfo.indexOf(':');
      if (colon >= 0) out.push(userinfo.slice(colon + 1));
    }
  } else {
    const lastSlash = value.lastIndexOf('/');
    const base = lastSlash >= 0 ? value.slice(0, lastSlash) : value;
    const at = base.lastIndexOf('@');
    if (at > 0) {
      const userinfo = base.slice(0, at);
      const colon = userinfo.indexOf(':');
      if (colon >= 0 && !/\s/.test(userinfo)) out.push(userinfo.slice(colon + 1));
    }
  }
  for (const match of value.matchAll(/\bpassword\s*=\s*('(?:[^'\\]|\\.)*'|[^\s;&]*)/gi)) {
    const raw = match[1] ?? '';
    out.push(raw.startsWith("'") && raw.endsWith("'") && raw.length >= 2 ? raw.slice(1, -1) : raw);
  }
  return out;
}

/** True when a connection string carries a password that is neither empty nor an environment reference. */
export function hasInlineUrlPassword(value: string): boolean {
  return connectionPasswords(value).some((password) => {
    let decoded = password;
    try {
      decoded = decodeURIComponent(password);
    } catch {
      // Not valid percent-encoding: judge the text as written.
    }
    return isInlineSecret(decoded);
  });
}

/**
 * A plain `http://` URL to a host other than the loopback host (`localhost`, `*.localhost`, 127.0.0.0/8, `[::1]`),
 * where an unencrypted connection never leaves the machine. The scheme is matched case-insensitively, as Go and
 * browsers do. A URL too broken to parse still counts: whatever else is wrong with it, it asks for plain HTTP.
 */
export function isPlainHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const text = value.trim();
  if (!/^http:\/\//i.test(text)) return false;
  const parsed = parseGoUrl(text);
  return !(parsed.ok && isLocalhost(parsed.url.hostname));
}

/** The `true` of a boolean field; `yes`/`on` already decode to `true` (YAML 1.1), a string "true" is a type error. */
export function isTrueAt(data: unknown, path: DataPath): boolean {
  return getIn(data, path) === true;
}
