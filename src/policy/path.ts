/**
 * The small path language of `given` and of assertion fields: dotted keys, `[*]` (or `*`) for every item of a
 * list or every value of a mapping, `[0]` for one item, `['key.with.dots']` for keys that are not plain words.
 * A leading `$` or `$.` is accepted. Paths are evaluated on the document's plain data.
 */
import type { PathSegment } from '../engine/types.js';
import { isRecord } from '../platform/data.js';

export type PathStep = { kind: 'key'; key: string } | { kind: 'index'; index: number } | { kind: 'wildcard' };

/** `offsets[i]` is where step i starts in the text, for problems about one step. */
export type ParsedPath = { ok: true; steps: PathStep[]; offsets: number[] } | { ok: false; error: string; offset: number };

const PLAIN_KEY = /[^.[\]\s'"]/;

export function parsePath(text: string): ParsedPath {
  const steps: PathStep[] = [];
  const offsets: number[] = [];
  let i = 0;
  if (text.startsWith('$')) {
    i = 1;
    if (text[i] === '.') i++;
    if (i === text.length) return { ok: true, steps, offsets };
  }
  if (text.length === 0) return { ok: false, error: 'the path is empty', offset: 0 };
  let expectSegment = true;
  while (i < text.length) {
    const ch = text[i] ?? '';
    if (ch !== '.') offsets[steps.length] = i;
    if (ch === '[') {
      const close = text.indexOf(']', i + 1);
      const quote = text[i + 1];
      if (quote === "'" || quote === '"') {
        const end = text.indexOf(quote, i + 2);
        if (end < 0 || text[end + 1] !== ']') return { ok: false, error: `unterminated [${quote}...${quote}] key`, offset: i };
        steps.push({ kind: 'key', key: text.slice(i + 2, end) });
        i = end + 2;
      } else {
        if (close < 0) return { ok: false, error: 'missing "]"', offset: i };
        const inner = text.slice(i + 1, close).trim();
        if (inner === '*') steps.push({ kind: 'wildcard' });
        else if (/^\d+$/.test(inner)) steps.push({ kind: 'index', index: Number(inner) });
        else return { ok: false, error: `"[${inner}]" is not [*], an index like [0] or a quoted key like ['a.b']`, offset: i };
        i = close + 1;
      }
      expectSegment = false;
      continue;
    }
    if (ch === '.') {
      if (expectSegment) return { ok: false, error: 'empty path step (two dots, or a leading dot)', offset: i };
      i++;
      expectSegment = true;
      if (i === text.length) return { ok: false, error: 'the path ends with a dot', offset: i - 1 };
      continue;
    }
    if (!expectSegment) return { ok: false, error: `expected "." or "[" before "${ch}"`, offset: i };
    if (ch === '*') {
      steps.push({ kind: 'wildcard' });
      i++;
      expectSegment = false;
      continue;
    }
    let end = i;
    while (end < text.length && PLAIN_KEY.test(text[end] ?? '')) end++;
    if (end === i) return { ok: false, error: `unexpected "${ch}" (quote keys with special characters like ['a b'])`, offset: i };
    steps.push({ kind: 'key', key: text.slice(i, end) });
    i = end;
    expectSegment = false;
  }
  return { ok: true, steps, offsets };
}

export function hasWildcard(steps: readonly PathStep[]): boolean {
  return steps.some((s) => s.kind === 'wildcard');
}

export interface PathMatch {
  path: PathSegment[];
  value: unknown;
}

/** A mapping a path can step into: binary values (`!!binary`, bytes) are Uint8Arrays, objects without keys to select. */
function isSelectableMapping(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && !(value instanceof Uint8Array);
}

/**
 * Every existing node a path selects, with its concrete data path (base + steps). Keys that are missing, indexes
 * out of range and wildcards over scalars select nothing.
 */
export function expandPath(root: unknown, steps: readonly PathStep[], base: readonly PathSegment[] = []): PathMatch[] {
  let current: PathMatch[] = [{ path: [...base], value: root }];
  for (const step of steps) {
    const next: PathMatch[] = [];
    for (const { path, value } of current) {
      if (step.kind === 'key') {
        if (isSelectableMapping(value) && Object.prototype.hasOwnProperty.call(value, step.key)) next.push({ path: [...path, step.key], value: value[step.key] });
      } else if (step.kind === 'index') {
        if (Array.isArray(value) && step.index < value.length) next.push({ path: [...path, step.index], value: value[step.index] });
      } else if (Array.isArray(value)) {
        value.forEach((item, index) => next.push({ path: [...path, index], value: item }));
      } else if (isSelectableMapping(value)) {
        for (const key of Object.keys(value)) next.push({ path: [...path, key], value: value[key] });
      }
    }
    current = next;
    if (current.length === 0) break;
  }
  return current;
}

/** `spec.clusterRoles[*]` back from steps, for messages and explain. */
export function formatSteps(steps: readonly PathStep[]): string {
  let out = '';
  for (const step of steps) {
    if (step.kind === 'wildcard') out += '[*]';
    else if (step.kind === 'index') out += `[${step.index}]`;
    else if (/^[A-Za-z0-9_-]+$/.test(step.key)) out += out ? `.${step.key}` : step.key;
    else out += `['${step.key}']`;
  }
  return out;
}
