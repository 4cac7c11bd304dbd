/**
 * Kubernetes' CEL, in TypeScript: the environment of a Kubernetes version (k8s.io/apiserver
 * pkg/cel/environment/base.go) with its libraries, options and cost model, for platlint policies and
 * ValidatingAdmissionPolicies. Compile once per expression, evaluate per object.
 *
 * Why a CEL implementation of platlint's own rather than a library: Kubernetes' CEL is cel-go plus options and
 * libraries that neither pure-JS implementation carries. `@bufbuild/cel` 0.6.1 has no optional syntax (`a.?b`,
 * `[?x]`), no custom opaque types (quantity, IP, CIDR...), no two-variable comprehensions, no cost tracking and does
 * not export its checker; `@marcbachmann/cel-js` 8.0.0 has optionals but not `{?k: v}` or `[?x]` literals, no
 * two-variable comprehensions and no cost tracking. Kubernetes also needs what no library exposes: cel-go's exact
 * checker messages and overload ids, the runtime cost of each step as cel-go's planner and cost observer charge it,
 * the static estimator, and syntax and macros switched by version. So the parser, checker, evaluator and cost models
 * here are ports of cel-go (v0.29, the version k8s.io/apiserver v0.37 uses; read at cel-go's newest snapshot) and of
 * Kubernetes' libraries, each file naming what it ports.
 */
import { EnvironmentCore, type CompileError, type CompiledExpression, type EnvironmentOptions, type VariableDecls } from './compile.js';
import { minorOf, NEWEST_KUBERNETES_VERSION } from './environment.js';
import { Evaluation, CostLimitExceeded, type Activation } from './interpreter.js';
import { extensionCallCost, kubernetesCallCost } from './lib/call-cost.js';
import { globalCalls, memberCallNamed, memberCalls, type CelCall } from './members.js';
import type { ActualCostEstimator } from './runtime-cost.js';
import { estimateCost, type CostEstimate, type SizeEstimator } from './estimate.js';
import type { CelType } from './types.js';
import { isError, FormattedTextLimitExceeded, type CelValue } from './values.js';

export { KUBERNETES_VERSIONS, NEWEST_KUBERNETES_VERSION, BASE_OPTIONS, type Features } from './environment.js';
export type { EnvironmentOptions } from './compile.js';
export type { CompileError, CompileErrorKind, CompileIssue, VariableDecls } from './compile.js';
export type { CostEstimate, SizeEstimator } from './estimate.js';
export type { CelCall } from './members.js';
export { SyntaxProblem, tokenize } from './lexer.js';
export { RESERVED_IDENTIFIERS } from './parser.js';
export * from './types.js';
export { type CelValue } from './values.js';
export { AUTHORIZER_TYPE, authorizerValue, resourceCheckValue, type Authorizer, type AuthorizationDecision, type AuthorizationRequest } from './lib/k8s-authz.js';
export { admissionVariables, ADMISSION_REQUEST_TYPE, NAMESPACE_TYPE, type AdmissionDeclarations } from './admission.js';

/** k8s.io/apiserver pkg/apis/cel/config.go: the cost limit of one evaluation of one expression. */
export const PER_CALL_LIMIT = 1_000_000;
/** config.go RuntimeCELCostBudget: the runtime budget of one ValidatingAdmissionPolicyBinding (or custom resource). */
export const RUNTIME_CEL_COST_BUDGET = 10_000_000;
/** config.go RuntimeCELCostBudgetMatchConditions: the runtime budget of the matchConditions of one binding. */
export const RUNTIME_CEL_COST_BUDGET_MATCH_CONDITIONS = 2_500_000;
/** config.go MaxRequestSizeBytes: what an unbounded string, list or map is sized at by the static estimate. */
export const MAX_REQUEST_SIZE_BYTES = 3 * 1024 * 1024;

/** The result of one evaluation, classified as cel-go classifies it, with the runtime cost spent. */
export type EvalResult =
  | { kind: 'value'; value: CelValue; cost: number }
  | { kind: 'error'; message: string; offset?: number; cost: number }
  | { kind: 'costExceeded'; message: string; cost: number };

export interface EvaluateOptions {
  /** The runtime cost limit of this evaluation (default PER_CALL_LIMIT, as base.go's cel.CostLimit). */
  costLimit?: number;
}

export class CelProgram {
  constructor(
    private readonly compiled: CompiledExpression,
    private readonly estimator: ActualCostEstimator,
  ) {}

  get text(): string {
    return this.compiled.text;
  }

  /** The type the checker gives the expression. */
  get outputType(): CelType {
    return this.compiled.outputType;
  }

  /** The declared variables the expression reads. */
  get uses(): ReadonlySet<string> {
    return this.compiled.uses;
  }

  /** Kubernetes' static cost estimate (cel-go's checker.Cost with Kubernetes' library estimator). */
  estimateCost(sizes?: SizeEstimator): CostEstimate {
    return estimateCost(this.compiled, sizes);
  }

