import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { oracleCases, type OracleCase } from '../oracle/cases.js';
import type { Diagnostic } from '../../src/engine/types.js';
import { lint } from '../helpers/lint.js';

/**
 * The differential test: every case of the table (test/oracle/cases.ts) against what the platform's Go decoder
 * answered when it was recorded (fixtures/go-oracle/recorded.jsonl, `npm run oracle:record`). The mapping from
 * Go's verdict to platlint's is the one the README's "How values are read" states:
 * - Go refuses the object: platlint reports an error, on the value's line;
 * - Go keeps it but reads a value differently from how it is written: no error, a warning on the value's line
 *   naming the value the platform reads;
 * - Go reads what is written: no error and no warning.
 */

interface Conv { json?: unknown; error?: string }
interface Decode { ok: boolean; error?: string; value?: unknown }
interface GoAnswer {
  yamlToJSON: Conv;
  yamlToJSONStrict: Conv;
  server?: Decode;
  serverValidation?: string;
  raw?: Decode;
  rawStrict?: Decode;
  scalar?: { type?: string; value?: string; error?: string };
}
interface Recorded { id: string; yaml: string; raw: string | null; go: GoAnswer[] }

/** Integers that a JS number would round stay exact, as `{ int: "digits" }`. */
function parseExact(line: string): unknown {
  let marked = '';
  let i = 0;
  while (i < line.length) {
    const ch = line[i] ?? '';
    if (ch === '"') {
      // Copy a string literal whole, escapes included.
      const end = /^"(?:[^"\\]|\\.)*"/.exec(line.slice(i))?.[0] ?? ch;
      marked += end;
      i += end.length;
      continue;
    }
    const number = /^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/.exec(line.slice(i))?.[0];
    if (number && /[-\d]/.test(ch)) {
      marked += /^-?\d{16,}$/.test(number) ? `{"int":"${number}"}` : number;
      i += number.length;
      continue;
    }
    marked += ch;
    i++;
  }
  return JSON.parse(marked);
}

const recorded: Recorded[] = readFileSync(new URL('../../fixtures/go-oracle/recorded.jsonl', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((line) => parseExact(line) as Recorded);

type Verdict = { kind: 'reject'; reason: string } | { kind: 'changed'; value: string } | { kind: 'same' };

/** A float as YAML writes it (yaml.v2's resolver): what a reader takes for a number. */
const YAML_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;

function getAt(value: unknown, path: readonly (string | number)[]): unknown {
  let node = value;
  for (const step of path) node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[step] : undefined;
  return node;
}

/** A Go value as text: exact integers, strings as they are. */
function show(value: unknown): string {
  if (value !== null && typeof value === 'object' && 'int' in value) return String((value as { int: string }).int);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(normalize(a)) === JSON.stringify(normalize(b));
}

function normalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalize);
  if (value !== null && typeof value === 'object') {
    if ('int' in value) return Number((value as { int: string }).int);
    return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, normalize(v)]));
  }
  return value;
}

const SCALAR_PATHS: Readonly<Record<string, { root: 'server' | 'raw'; path: (string | number)[]; key?: boolean; nullBecomesEmpty?: boolean; kind: 'string' | 'bool' | 'int' }>> = {
  string: { root: 'server', path: ['spec', 'displayName'], kind: 'string' },
  bool: { root: 'server', path: ['spec', 'disabled'], kind: 'bool' },
  int: { root: 'server', path: ['spec', 'tokenGeneration'], kind: 'int' },
  'string-item': { root: 'server', path: ['spec', 'groups', 1], kind: 'string', nullBecomesEmpty: true },
  'map-value': { root: 'server', path: ['metadata', 'annotations', 'example.com/note'], kind: 'string', nullBecomesEmpty: true },
  'map-key': { root: 'server', path: ['spec', 'extraClaims'], kind: 'string', key: true },
  'annotation-key': { root: 'server', path: ['metadata', 'annotations'], kind: 'string', key: true },
  'raw-string': { root: 'raw', path: ['uiSettings', 'platformVersion'], kind: 'string' },
  'raw-bool': { root: 'raw', path: ['disableConfigEndpoint'], kind: 'bool' },
  'raw-int': { root: 'raw', path: ['auth', 'accessKeyMaxTTLSeconds'], kind: 'int' },
  'raw-map-value': { root: 'raw', path: ['auth', 'customHttpHeaders', 'X-Test'], kind: 'string', nullBecomesEmpty: true },
};

