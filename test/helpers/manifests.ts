/**
 * The manifests tests write, built one way: `apiVersion`, `kind` and `metadata.name` on lines 1 to 4, then the body
 * from line 5. A test's positions follow from that.
 */

/** A `kind` manifest named `name` whose body (`spec:`, `status:`…, not indented) starts on line 5. */
export function manifest(kind: 'User' | 'Config', name: string, body: string): string {
  return `apiVersion: management.platform/v1\nkind: ${kind}\nmetadata:\n  name: ${name}\n${body}`;
}

/** A Config whose status is the given lines (indented by two spaces by the caller): they start on line 6. */
export function config(status: string, name = 'platform-config'): string {
  return manifest('Config', name, `status:\n${status}`);
}

/** A User whose spec is the given lines (indented by two spaces by the caller): they start on line 6. */
export function user(spec: string, name = 'jane'): string {
  return manifest('User', name, `spec:\n${spec}`);
}

/** A User whose spec is the given lines (each indented by the caller), one a line from line 6. */
export function userSpec(...lines: string[]): string {
  return user(lines.map((line) => `${line}\n`).join(''));
}

/** A Config with `platformHost: platform.example.com` (or `head`) and the given (indented) `status.auth` lines: auth starts on line 7. */
export function configWithAuth(auth: string, head = '  platformHost: platform.example.com\n'): string {
  return config(`${head}  auth:\n${auth}`, 'c');
}

/**
 * A Config whose `spec.raw` is written `raw: ${header}` (`|`, `>`, a quoted string) on line 6, the given lines of its
 * value (indented by the caller) from line 7, then the `status` lines given.
 */
export function configRaw(header: string, rawLines: readonly string[], status: readonly string[] = []): string {
  return manifest('Config', 'config', ['spec:', `  raw: ${header}`, ...rawLines, ...status].map((line) => `${line}\n`).join(''));
}
