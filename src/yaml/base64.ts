/**
 * The text a base64 value carries (a `!!binary` scalar, a Config's `spec.raw` as the real API sends it, a Secret's
 * `data`), read as UTF-8. White space is ignored, as Go's decoders ignore line breaks; what callers accept as
 * base64 in the first place is theirs to check.
 */
export function textOfBase64(encoded: string): string {
  return Buffer.from(encoded.replace(/\s+/g, ''), 'base64').toString('utf8');
}