function refusal(c: OracleCase, answers: GoAnswer[]): string | undefined {
  for (const a of answers) {
    if (c.target === 'raw') {
      if (a.raw && !a.raw.ok) return a.raw.error;
      // The strict reader refuses a key given twice; a key a `<<` merge also sets is a change, judged below.
      if (a.rawStrict && !a.rawStrict.ok && (!c.raw?.includes('<<') || c.strictRefuses)) return a.rawStrict.error;
      continue;
    }
    if (a.yamlToJSON.error) return a.yamlToJSON.error;
    if (a.server && !a.server.ok) return a.server.error;
    if (a.serverValidation) return a.serverValidation;
    if (a.yamlToJSONStrict.error && (!c.yaml.includes('<<') || c.strictRefuses)) return a.yamlToJSONStrict.error;
  }
  return undefined;
}

/** What the platform's Go decoder did with a case, in platlint's terms. */
function goVerdict(c: OracleCase, answers: GoAnswer[]): Verdict {
  const reason = refusal(c, answers);
  if (reason !== undefined) return { kind: 'reject', reason };
  const answer = answers[0];
  const value = c.target === 'raw' ? answer?.raw?.value : answer?.server?.value;
  if (c.at && c.keysWritten !== undefined) {
    // Go's map order is random, so which value survives is too: the change is that one did not.
    const kept = Object.keys((getAt(value, c.at) as Record<string, unknown> | undefined) ?? {}).length;
    return kept < c.keysWritten ? { kind: 'changed', value: '' } : { kind: 'same' };
  }
  if (c.at) {
    const got = getAt(value, c.at);
    return sameJson(c.means, got) ? { kind: 'same' } : { kind: 'changed', value: describeChange(c.means, got) };
  }
  const where = c.position ? SCALAR_PATHS[c.position] : undefined;
  if (!where) return { kind: 'same' };
  const source = (c.scalar ?? '').trim();
  const writtenNull = answer?.scalar?.type === '<nil>' && c.written === undefined;
  const written = c.written !== undefined ? c.written : writtenNull ? null : source;
  const got = getAt(value, where.path);
  if (where.key) {
    const keys = Object.keys((got as Record<string, unknown> | undefined) ?? {});
    const key = keys.find((k) => k !== 'value') ?? keys[0] ?? '';
    return key === written ? { kind: 'same' } : { kind: 'changed', value: key };
  }
  if (where.kind === 'bool') return { kind: 'same' };
  if (where.kind === 'int') {
    // A reader takes decimal digits for a decimal number (under an explicit tag, the number YAML 1.2 reads), and a
    // float's digits for the number they write; other spellings say what they are. An integer field Go leaves out of
    // its answer holds 0 (omitempty).
    const meant = (c.written ?? source).replace(/_/g, '');
    const stored = got === undefined ? '0' : show(got);
    if (/^[-+]?[0-9]+$/.test(meant)) return BigInt(meant).toString() === stored ? { kind: 'same' } : { kind: 'changed', value: stored };
    if (c.written === undefined && YAML_FLOAT.test(meant)) {
      // `1e-400` underflows to 0, which the field stores; JavaScript's Number underflows alike, so digits tell.
      const nonZero = /[1-9]/.test(meant.split(/[eE]/)[0] ?? '');
      if (nonZero && Number(stored) === 0) return { kind: 'changed', value: stored };
      return Number(meant) === Number(stored) ? { kind: 'same' } : { kind: 'changed', value: stored };
    }
    return { kind: 'same' };
  }
  const text = got === undefined ? '' : show(got);
  if (written === null) return where.nullBecomesEmpty ? { kind: 'changed', value: '""' } : { kind: 'same' };
  return text === written ? { kind: 'same' } : { kind: 'changed', value: text };
}


