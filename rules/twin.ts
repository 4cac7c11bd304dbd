/**
 * The CEL twin of a built-in rule: the same decision written as platlint policy rules (`given`, a CEL expression, a
 * message), which `platlint policy export --builtin` turns into ValidatingAdmissionPolicies, so that the API server
 * enforces at admission what the rule reports in CI. A twin lives beside its rule (`twin.ts` in the rule's folder)
 * so that the two are reviewed together; test/rules/twins.test.ts holds that they decide the same objects.
 */
import type { Rule, RuleHandle, RuleMessages } from './api.js';

/**
 * One check of a twin: the messages of the rule it decides (which share one severity, hence one binding), as a
 * policy rule's `given`, `expression` and `message` or `messageExpression`.
 */
export interface TwinCheck<Id extends string = string> {
  /** The rule's message ids this check reports. */
  messages: readonly Id[];
  /** For a rule with several checks, what sets this one apart: its policy is named `<rule id>/<name>`. */
  name?: string;
  /** What the check requires (default: the rule's description). */
  description?: string;
  given?: string | readonly string[];
  expression: string;
  message?: string;
  messageExpression?: string;
}

/** `!isBlank(self.<field>)` in CEL: the field is there, not null and not "" (a value of another type counts as given). */
export const celNotBlank = (field: string): string =>
  `(has(self.${field}) && type(self.${field}) != null_type && !(type(self.${field}) == string && self.${field} == ''))`;

export interface CelTwin {
  rule: Rule;
  checks: readonly TwinCheck[];
}

/** A twin of a rule, whose checks name its message ids (checked by the compiler). */
export function defineTwin<M extends RuleMessages>(rule: RuleHandle<M>, checks: readonly TwinCheck<keyof M & string>[]): CelTwin {
  return { rule, checks };
}
