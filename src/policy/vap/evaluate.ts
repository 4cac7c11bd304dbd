/**
 * Evaluating a compiled ValidatingAdmissionPolicy on one request and one parameter object, as the API server's
 * validator does (k8s.io/apiserver pkg/admission/plugin/policy/validating/validator.go, cel/condition.go,
 * cel/activation.go, cel/composition.go, webhook/matchconditions/matcher.go): the match conditions under their
 * 2,500,000 budget (any false skips the policy; errors fail by failurePolicy), then the validations, one after
 * the other, under the binding's 10,000,000 budget, each also under the per-call limit; the variables are evaluated
 * when first read, once per pass, and what they cost counts against the budget; then the messages of the failed
 * validations; then the audit annotations.
 */
import { authorizerValue, resourceCheckValue, RUNTIME_CEL_COST_BUDGET, RUNTIME_CEL_COST_BUDGET_MATCH_CONDITIONS, type Authorizer, type CelProgram, type CelValue, type EvalResult } from '../cel/index.js';
import { CelError } from '../cel/values.js';
import { goTrimSpace } from '../../formats/go-text.js';
import { byteLength } from '../../formats/k8s-names.js';
import type { CompiledPolicy, CompiledValidation } from './compile.js';
import type { GroupVersionResource, FailurePolicy } from './types.js';

/** What the API server decides of one validation (validating/policy_decision.go), in its words. */
export interface Decision {
  /** Deny: the binding's validationActions apply; admit: nothing happens (an error under failurePolicy Ignore). */
  action: 'admit' | 'deny';
  evaluation: 'admit' | 'deny' | 'error';
  message: string;
  /** The validation's reason (Invalid unless it says), for a denial. */
  reason?: string;
  /** The index of the validation in spec.validations; absent for what concerns the whole policy. */
  validation?: number;
  /** Denied whatever the binding's validationActions say (an audit annotation's error, a binding that cannot be configured). */
  enforced?: true;
}

export interface ValidateResult {
  /** The match conditions did not all hold (the name of the first false one): nothing was validated. */
  skipped?: string;
  decisions: Decision[];
  /** Audit annotations with a value (`<policy>/<key>` in the audit log). */
  auditAnnotations: { key: string; value: string }[];
}

/** The values an evaluation reads besides the variables. */
export interface Activation {
  object: CelValue;
  oldObject: CelValue;
  params: CelValue;
  request: CelValue;
  namespaceObject: CelValue;
  authorizer: Authorizer;
  /** What `authorizer.requestResource` checks: the request's own resource, namespace and name. */
  requestResource: GroupVersionResource & { namespace: string; name: string; subresource: string };
}

/** celconfig.MaxEvaluatedMessageExpressionSizeBytes: a longer message is not used. */
const MAX_MESSAGE_BYTES = 5 * 1024;

export const OUT_OF_BUDGET = 'validation failed due to running out of cost budget, no further validation rules will be run';

class BudgetExceeded extends Error {}

/** The lazily evaluated `variables` of one pass (composition.go's lazy map): each computed on first read, once. */
class LazyVariables extends Map<string, CelValue> {
  private readonly pending: Map<string, () => CelValue>;

  constructor(entries: Iterable<[string, () => CelValue]>) {
    super();
    this.pending = new Map(entries);
  }

  override get(name: string): CelValue | undefined {
    const compute = this.pending.get(name);
    if (compute) {
      this.pending.delete(name);
      super.set(name, compute());
    }
    return super.get(name);
  }

  override has(name: string): boolean {
    return this.pending.has(name) || super.has(name);
  }

  private computeAll(): void {
    for (const name of [...this.pending.keys()]) this.get(name);
  }

  override get size(): number {
    return this.pending.size + super.size;
  }

  override entries(): MapIterator<[string, CelValue]> {
    this.computeAll();
    return super.entries();
  }

  override keys(): MapIterator<string> {
    this.computeAll();
    return super.keys();
  }

  override values(): MapIterator<CelValue> {
    this.computeAll();
    return super.values();
  }

  override [Symbol.iterator](): MapIterator<[string, CelValue]> {
    return this.entries();
  }

  override forEach(callback: (value: CelValue, key: string, map: Map<string, CelValue>) => void): void {
    this.computeAll();
    super.forEach(callback);
  }
}

const NO_VARIABLES: ReadonlyMap<string, CelValue> = new Map();

