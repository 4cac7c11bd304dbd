/** Policy schema errors (ajv) as problems at the key or value they concern, with a did-you-mean. */
import type { ErrorObject } from 'ajv';
import type { DataPath, Diagnostic, PathSegment } from '../engine/types.js';
import { didYouMean } from '../engine/suggest.js';
import { displayPath } from '../platform/data.js';
import { describeValue } from '../yaml/describe-value.js';
import type { PolicySource } from './source.js';
import type { Replacement, SourceSpot } from './types.js';
import { pointerPath } from '../engine/locator.js';

const TYPE_WORDS: Readonly<Record<string, string>> = { object: 'a mapping', array: 'a list', string: 'a string', integer: 'an integer', number: 'a number', boolean: 'a boolean' };

function where(path: DataPath): string {
  return path.length ? displayPath(path) : 'the policy';
}

export interface Problem {
  spot: SourceSpot;
  message: string;
  /** Replacing a misspelt name with the one meant, as file edits. */
  suggestions?: Diagnostic['suggestions'];
}

/** A mistake in a policy document, at a data path of it (the key, or the value), before it is placed in the file. */
export interface DocumentProblem {
  path: PathSegment[];
  at?: 'key' | 'value';
  message: string;
  /** Where in the string value at `path` the mistake is (a CEL expression's error). */
  offset?: number;
  /** The misspelt name the message names, and the one meant. */
  replace?: Replacement;
}

/** A schema error of `data` as a problem at the key or value it concerns. */
function describeSchemaError(error: ErrorObject, data: unknown): DocumentProblem {
  const path = pointerPath(error.instancePath, data);
  switch (error.keyword) {
    case 'additionalProperties': {
      const name = String((error.params as { additionalProperty: string }).additionalProperty);
      const known = Object.keys((error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});
      const suggestion = didYouMean(name, known);
      const tail = suggestion.length ? `; did you mean "${suggestion.join('" or "')}"?` : known.length ? ` (known fields: ${known.join(', ')})` : '';
      const [only] = suggestion.length === 1 ? suggestion : [];
      return { path: [...path, name], at: 'key', message: `Unknown field "${name}" in ${where(path)}${tail}`, ...(only ? { replace: { written: name, suggested: only } } : {}) };
    }
    case 'required': {
      const missing = String((error.params as { missingProperty: string }).missingProperty);
      return { path, at: 'key', message: `${path.length ? displayPath(path) : 'The policy'} is missing the required field "${missing}"` };
    }
    case 'type': {
      const expected = String((error.params as { type: string }).type).split(',').map((t) => TYPE_WORDS[t] ?? t).join(' or ');
      return { path, message: `${where(path)} must be ${expected}` };
    }
    case 'enum': {
      const allowed = ((error.params as { allowedValues: unknown[] }).allowedValues ?? []).map(String);
      return { path, message: `${where(path)} must be ${allowed.length === 1 ? allowed[0] : `one of ${allowed.join(', ')}`}, not ${describeValue(error.data)}` };
    }
    default:
      return { path, message: `${where(path)} ${error.message ?? 'is invalid'}` };
  }
}

/**
 * The schema errors of a document worth a problem each, with the data path each is at: one per place and message,
 * and no "must be one of" where the value is not even of the type (the type's problem says it).
 */
export function describeSchemaErrors(errors: readonly ErrorObject[], data: unknown): { instancePath: string; problem: DocumentProblem }[] {
  const mistyped = new Set(errors.filter((error) => error.keyword === 'type').map((error) => error.instancePath));
  const seen = new Set<string>();
  const described: { instancePath: string; problem: DocumentProblem }[] = [];
  for (const error of errors) {
    if (error.keyword === 'enum' && mistyped.has(error.instancePath)) continue;
    const problem = describeSchemaError(error, data);
    const key = `${JSON.stringify(problem.path)}:${problem.at ?? 'value'}:${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    described.push({ instancePath: error.instancePath, problem });
  }
  return described;
}

/** A problem of a policy document placed in its file. */
export function placeProblem(problem: DocumentProblem, source: PolicySource): Problem {
  const spot = problem.offset !== undefined ? source.spotInValue(problem.path, problem.offset) : source.spot(problem.path, problem.at);
  return { spot, message: problem.message, ...source.suggestionsFor(spot, problem.replace) };
}
