/**
 * Small helpers shared by the `security/*` rules (not a rule itself: the area index lists the rules).
 */
import { type DataPath, getIn, inlineConnectionPasswords, isEnvReference, isLocalhost, parseGoUrl } from '../api.js';

/**
 * A secret written inline: a non-empty string that is not a whole-value environment reference (`$NAME`, `${NAME}`).
 * A wrong type is the schema pass's business and an empty value `schema/empty-value`'s.
 */
export function isInlineSecret(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '' && !isEnvReference(value);
}

/**
 * True when a connection string carries a password that is neither empty nor an environment reference: one the
 * engine masks in every output, being read by the same helper.
 */
export function hasInlineUrlPassword(value: string): boolean {
  return inlineConnectionPasswords(value).length > 0;
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