/** One pass of expressions over one activation (cel/condition.go ForInput), with its budget and its variables. */
class Pass {
  private variableCost = 0;
  private readonly values: Map<string, CelValue>;

  constructor(
    private readonly policy: CompiledPolicy,
    activation: Activation,
    private remaining: number,
    options: { namespace: boolean; authorizer: boolean },
  ) {
    this.values = new Map<string, CelValue>([
      ['object', activation.object],
      ['oldObject', activation.oldObject],
      ['params', activation.params],
      ['request', activation.request],
      ['namespaceObject', options.namespace ? activation.namespaceObject : null],
    ]);
    // Built only for the policies that read them: most evaluate no authorizer check and declare no variable.
    if (options.authorizer && policy.reads.has('authorizer')) {
      this.values.set('authorizer', authorizerValue(activation.authorizer));
      this.values.set('authorizer.requestResource', resourceCheckValue(activation.authorizer, activation.requestResource));
    }
    this.values.set('variables', policy.variables.length ? new LazyVariables(policy.variables.map(({ name, program }) => [name, () => this.variable(name, program)])) : NO_VARIABLES);
  }

  private variable(name: string, program: CelProgram): CelValue {
    const result = program.evaluate(this.values);
    this.variableCost += result.cost;
    if (result.kind === 'value') return result.value;
    // An error is the variable's value: what reads it fails with it (CelValue holds no error, the evaluator does).
    return new CelError(`composited variable "${name}" fails to evaluate: ${result.message}`) as unknown as CelValue;
  }

  /** One expression; the budget spent by it and the variables it read first (activation.go Evaluate). */
  run(program: CelProgram): EvalResult {
    const result = program.evaluate(this.values);
    const variables = this.variableCost;
    this.variableCost = 0;
    if (variables > this.remaining) throw new BudgetExceeded();
    this.remaining -= variables;
    if (result.cost > this.remaining) throw new BudgetExceeded();
    this.remaining -= result.cost;
    return result;
  }

  get budgetLeft(): number {
    return this.remaining;
  }
}

function failure(expression: string, result: Exclude<EvalResult, { kind: 'value' }>): string {
  return `expression '${expression}' resulted in error: ${result.message}`;
}

function errorDecision(failurePolicy: FailurePolicy, message: string, validation?: number): Decision {
  return { action: failurePolicy === 'Ignore' ? 'admit' : 'deny', evaluation: 'error', message, ...(validation !== undefined ? { validation } : {}) };
}

/**
 * matcher.go Match: undefined when every condition holds, the first false one's name, or the errors. condition.go
 * ForInput evaluates every condition before any result is looked at, so a condition after a false one still spends
 * the budget, and running out of it is an error even where a condition is false.
 */
function matchConditions(policy: CompiledPolicy, activation: Activation): { skipped?: string; error?: string } {
  if (policy.matchConditions.length === 0) return {};
  // The match conditions see no namespaceObject (matcher.go passes none).
  const pass = new Pass(policy, activation, RUNTIME_CEL_COST_BUDGET_MATCH_CONDITIONS, { namespace: false, authorizer: true });
  let results: EvalResult[];
  try {
    results = policy.matchConditions.map(({ program }) => pass.run(program));
  } catch (error) {
    if (!(error instanceof BudgetExceeded)) throw error;
    return { error: OUT_OF_BUDGET };
  }
  const errors: string[] = [];
  for (const [i, result] of results.entries()) {
    const { name, program } = policy.matchConditions[i] as { name: string; program: CelProgram };
    if (result.kind !== 'value') errors.push(failure(program.text, result));
    else if (result.value === false) return { skipped: name };
  }
  if (errors.length === 0) return {};
  return { error: errors.length === 1 ? (errors[0] as string) : `[${errors.join(', ')}]` };
}

/**
 * The message of a failed validation (validator.go): the messageExpression's, else message, else the expression,
 * trimmed as Go's strings.TrimSpace trims and measured in UTF-8 bytes, as the API server does.
 */
function messageOf(validation: CompiledValidation, evaluated: EvalResult | undefined): string {
  if (evaluated?.kind === 'value' && typeof evaluated.value === 'string') {
    const message = goTrimSpace(evaluated.value);
    if (message !== '' && !message.includes('\n') && byteLength(message) <= MAX_MESSAGE_BYTES) return message;
  }
  const message = goTrimSpace(validation.spec.message ?? '');
  return message !== '' ? message : `failed expression: ${goTrimSpace(validation.spec.expression)}`;
}

