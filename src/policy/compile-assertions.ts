/** The `assertions` of a policy rule compiled: field paths parsed, patterns checked as Go RE2 and compiled. */
import { RE2JS } from 're2js';
import type { PathSegment } from '../engine/types.js';
import { checkGoRegex } from '../formats/regex.js';
import type { CompiledAssertions } from './assertions.js';
import { parsePath, type PathStep } from './path.js';
import type { PolicyRuleSpec } from './types.js';

/**
 * `fieldProblem` says why a parsed field path can select nothing in the documents the rule matches (a field their
 * schema does not have), if it can tell.
 */
export function compileAssertions(
  spec: PolicyRuleSpec,
  fail: (path: PathSegment[], message: string, where?: 'key' | 'value') => void,
  fieldProblem: (steps: readonly PathStep[]) => string | undefined = () => undefined,
): CompiledAssertions | undefined {
  const a = spec.assertions ?? {};
  const out: CompiledAssertions = { required: [], forbidden: [], pattern: [], enum: [], exactlyOneOf: [] };
  let ok = true;
  const steps = (path: PathSegment[], field: string): PathStep[] | undefined => {
    const reject = (message: string): undefined => {
      ok = false;
      fail(path, message, typeof path[path.length - 1] === 'string' ? 'key' : 'value');
      return undefined;
    };
    const parsed = parsePath(field);
    if (!parsed.ok) return reject(`Invalid field path "${field}": ${parsed.error}`);
    if (parsed.steps.length === 0) return reject(`Invalid field path "${field}": it selects the node itself; name a field`);
    const unset = fieldProblem(parsed.steps);
    return unset === undefined ? parsed.steps : reject(`The field path "${field}" can never be set: ${unset}`);
  };
  const kinds = Object.keys(a).filter((k) => {
    const value = (a as Record<string, unknown>)[k];
    return Array.isArray(value) ? value.length > 0 : Object.keys(value as object).length > 0;
  });
  if (kinds.length === 0) {
    fail(['assertions'], 'assertions is empty: give required, forbidden, pattern, enum or exactlyOneOf', 'key');
    return undefined;
  }
  a.required?.forEach((field, i) => {
    const s = steps(['assertions', 'required', i], field);
    const last = s?.[s.length - 1];
    if (!s || !last) return;
    if (last.kind !== 'key') {
      ok = false;
      fail(['assertions', 'required', i], `A required field must end with a field name, not "${field}"`);
      return;
    }
    out.required.push({ field, parent: s.slice(0, -1), key: last.key });
  });
  a.forbidden?.forEach((field, i) => {
    const s = steps(['assertions', 'forbidden', i], field);
    if (s) out.forbidden.push({ field, steps: s });
  });
  for (const [field, pattern] of Object.entries(a.pattern ?? {})) {
    const s = steps(['assertions', 'pattern', field], field);
    const problem = checkGoRegex(pattern);
    if (problem) {
      ok = false;
      fail(['assertions', 'pattern', field], `Invalid regular expression (Go RE2 syntax): ${problem}`);
      continue;
    }
    let regex: RE2JS;
    try {
      regex = RE2JS.compile(pattern);
    } catch (error) {
      ok = false;
      fail(['assertions', 'pattern', field], `This regular expression cannot be used: ${(error as Error).message}`);
      continue;
    }
    if (s) out.pattern.push({ field, steps: s, source: pattern, regex });
  }
  for (const [field, values] of Object.entries(a.enum ?? {})) {
    const s = steps(['assertions', 'enum', field], field);
    if (values.length === 0) {
      ok = false;
      fail(['assertions', 'enum', field], 'The list of allowed values is empty');
      continue;
    }
    const bad = values.findIndex((v) => v === null || typeof v === 'object');
    if (bad >= 0) {
      ok = false;
      fail(['assertions', 'enum', field, bad], 'Allowed values must be strings, numbers or booleans');
      continue;
    }
    if (s) out.enum.push({ field, steps: s, values });
  }
  if (a.exactlyOneOf) {
    if (a.exactlyOneOf.length === 1) {
      ok = false;
      fail(['assertions', 'exactlyOneOf'], 'exactlyOneOf needs at least two fields; for one field use required');
    }
    a.exactlyOneOf.forEach((field, i) => {
      const s = steps(['assertions', 'exactlyOneOf', i], field);
      if (s) out.exactlyOneOf.push({ field, steps: s });
    });
  }
  return ok ? out : undefined;
}
