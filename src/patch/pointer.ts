/** JSON Pointers (RFC 6901) as JSON Patch uses them, resolved over own properties only (`__proto__` is a key). */
import { isRecord } from '../platform/data.js';
import { pointerTokens } from '../engine/locator.js';

export type PointerParse = { ok: true; tokens: string[] } | { ok: false; reason: string };

export function parsePointer(pointer: string): PointerParse {
  if (pointer === '') return { ok: true, tokens: [] };
  if (!pointer.startsWith('/')) return { ok: false, reason: 'it must be empty or start with "/"' };
  if (/~(?![01])/.test(pointer)) return { ok: false, reason: '"~" must be escaped as "~0", and "/" inside a key as "~1"' };
  return { ok: true, tokens: pointerTokens(pointer) };
}

/** An array index as RFC 6901 writes it: 0, or digits without a leading zero. */
export function arrayIndex(token: string): number | undefined {
  return /^(?:0|[1-9]\d*)$/.test(token) ? Number(token) : undefined;
}

export function hasOwn(record: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(record, key);
}

/** The value a pointer names, or `found: false` with how many tokens did resolve. */
export function resolvePointer(root: unknown, tokens: readonly string[]): { found: true; value: unknown } | { found: false; depth: number } {
  let node = root;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    if (Array.isArray(node)) {
      const index = arrayIndex(token);
      if (index === undefined || index >= node.length) return { found: false, depth: i };
      node = node[index];
    } else if (isRecord(node) && hasOwn(node, token)) {
      node = node[token];
    } else {
      return { found: false, depth: i };
    }
  }
  return { found: true, value: node };
}

/** Whether `add` may write there: the parent is a container, and a list index is at most the length, or "-". */
export function addTarget(root: unknown, tokens: readonly string[]): 'ok' | 'noParent' | 'badIndex' {
  if (tokens.length === 0) return 'ok';
  const parent = resolvePointer(root, tokens.slice(0, -1));
  if (!parent.found) return 'noParent';
  const last = tokens[tokens.length - 1] as string;
  if (Array.isArray(parent.value)) {
    if (last === '-') return 'ok';
    const index = arrayIndex(last);
    return index !== undefined && index <= parent.value.length ? 'ok' : 'badIndex';
  }
  return isRecord(parent.value) ? 'ok' : 'noParent';
}