/**
 * The message expressions' results, by validation, or 'outOfBudget'. The API server evaluates every message
 * expression after the validations, with what is left of the budget; when even the most they can cost fits in
 * it, only the messages of failed validations are worth evaluating, since no budget can run out.
 */
function messageResults(policy: CompiledPolicy, activation: Activation, failed: ReadonlySet<number>, budget: number): Map<number, EvalResult> | 'outOfBudget' {
  const pass = new Pass(policy, activation, budget, { namespace: true, authorizer: false });
  const all = policy.messageCostBound > BigInt(budget);
  const out = new Map<number, EvalResult>();
  try {
    policy.validations.forEach((validation, i) => {
      if (validation.message && (all || failed.has(i))) out.set(i, pass.run(validation.message));
    });
  } catch (error) {
    if (!(error instanceof BudgetExceeded)) throw error;
    return 'outOfBudget';
  }
  return out;
}

/** validator.go Validate for one binding and one parameter object. */
export function validate(policy: CompiledPolicy, activation: Activation): ValidateResult {
  const { failurePolicy } = policy.spec;
  const matched = matchConditions(policy, activation);
  if (matched.error !== undefined) return { decisions: [errorDecision(failurePolicy, matched.error)], auditAnnotations: [] };
  if (matched.skipped !== undefined) return { skipped: matched.skipped, decisions: [], auditAnnotations: [] };
  const pass = new Pass(policy, activation, RUNTIME_CEL_COST_BUDGET, { namespace: true, authorizer: true });
  const outcomes: EvalResult[] = [];
  try {
    for (const { program } of policy.validations) outcomes.push(pass.run(program));
  } catch (error) {
    if (!(error instanceof BudgetExceeded)) throw error;
    return { decisions: [errorDecision(failurePolicy, OUT_OF_BUDGET)], auditAnnotations: [] };
  }
  const failed = new Set(outcomes.flatMap((r, i) => (r.kind === 'value' && r.value !== true ? [i] : [])));
  const messages = failed.size ? messageResults(policy, activation, failed, pass.budgetLeft) : new Map<number, EvalResult>();
  const decisions = outcomes.map((result, i): Decision => {
    const validation = policy.validations[i] as CompiledValidation;
    const index = validation.index;
    if (result.kind !== 'value') return errorDecision(failurePolicy, failure(validation.spec.expression, result), index);
    if (messages === 'outOfBudget') return errorDecision(failurePolicy, `failed messageExpression: ${OUT_OF_BUDGET}`, index);
    if (result.value === true) return { action: 'admit', evaluation: 'admit', message: '', validation: index };
    return { action: 'deny', evaluation: 'deny', message: messageOf(validation, messages.get(i)), reason: validation.spec.reason ?? 'Invalid', validation: index };
  });
  const audit = auditAnnotations(policy, activation);
  if (audit === 'outOfBudget') return { decisions: [errorDecision(failurePolicy, OUT_OF_BUDGET)], auditAnnotations: [] };
  return { decisions: [...decisions, ...audit.errors], auditAnnotations: audit.published };
}

/**
 * validator.go's audit annotations, with a budget of their own; an error denies under failurePolicy Fail. They are
 * compiled with `authorizer` but evaluated without one (validator.go binds only the params), so reading it fails.
 */
function auditAnnotations(policy: CompiledPolicy, activation: Activation): { published: { key: string; value: string }[]; errors: Decision[] } | 'outOfBudget' {
  const published: { key: string; value: string }[] = [];
  const errors: Decision[] = [];
  if (policy.auditAnnotations.length === 0) return { published, errors };
  const pass = new Pass(policy, activation, RUNTIME_CEL_COST_BUDGET, { namespace: true, authorizer: false });
  try {
    for (const { key, program } of policy.auditAnnotations) {
      const result = pass.run(program);
      // dispatcher.go: an audit annotation's error denies the request whatever the binding's actions.
      if (result.kind !== 'value') {
        if (policy.spec.failurePolicy === 'Fail') errors.push({ ...errorDecision('Fail', failure(program.text, result)), enforced: true });
      } else if (typeof result.value === 'string' && goTrimSpace(result.value) !== '') published.push({ key, value: goTrimSpace(result.value) });
    }
  } catch (error) {
    if (!(error instanceof BudgetExceeded)) throw error;
    return 'outOfBudget';
  }
  return { published, errors };
}
