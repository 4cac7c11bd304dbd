import { isMap, isPair, isScalar, isSeq, type Node, type Pair } from 'yaml';
import type { NodeSpace, OffsetRange } from './document.js';

/** Keys whose values are credentials; RULES.md "Secrets". */
export const SECRET_KEYS: ReadonlySet<string> = new Set(['clientSecret', 'password', 'token', 'caData']);
export const MASK = '****';

const ENV_REFERENCE = /^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?$/;
// The lookbehind anchors a match at the start of a scheme, so long runs of letters cannot backtrack quadratically.
const URL_PASSWORD = /(?<![a-z0-9+.-])([a-z][a-z0-9+.-]*:\/\/[^:/@\s]*:)([^@\s/]+)(@)/gi;

export interface SecretMap {
  /** File ranges to mask in code frames. */
  ranges: OffsetRange[];
  /** Secret strings to scrub from messages. */
  values: Set<string>;
}

function addScalar(space: NodeSpace, node: Node, isSecretKey: boolean, out: SecretMap): void {
  if (!isScalar(node) || typeof node.value !== 'string' || !node.range) return;
  const value = node.value;
  const toFile = (n: number): number => (space.toFile ? space.toFile(n) : n);
  if (isSecretKey && value !== '' && !ENV_REFERENCE.test(value)) {
    out.values.add(value);
    out.ranges.push(space.fallback ?? [toFile(node.range[0]), toFile(node.range[1] - 1) + 1]);
    return;
  }
  if (!value.includes('://')) return;
  for (const match of value.matchAll(URL_PASSWORD)) {
    const password = match[2] ?? '';
    out.values.add(password);
    const source = space.text.slice(node.range[0], node.range[1]);
    const at = source.indexOf(match[0]);
    if (space.fallback) out.ranges.push(space.fallback);
    else if (at < 0) out.ranges.push([toFile(node.range[0]), toFile(node.range[1] - 1) + 1]);
    else {
      const start = node.range[0] + at + (match[1] ?? '').length;
      out.ranges.push([toFile(start), toFile(start + password.length - 1) + 1]);
    }
  }
}

/** Finds every secret value in the given node spaces (the file's documents and embedded raw configs). */
export function collectSecrets(spaces: readonly NodeSpace[]): SecretMap {
  const out: SecretMap = { ranges: [], values: new Set() };
  for (const space of spaces) {
    if (!space.root) continue;
    // A plain recursive walk: yaml's generic `visit` costs several times more on every file with a diagnostic.
    const pair = (item: Pair): void => {
      if (isScalar(item.key) && item.value) addScalar(space, item.value as Node, SECRET_KEYS.has(String(item.key.value)), out);
      walk(item.key);
      walk(item.value);
    };
    const walk = (node: unknown): void => {
      if (isMap(node)) {
        for (const item of node.items) pair(item);
      } else if (isSeq(node)) {
        for (const item of node.items) {
          if (isPair(item)) pair(item);
          else {
            addScalar(space, item as Node, false, out);
            walk(item);
          }
        }
      } else if (isPair(node)) {
        pair(node);
      }
    };
    try {
      walk(space.root);
    } catch {
      // Nesting too deep to walk: hide the whole text rather than risk showing a secret.
      out.ranges.push([0, Number.MAX_SAFE_INTEGER]);
    }
  }
  return out;
}

export function scrubMessage(message: string, secrets: SecretMap): string {
  let result = message;
  for (const value of secrets.values) {
    // Very short values would mangle ordinary words; rules never interpolate secret values in the first place.
    if (value.length >= 4) result = result.split(value).join(MASK);
  }
  return result;
}

/** One source line with every secret inside it replaced by the mask. */
export function maskLine(text: string, lineStart: number, secrets: SecretMap): string {
  const lineEnd = lineStart + text.length;
  const overlapping = secrets.ranges
    .filter(([s, e]) => s < lineEnd && e > lineStart)
    .sort((a, b) => b[0] - a[0]);
  let line = text;
  for (const [s, e] of overlapping) {
    const from = Math.max(0, s - lineStart);
    const to = Math.min(text.length, e - lineStart);
    line = line.slice(0, from) + MASK + line.slice(to);
  }
  return line;
}
