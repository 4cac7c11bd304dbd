/** Canonical 8-4-4-4-12 hexadecimal UUID/GUID (any version, any case). */
export function isUUID(s: string): boolean {
  return typeof s === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
}
