/**
 * A whole-value environment variable reference used as a secret placeholder:
 * `$NAME` or `${NAME}` with NAME = `[A-Za-z_][A-Za-z0-9_]*`.
 */
export function isEnvReference(s: string): boolean {
  return typeof s === "string" && /^\$(?:[A-Za-z_][A-Za-z0-9_]*|\{[A-Za-z_][A-Za-z0-9_]*\})$/.test(s);
}
