/**
 * A policy rule's declarative assertions (src/policy/assertions.ts) as CEL conditions on the matched node, each with
 * the detail platlint's message gives it. Every assertion has an equivalent: fields are paths the quantifiers of
 * select.ts walk, "set" is "present and not null", and a pattern matches the text of a string, number or boolean,
 * unanchored, in RE2 as platlint's.
 */
import type { CompiledAssertions } from '../assertions.js';
import { formatSteps, hasWildcard, type PathStep } from '../path.js';
import { allOf, anyOf, celScalar, celString, field, hasField } from './cel-text.js';
import type { Node, PathQuantifier } from './select.js';

export interface AssertionCheck {
  /** The condition on the node, true when the assertion holds. */
  holds(node: Node): string;
  /** What is wrong when it does not, as platlint words it (with the path written from the rule's `given`). */
  detail: string;
}

const isNull = (expr: string): string => `type(${expr}) == null_type`;

/** A field of the node that is present and not null (isSet). */
function isSetField(node: Node, key: string): string {
  return allOf([node.isMap ? 'true' : `type(${node.expr}) == map`, hasField(node.expr, key), `type(${field(node.expr, key)}) != null_type`]);
}

/** A string, or the text of a number or boolean (as JavaScript's String() writes it), matches the regular expression. */
function textMatches(expr: string, pattern: string): string {
  const regex = celString(pattern);
  const scalar = anyOf(['int', 'uint', 'double', 'bool'].map((t) => `type(${expr}) == ${t}`));
  return `(type(${expr}) == string ? dyn(${expr}).matches(${regex}) : (${scalar}) && string(dyn(${expr})).matches(${regex}))`;
}

/** `status.audit` + `maxAge`: the path messages show, from the rule's given (its first path) and the field. */
function fieldText(base: readonly PathStep[], steps: readonly PathStep[]): string {
  return formatSteps([...base, ...steps]);
}

export function assertionChecks(assertions: CompiledAssertions, base: readonly PathStep[], quantifier: PathQuantifier): AssertionCheck[] {
  const checks: AssertionCheck[] = [];
  for (const { parent, key } of assertions.required) {
    // A parent written without wildcards must be there; under a wildcard, what is not there has nothing to require.
    const missing = hasWildcard(parent) ? 'vacuous' : 'violation';
    checks.push({
      holds: (node) => quantifier.every(node, parent, (at) => isSetField(at, key), { missing }),
      detail: `${fieldText(base, [...parent, { kind: 'key', key }])} is required`,
    });
  }
  for (const { steps } of assertions.forbidden) {
    checks.push({
      holds: (node) => quantifier.every(node, steps, (at) => isNull(at.expr), { missing: 'vacuous' }),
      detail: `${fieldText(base, steps)} must not be set`,
    });
  }
  for (const { steps, source } of assertions.pattern) {
    checks.push({
      holds: (node) => quantifier.every(node, steps, (at) => anyOf([isNull(at.expr), textMatches(at.expr, source)]), { missing: 'vacuous' }),
      detail: `${fieldText(base, steps)} does not match the pattern ${source}`,
    });
  }
  for (const { steps, values } of assertions.enum) {
    const allowed = values as (string | number | boolean)[];
    checks.push({
      holds: (node) => quantifier.every(node, steps, (at) => anyOf([isNull(at.expr), ...allowed.map((v) => `dyn(${at.expr}) == ${celScalar(v)}`)]), { missing: 'vacuous' }),
      detail: `${fieldText(base, steps)} is not ${allowed.length === 1 ? celScalar(allowed[0] as string) : `one of ${allowed.map(celScalar).join(', ')}`}`,
    });
  }
  if (assertions.exactlyOneOf.length) {
    const fields = assertions.exactlyOneOf;
    checks.push({
      holds: (node) => {
        const set = fields.map(({ steps }) => `(${quantifier.every(node, steps, (at) => isNull(at.expr), { missing: 'vacuous' })} ? 0 : 1)`);
        return `${set.join(' + ')} == 1`;
      },
      detail: `Exactly one of ${fields.map((f) => f.field).join(', ')} must be set${base.length ? ` in ${formatSteps(base)}` : ''}`,
    });
  }
  return checks;
}