/** The first value Go reads differently, as it prints. */
function describeChange(means: unknown, got: unknown): string {
  if (Array.isArray(means) && Array.isArray(got)) {
    const i = means.findIndex((m, j) => m === null || !sameJson(m, got[j]));
    return i < 0 ? '' : got[i] === '' ? '""' : show(got[i]);
  }
  if (means && typeof means === 'object' && got && typeof got === 'object') {
    const m = means as Record<string, unknown>;
    const g = got as Record<string, unknown>;
    const extra = Object.keys(g).find((k) => !(k in m));
    if (extra !== undefined) return extra;
    const differing = Object.keys(m).find((k) => m[k] === null || !sameJson(m[k], g[k]));
    return differing === undefined ? '' : g[differing] === '' ? '""' : show(g[differing]);
  }
  return show(got);
}

/**
 * The rules that say how a value is read. Rules about what a value means (a negative token generation, a line
 * break in a header) are judged by their own tests; when Go refuses, any error counts.
 */
function readsValues(d: Diagnostic): boolean {
  return d.ruleId.startsWith('yaml/') || (d.ruleId.startsWith('schema/') && d.ruleId !== 'schema/empty-value');
}

function disagreement(c: OracleCase, verdict: Verdict, all: Diagnostic[]): string | undefined {
  const diagnostics = verdict.kind === 'reject' ? all : all.filter(readsValues);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const warnings = diagnostics.filter((d) => d.severity === 'warning');
  const onLine = (list: Diagnostic[]) => (c.line === undefined ? list : list.filter((d) => d.line === c.line));
  const list = (ds: Diagnostic[]) => ds.map((d) => `${d.line}:${d.column} ${d.ruleId} ${d.message}`).join(' | ');
  switch (verdict.kind) {
    case 'reject':
      if (onLine(errors).length === 0) return `Go refuses (${verdict.reason}); platlint: ${list(diagnostics) || 'nothing'}`;
      return undefined;
    case 'changed': {
      if (errors.length > 0) return `Go reads ${verdict.value}; platlint errs: ${list(errors)}`;
      const naming = onLine(warnings).filter((d) => `${d.message} ${d.note ?? ''}`.includes(verdict.value));
      if (naming.length === 0) return `Go reads ${verdict.value}; platlint: ${list(diagnostics) || 'nothing'}`;
      return undefined;
    }
    case 'same':
      if (errors.length + warnings.length > 0) return `Go reads it as written; platlint: ${list(diagnostics)}`;
      return undefined;
  }
}

const cases = oracleCases();

describe('the differential table against the recorded Go decoder', () => {
  it('is recorded for exactly the current table, with at least 600 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(600);
    expect(recorded.map((r) => [r.id, r.yaml, r.raw]), 'the table changed: run `npm run oracle:record`').toEqual(cases.map((c) => [c.id, c.yaml, c.raw ?? null]));
  });

  it('has cases of every verdict', () => {
    const kinds = new Set(cases.map((c, i) => goVerdict(c, recorded[i]?.go ?? []).kind));
    expect([...kinds].sort()).toEqual(['changed', 'reject', 'same']);
  });

  // One test per position (string field, int field, annotation key, ...), so a failure says where values go wrong.
  const groups = [...new Set(cases.map((c) => c.id.split('/')[0] ?? ''))];
  it.each(groups)('agrees with Go on every %s case', (group) => {
    const disagreements: string[] = [];
    cases.forEach((c, i) => {
      if (!c.id.startsWith(`${group}/`)) return;
      const verdict = goVerdict(c, recorded[i]?.go ?? []);
      const problem = disagreement(c, verdict, lint(c.yaml));
      if (problem) disagreements.push(`${c.id} ${JSON.stringify(c.scalar ?? '')}: ${problem}`);
    });
    expect(disagreements, `${disagreements.length} ${group} cases disagree`).toEqual([]);
  });
});
