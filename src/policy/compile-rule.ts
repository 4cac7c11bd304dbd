/**
 * A rule of a platlint policy (`apiVersion: platlint/v1`, `kind: Policy`) checked and compiled: its id, match,
 * `given` paths, CEL expressions and assertions. Every mistake is a problem at its own position in the policy file,
 * and the rule is then left out. A rule that matches one kind is checked against that kind's schema, as Kubernetes
 * checks a policy against its resource's: `given` must name fields the kind has, and `object`, `oldObject`, `self`
 * and `oldSelf` have the kind's types, so a misspelt field is a type error at load instead of a failure on the
 * first document that reaches it.
 */
import { globProblem } from '../engine/globs.js';
import { shown } from '../engine/message-text.js';
import type { PathSegment } from '../engine/types.js';
import { DYN, type CelType, type VariableDecls } from './cel/index.js';
import { PolicyCel, type CompiledExpression } from './cel.js';
import { compileAssertions } from './compile-assertions.js';
import { parsePath, type PathStep } from './path.js';
import { commonType, platformObjectType, ruleKind, typeAtPath } from './schema-types.js';
import { PolicyRule, type CompiledPolicyRule } from './rule.js';
import type { Problem } from './schema-problems.js';
import type { PolicySource } from './source.js';
import type { PolicyOrigin, PolicyRuleSpec, Replacement } from './types.js';
import { ADMISSION_NAMESPACE } from './vap/types.js';

