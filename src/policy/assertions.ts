/**
 * The declarative assertions of a policy rule: `required`, `forbidden`, `pattern`, `enum`, `exactlyOneOf`, each on
 * field paths relative to the matched node. They run on the plain data (no CEL) and report the exact field.
 */
import { RE2JS } from 're2js';
import type { PathSegment } from '../engine/types.js';
import { displayPath, isRecord, isSet } from '../platform/data.js';
import { describeValue } from '../yaml/describe-value.js';
import { expandPath, hasWildcard, type PathStep } from './path.js';

export interface CompiledAssertions {
  required: { field: string; parent: PathStep[]; key: string }[];
  forbidden: { field: string; steps: PathStep[] }[];
  pattern: { field: string; steps: PathStep[]; source: string; regex: RE2JS }[];
  enum: { field: string; steps: PathStep[]; values: unknown[] }[];
  exactlyOneOf: { field: string; steps: PathStep[] }[];
}

export interface AssertionViolation {
  path: PathSegment[];
  at: 'key' | 'value';
  detail: string;
}

/** The concrete path a wildcard-free path would have, whether or not it exists. */
function literalPath(base: readonly PathSegment[], steps: readonly PathStep[]): PathSegment[] {
  return [...base, ...steps.map((s) => (s.kind === 'key' ? s.key : s.kind === 'index' ? s.index : '*'))];
}

function present(node: unknown, steps: readonly PathStep[], base: readonly PathSegment[]): PathSegment[][] {
  return expandPath(node, steps, base).filter((m) => isSet(m.value)).map((m) => m.path);
}

export function runAssertions(assertions: CompiledAssertions, node: unknown, base: readonly PathSegment[]): AssertionViolation[] {
  const out: AssertionViolation[] = [];
  // Missing required fields are grouped by parent: one violation per mapping, naming every missing field.
  const missing = new Map<string, PathSegment[][]>();
  const addMissing = (parentPath: PathSegment[], key: string): void => {
    const id = JSON.stringify(parentPath);
    missing.set(id, [...(missing.get(id) ?? []), [...parentPath, key]]);
  };
  for (const { parent, key } of assertions.required) {
    const parents = expandPath(node, parent, base);
    if (parents.length === 0 && !hasWildcard(parent)) addMissing(literalPath(base, parent), key);
    for (const match of parents) {
      if (!isRecord(match.value) || !isSet(match.value[key])) addMissing(match.path, key);
    }
  }
  for (const paths of missing.values()) {
    const names = paths.map((p) => displayPath(p));
    const list = names.length === 1 ? `${names[0]} is` : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} are`;
    out.push({ path: paths[0] ?? [...base], at: 'key', detail: `${list} required` });
  }
  for (const { steps } of assertions.forbidden) {
    for (const path of present(node, steps, base)) out.push({ path, at: 'key', detail: `${displayPath(path)} must not be set` });
  }
  for (const { steps, source, regex } of assertions.pattern) {
    for (const match of expandPath(node, steps, base)) {
      if (!isSet(match.value)) continue;
      const value = match.value;
      const text = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
      if (text !== undefined && regex.matcher(text).find()) continue;
      const shown = text === undefined ? describeValue(value) : `"${text}"`;
      out.push({ path: match.path, at: 'value', detail: `${displayPath(match.path)} is ${shown}, which does not match the pattern ${source}` });
    }
  }
  for (const { steps, values } of assertions.enum) {
    for (const match of expandPath(node, steps, base)) {
      if (!isSet(match.value) || values.some((v) => v === match.value)) continue;
      const allowed = values.map((v) => (typeof v === 'string' ? `"${v}"` : String(v)));
      const expected = allowed.length === 1 ? allowed[0] : `one of ${allowed.join(', ')}`;
      out.push({ path: match.path, at: 'value', detail: `${displayPath(match.path)} is ${describeValue(match.value)}, not ${expected}` });
    }
  }
  if (assertions.exactlyOneOf.length) {
    const found = assertions.exactlyOneOf.map((f) => ({ field: f.field, paths: present(node, f.steps, base) })).filter((f) => f.paths.length > 0);
    if (found.length !== 1) {
      const fields = assertions.exactlyOneOf.map((f) => f.field).join(', ');
      const where = base.length ? ` in ${displayPath(base)}` : '';
      const second = found[1]?.paths[0];
      if (second) {
        out.push({ path: second, at: 'key', detail: `Exactly one of ${fields} must be set${where}, but ${found.map((f) => f.field).join(' and ')} are` });
      } else {
        out.push({ path: [...base], at: typeof base[base.length - 1] === 'string' ? 'key' : 'value', detail: `Exactly one of ${fields} must be set${where}, but none is` });
      }
    }
  }
  return out;
}
