/**
 * Base64 as Node's `Buffer.from(text, 'base64')` reads it, which is what platlint read base64 with before its core
 * had to run outside Node (lib/internal/buffer.js and src/string_bytes.cc of Node 20): both alphabets (`+/` and
 * `-_`), any other character skipped, the text ending at the first `=`, a last lone character dropped. Lenient on
 * purpose: where the platform is stricter (Go's StdEncoding, `goBase64Decode`), the caller checks the text first.
 * And bytes as UTF-8 text: leniently as Buffer#toString, or strictly as Go's utf8.Valid allows.
 */

const VALUES = new Int8Array(256).fill(-1);
[...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].forEach((c, i) => (VALUES[c.charCodeAt(0)] = i));
VALUES['-'.charCodeAt(0)] = 62;
VALUES['_'.charCodeAt(0)] = 63;
const PAD = '='.charCodeAt(0);

export function base64Bytes(text: string): Uint8Array {
  const out = new Uint8Array(Math.ceil((text.length * 3) / 4));
  let length = 0;
  let bits = 0;
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    // Node reads a string holding characters past U+00FF by the low byte of each.
    const code = text.charCodeAt(i) & 0xff;
    if (code === PAD) break;
    const value = VALUES[code] ?? -1;
    if (value < 0) continue;
    bits = ((bits << 6) | value) & 0xffffff;
    count += 6;
    if (count >= 8) {
      count -= 8;
      out[length++] = (bits >> count) & 0xff;
    }
  }
  return out.subarray(0, length);
}

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** Bytes as UTF-8 text, invalid sequences replaced by U+FFFD and a byte-order mark kept, as `Buffer#toString` does. */
export function utf8Text(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Bytes that are UTF-8 text, as that text (a byte-order mark kept, as Go's string(bytes) keeps it); undefined for any other bytes. */
export function strictUtf8Text(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** The UTF-8 text base64 holds (a Secret's `data`, `!!binary`, a base64 `spec.raw`). */
export function base64Text(text: string): string {
  return utf8Text(base64Bytes(text));
}

const STD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Standard base64 with its padding, every character of it, as Go's StdEncoding decodes it (line breaks removed first). */
export function isStdBase64(text: string): boolean {
  return STD_BASE64.test(text);
}

/** A string a `spec.raw` holds as base64 rather than as YAML text: base64 characters only, no colon, blank or line break. */
export function looksBase64(text: string): boolean {
  return text.length >= 8 && !/[:\n ]/.test(text.trim()) && /^[A-Za-z0-9+/=\r\n]+$/.test(text.trim());
}