  /**
   * Why the expression could never be evaluated under a per-call limit: its estimate's minimum, the least it costs
   * whatever the input holds, is over it (as the API server refuses a CRD's validation rule). Undefined when it is not.
   */
  overLimitEverywhere(limit: number): string | undefined {
    const { min } = this.estimateCost();
    return min > BigInt(limit) ? `CEL cost error: ${costErrorMessage(min, limit)}` : undefined;
  }

  /** Evaluates with the variables bound; a Map subclass may compute values when first read. */
  evaluate(variables: Activation | Readonly<Record<string, CelValue>>, options: EvaluateOptions = {}): EvalResult {
    const vars = variables instanceof Map ? variables : new Map(Object.entries(variables));
    const { parsed, checked, constants, freeCalls } = this.compiled;
    const evaluation = new Evaluation({ expr: parsed.expr, checked, constants, freeCalls, estimator: this.estimator }, vars, options.costLimit ?? PER_CALL_LIMIT);
    let value;
    try {
      value = evaluation.run();
    } catch (error) {
      if (error instanceof CostLimitExceeded) return { kind: 'costExceeded', message: error.message, cost: evaluation.cost };
      if (error instanceof FormattedTextLimitExceeded) return { kind: 'error', message: error.message, cost: evaluation.cost };
      // A value nested deeper than the stack allows: an evaluation error, as the API server's depth limits make one.
      if (error instanceof RangeError) {
        const message = /call stack/i.test(error.message) ? 'the value is nested too deeply to evaluate' : `the expression builds a value too large to hold (${error.message})`;
        return { kind: 'error', message, cost: evaluation.cost };
      }
      throw error;
    }
    if (isError(value)) {
      const offset = value.exprId === undefined ? undefined : parsed.positions.get(value.exprId);
      return { kind: 'error', message: value.message, cost: evaluation.cost, ...(offset !== undefined ? { offset } : {}) };
    }
    return { kind: 'value', value, cost: evaluation.cost };
  }
}

export interface CompileOptions {
  /** The types the expression must evaluate to (e.g. [BOOL] for a validation); any type when absent. */
  expectedTypes?: readonly CelType[];
  /**
   * Refuse an expression whose static cost estimate exceeds this limit (as the API server refuses a CRD rule over
   * PER_CALL_LIMIT), with the sizes the schema gives.
   */
  staticCostLimit?: number;
  sizes?: SizeEstimator;
  /**
   * false: evaluate without type-checking, names and overloads resolved at runtime as cel-go does for a parse-only
   * expression. Kubernetes checks every expression; CEL's conformance suite has cases that must run unchecked.
   */
  check?: boolean;
}

export type CompileResult = { ok: true; program: CelProgram } | { ok: false; error: CompileError };

/** Kubernetes' message for a static estimate over the budget (apiextensions validation getCostErrorMessage). */
export function costErrorMessage(estimate: bigint, limit: number): string {
  const factor = Number(estimate) / limit;
  const shown = factor > 100 ? 'more than 100x' : `${factor.toFixed(1)}x`;
  return `estimated rule cost exceeds budget by factor of ${shown} (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)`;
}

export class CelEnvironment {
  private readonly core: EnvironmentCore;
  private readonly estimator: ActualCostEstimator = (fn, overloadId, args, result) =>
    extensionCallCost(overloadId, args, result) ?? kubernetesCallCost(fn, overloadId, args, result);

  /** The environment of a Kubernetes version ("1.30"); throws for a version platlint does not know (check it first). */
  constructor(
    readonly version: string = NEWEST_KUBERNETES_VERSION,
    options: EnvironmentOptions = {},
  ) {
    const minor = minorOf(version);
    if (minor === undefined) throw new Error(`unknown Kubernetes version ${version}`);
    const core = { homogeneousLiterals: options.homogeneousLiterals ?? true, optimize: options.optimize ?? true };
    this.core = new EnvironmentCore(minor, core, this.estimator, options.features);
  }

  /** The functions the environment declares (for did-you-mean hints). */
  functionNames(): Iterable<string> {
    return this.core.declarations.functions.keys();
  }

  /** The functions and macros that can be called on a value of this type (for the editor). */
  memberCalls(receiver: CelType): CelCall[] {
    return memberCalls(this.core.declarations, receiver);
  }

  /** The forms of a member function or macro on a receiver of any type (for the editor, where the receiver's is not known). */
  memberCallNamed(name: string): CelCall | undefined {
    return memberCallNamed(this.core.declarations, name);
  }

  /** The functions and macros called without a receiver, by their qualified names (for the editor). */
  globalCalls(): CelCall[] {
    return globalCalls(this.core.declarations);
  }

  compile(text: string, variables: VariableDecls, options: CompileOptions = {}): CompileResult {
    const result = this.core.compile(text, variables, options.expectedTypes, options.check);
    if (!result.ok) return result;
    const program = new CelProgram(result.compiled, this.estimator);
    if (options.staticCostLimit !== undefined) {
      const estimate = program.estimateCost(options.sizes);
      if (estimate.max > BigInt(options.staticCostLimit)) {
        const message = costErrorMessage(estimate.max, options.staticCostLimit);
        return { ok: false, error: { kind: 'cost', message, offset: 0, issues: [{ message, offset: 0 }] } };
      }
    }
    return { ok: true, program };
  }
}
