/**
 * A policy rule's `match` as a ValidatingAdmissionPolicy's: the kinds become resource rules, `names` and `labels`
 * match conditions on the new object, as platlint reads them. (An objectSelector would do for labels, but the API
 * server matches it against the old object's labels too, so an update that removes a label would still be judged.)
 */
import type { LabelSelector } from '../types.js';
import { allOf, anyOf, celString, not } from './cel-text.js';

/** The resource of the platform's Users, in the API group `API_GROUP` (engine/scope.ts). */
export const USER_RESOURCE = 'users';

export interface MatchCondition {
  name: string;
  expression: string;
}

/** Characters of a name glob that mean themselves: those of Kubernetes names, and upper case. */
const LITERAL = /^[A-Za-z0-9._-]$/;

/**
 * A micromatch glob over `metadata.name` as an RE2 regular expression (anchored), or why it has none: `*` (any run
 * of characters but "/"), `?` (one), and the characters of names. On the names the API server accepts (DNS
 * subdomains: no "/", never "." or "..") picomatch's special cases for slashes and dot segments never arise; its
 * classes, braces and extglobs are refused rather than approximated.
 */
export function globRegex(glob: string): { regex: string; negated: boolean } | { error: string } {
  let rest = glob;
  let negated = false;
  while (rest.startsWith('!') && !rest.startsWith('!(')) {
    negated = !negated;
    rest = rest.slice(1);
  }
  let regex = '';
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i] as string;
    if (c === '*') {
      if (rest[i + 1] === '*') return { error: `the name glob "${glob}" uses **, which names (without "/") do not need: write *` };
      regex += '[^/]*';
    } else if (c === '?') {
      regex += '[^/]';
    } else if (LITERAL.test(c)) {
      regex += c === '.' ? '\\.' : c;
    } else {
      return { error: `the name glob "${glob}" has "${c}", which the export does not translate (it takes *, ? and the characters of names)` };
    }
  }
  return { regex: `^${regex}$`, negated };
}

/** `match.names` as one condition: any glob matches (a `!glob` matches when the glob does not), as micromatch's list. */
export function namesCondition(globs: readonly string[]): MatchCondition | { error: string } {
  const name = 'object.metadata.name';
  const parts: string[] = [];
  for (const glob of globs) {
    const translated = globRegex(glob);
    if ('error' in translated) return translated;
    const matches = `${name}.matches(${celString(translated.regex)})`;
    parts.push(translated.negated ? not(matches) : matches);
  }
  // A document without a name matches no glob, as in platlint.
  return { name: 'metadata-name', expression: allOf([`has(object.metadata)`, `type(object.metadata) == map`, `has(${name})`, `type(${name}) == string`, anyOf(parts)]) };
}

/** `match.labels` (a Kubernetes label selector) as one condition on `object.metadata.labels`. */
export function labelsCondition(selector: LabelSelector): MatchCondition {
  const labels = 'labels';
  const has = (key: string): string => `${celString(key)} in ${labels}`;
  // Label values are strings: the API server refuses an object whose labels are not before any policy sees it.
  const value = (key: string): string => `${labels}[${celString(key)}]`;
  const parts: string[] = [];
  for (const [key, wanted] of Object.entries(selector.matchLabels ?? {})) parts.push(allOf([has(key), `${value(key)} == ${celString(wanted)}`]));
  for (const { key, operator, values = [] } of selector.matchExpressions ?? []) {
    const among = `${value(key)} in [${values.map(celString).join(', ')}]`;
    if (operator === 'In') parts.push(allOf([has(key), among]));
    else if (operator === 'NotIn') parts.push(anyOf([not(has(key)), not(among)]));
    else if (operator === 'Exists') parts.push(has(key));
    else parts.push(not(has(key)));
  }
  // The labels, or none where the document has no mapping of them.
  const source = 'has(object.metadata) && type(object.metadata) == map && has(object.metadata.labels) && type(object.metadata.labels) == map ? object.metadata.labels : {}';
  return { name: 'metadata-labels', expression: `[${source}].all(${labels}, ${allOf(parts)})` };
}