const POLICY_ID = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\/[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/;
/** `oldObject` and `oldSelf` are the previous version (and the old value at `given`) on updates, null otherwise. */
function variables(object: CelType, self: CelType): VariableDecls {
  return { self, object, oldObject: object, oldSelf: self };
}

export class RuleCompiler {
  /** Every rule compiled, by id: where it was declared. */
  readonly declared = new Map<string, PolicyOrigin>();

  constructor(
    private readonly runtime: PolicyCel,
    private readonly reserved: ReadonlySet<string>,
    /** Cost units a rule may spend on one document, over all its `given` matches. */
    private readonly documentBudget: number,
  ) {}

  compile(file: string, policyName: string, spec: PolicyRuleSpec, at: PathSegment[], source: PolicySource, report: (problem: Problem) => void): PolicyRule | undefined {
    let ok = true;
    const fail = (path: PathSegment[], message: string, where: 'key' | 'value' = 'value'): void => {
      ok = false;
      report({ spot: source.spot([...at, ...path], where), message });
    };
    const failIn = (path: PathSegment[], offset: number, message: string, replace?: Replacement): void => {
      ok = false;
      const spot = source.spotInValue([...at, ...path], offset);
      report({ spot, message, ...source.suggestionsFor(spot, replace) });
    };

    // Identity.
    if (!POLICY_ID.test(spec.id)) {
      fail(['id'], `The rule id "${spec.id}" must be lowercase and namespaced, like acme/no-cluster-admin (letters, digits and dashes; parts separated by "/")`);
    } else if (spec.id.startsWith(ADMISSION_NAMESPACE)) {
      fail(['id'], `The rule id "${spec.id}" is in the namespace of ValidatingAdmissionPolicies (vap/<policy name>); give policy rules ids namespaced with your organisation (e.g. acme/...)`);
    } else if (this.reserved.has(spec.id)) {
      fail(['id'], `The rule id "${spec.id}" is the id of a built-in rule; give policy rules ids of their own, namespaced with your organisation (e.g. acme/...)`);
    } else {
      const previous = this.declared.get(spec.id);
      if (previous) fail(['id'], `The rule id "${spec.id}" is already declared in ${previous.file}:${previous.rule.line}; rule ids must be unique`);
    }
    if (spec.description.trim() === '') fail(['description'], 'The description is empty: say what the rule requires, e.g. "Disallow cluster-admin for Git-managed users"');
    if (spec.docsUrl !== undefined && !/^https?:\/\/[^\s]+$/.test(spec.docsUrl)) fail(['docsUrl'], `docsUrl must be an http(s) URL, not "${spec.docsUrl}"`);

    // Match.
    const match = spec.match;
    if (match?.kinds && match.kinds.length === 0) fail(['match', 'kinds'], 'match.kinds is empty, so the rule would never apply; list User, Config or both, or leave kinds out');
    if (match?.names) {
      if (match.names.length === 0) fail(['match', 'names'], 'match.names is empty, so the rule would never apply; list globs such as "*" or leave names out');
      match.names.forEach((glob, i) => {
        if (glob === '') {
          fail(['match', 'names', i], 'An empty name glob matches nothing');
          return;
        }
        const problem = globProblem(glob);
        if (problem !== undefined) fail(['match', 'names', i], `Invalid glob "${shown(glob)}": ${problem}`);
      });
    }
    match?.labels?.matchExpressions?.forEach((req, i) => {
      const needsValues = req.operator === 'In' || req.operator === 'NotIn';
      if (req.key === '') fail(['match', 'labels', 'matchExpressions', i, 'key'], 'The label key is empty');
      if (needsValues && !req.values?.length) fail(['match', 'labels', 'matchExpressions', i, 'operator'], `The ${req.operator} operator needs a non-empty list of values`);
      if (!needsValues && req.values !== undefined) fail(['match', 'labels', 'matchExpressions', i, 'values'], `The ${req.operator} operator takes no values; remove them`, 'key');
    });

    // What is checked.
    const compiled: CompiledPolicyRule = {};
    const kind = ruleKind(spec.match?.kinds);
    const object = kind ? platformObjectType(kind) : DYN;
    let self = object;
    /** The `given` paths that name fields the kind has (the document itself without `given`). */
    const typedBases: PathStep[][] = spec.given === undefined ? [[]] : [];
    if (spec.given !== undefined) {
      const list = Array.isArray(spec.given);
      const paths = Array.isArray(spec.given) ? spec.given : [spec.given];
      if (paths.length === 0) fail(['given'], 'given is an empty list, so the rule would check nothing; write a path, e.g. spec.clusterRoles[*]');
      compiled.given = [];
      const selected: CelType[] = [];
      paths.forEach((path, i) => {
        const at = list ? ['given', i] : ['given'];
        const parsed = parsePath(path);
        if (!parsed.ok) {
          failIn(at, parsed.offset, `Invalid given path "${path}": ${parsed.error}`);
          return;
        }
        compiled.given?.push(parsed.steps);
        if (!kind) return;
        const typed = typeAtPath(kind, parsed.steps);
        if (typed.ok) {
          selected.push(typed.type);
          typedBases.push(parsed.steps);
        } else failIn(at, parsed.offsets[typed.step] ?? 0, `The given path "${path}" selects nothing: ${typed.message}`, typed.replace);
      });
      self = kind ? commonType(selected) : DYN;
    }
    const hasExpression = spec.expression !== undefined;
    if (hasExpression && spec.assertions) fail(['assertions'], 'Give either expression or assertions, not both; split them into two rules', 'key');
    if (!hasExpression && !spec.assertions) fail([], 'The rule checks nothing: give an expression (CEL, with message or messageExpression) or assertions');
    if (spec.message !== undefined && spec.messageExpression !== undefined) fail(['messageExpression'], 'Give either message or messageExpression, not both', 'key');
    if (hasExpression && spec.message === undefined && spec.messageExpression === undefined) fail(['expression'], 'An expression rule needs a message or a messageExpression saying what is wrong and what to do', 'key');
    if (spec.message !== undefined && spec.message.trim() === '') fail(['message'], 'The message is empty');
    const cel = (field: 'expression' | 'messageExpression', text: string, result: 'bool' | 'string'): CompiledExpression | undefined => {
      const outcome = this.runtime.compile(text, result, variables(object, self));
      if (outcome.ok) return outcome.expression;
      failIn([field], outcome.problem.offset, `${field === 'expression' ? 'Expression' : 'Message expression'}: ${outcome.problem.message}`, outcome.problem.replace);
      return undefined;
    };
    if (spec.expression !== undefined) {
      const expression = cel('expression', spec.expression, 'bool');
      if (expression) compiled.expression = expression;
    }
    if (spec.messageExpression !== undefined) {
      const messageExpression = cel('messageExpression', spec.messageExpression, 'string');
      if (messageExpression) compiled.messageExpression = messageExpression;
    }
    if (spec.assertions) {
      const fieldProblem = (steps: readonly PathStep[]): string | undefined => {
        if (!kind) return undefined;
        for (const base of typedBases) {
          const typed = typeAtPath(kind, [...base, ...steps]);
          if (!typed.ok) return typed.message;
        }
        return undefined;
      };
      const assertions = compileAssertions(spec, fail, fieldProblem);
      if (assertions) compiled.assertions = assertions;
    }
    if (!ok) return undefined;

    const origin: PolicyOrigin = {
      file,
      policyName,
      rule: source.spot([...at, 'id']),
      ...(spec.expression !== undefined ? { expression: source.spot([...at, 'expression']) } : {}),
      ...(spec.messageExpression !== undefined ? { messageExpression: source.spot([...at, 'messageExpression']) } : {}),
      ...(spec.assertions ? { assertions: source.spot([...at, 'assertions'], 'key') } : {}),
    };
    this.declared.set(spec.id, origin);
    return new PolicyRule(spec, origin, compiled, this.documentBudget);
  }

}
