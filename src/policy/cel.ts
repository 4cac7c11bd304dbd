/**
 * CEL for platlint policies: their expressions compile in the Kubernetes CEL environment of the configured
 * `kubernetesVersion` (src/policy/cel/), with `self`, `object`, `oldObject` and `oldSelf` declared with the types the
 * rule compiler gives them (the kind's schema, or dyn), and each evaluation runs under the per-expression cost limit
 * Kubernetes applies (PerCallLimit). Compile errors carry their offset in the expression; evaluation failures say
 * whether the cost limit stopped them.
 */
import { didYouMean } from '../engine/suggest.js';
import { BOOL, CelEnvironment, PER_CALL_LIMIT, STRING, formatType, type CelValue, type CompileError, type VariableDecls } from './cel/index.js';
import { valueTypeName } from './cel/values.js';
import type { Replacement } from './types.js';

/** Kubernetes' per-expression runtime cost limit (k8s.io/apiserver pkg/apis/cel/config.go PerCallLimit). */
export const DEFAULT_COST_LIMIT = PER_CALL_LIMIT;

/** The values policies bind: document data as data.ts converts it. */
export type CelInput = CelValue;

export { valueTypeName };

export interface CompileProblem {
  message: string;
  /** Offset of the problem in the expression text (UTF-16 code units). */
  offset: number;
  /** The misspelt variable, function or field there, and the one meant. */
  replace?: Replacement;
}

/** The result of one evaluation, with the cost units it spent. */
export type EvalOutcome = ({ ok: true; value: CelValue } | { ok: false; error: string; costExceeded: boolean; offset?: number }) & { cost: number };

export interface CompiledExpression {
  readonly text: string;
  /** The variables (of those it was compiled with) the expression refers to. */
  readonly uses: ReadonlySet<string>;
  evaluate(bindings: Readonly<Record<string, CelInput>>): EvalOutcome;
}

/** A compile error in platlint's words, with a did-you-mean for a misspelt variable, function or field. */
export function compileProblem(error: CompileError, variables: readonly string[], functions: Iterable<string>): CompileProblem {
  const { kind, offset } = error;
  const first = error.issues[0];
  let message = error.message.replace(/^Syntax error: /, '') + (first?.detail ? ` (${first.detail})` : '');
  // cel-go names an unknown identifier or function; say which was meant when a known one is close.
  const undeclared = /^undeclared reference to '([^']+)'/.exec(message)?.[1];
  const field = /^undefined field '([^']+)'/.exec(message)?.[1];
  const written = undeclared ?? (first?.fields ? field : undefined);
  const known = undeclared ? [...variables, ...functions].filter((n) => /^[a-zA-Z]/.test(n)) : (first?.fields ?? []);
  const [suggested] = written === undefined ? [] : didYouMean(written, known);
  if (suggested !== undefined) message += `; did you mean "${suggested}"?`;
  const text = `CEL ${kind === 'syntax' ? 'syntax' : kind === 'cost' ? 'cost' : 'type'} error: ${message}`;
  return { message: text, offset, ...(written !== undefined && suggested !== undefined ? { replace: { written, suggested } } : {}) };
}

/** The environment of one policy load: compile once per expression, evaluate per document. */
export class PolicyCel {
  readonly environment: CelEnvironment;

  constructor(
    kubernetesVersion: string | undefined,
    readonly costLimit: number = DEFAULT_COST_LIMIT,
  ) {
    this.environment = new CelEnvironment(kubernetesVersion);
  }

  compile(text: string, result: 'bool' | 'string', variables: VariableDecls): { ok: true; expression: CompiledExpression } | { ok: false; problem: CompileProblem } {
    if (text.trim() === '') return { ok: false, problem: { message: 'the expression is empty', offset: 0 } };
    const compiled = this.environment.compile(text, variables);
    if (!compiled.ok) return { ok: false, problem: compileProblem(compiled.error, Object.keys(variables), this.environment.functionNames()) };
    const { program } = compiled;
    const overLimit = program.overLimitEverywhere(this.costLimit);
    if (overLimit !== undefined) return { ok: false, problem: { message: overLimit, offset: 0 } };
    const output = program.outputType;
    const expected = result === 'bool' ? BOOL : STRING;
    if (output.kind !== 'dyn' && formatType(output) !== formatType(expected)) {
      const message =
        result === 'bool'
          ? `the expression must evaluate to a bool (true means compliant), not ${formatType(output)}`
          : `the message expression must evaluate to a string, not ${formatType(output)}`;
      return { ok: false, problem: { message, offset: 0 } };
    }
    const costLimit = this.costLimit;
    return {
      ok: true,
      expression: {
        text,
        uses: program.uses,
        evaluate: (bindings) => {
          const outcome = program.evaluate(bindings, { costLimit });
          switch (outcome.kind) {
            case 'value':
              return { ok: true, value: outcome.value, cost: outcome.cost };
            case 'costExceeded':
              return { ok: false, error: outcome.message, costExceeded: true, cost: outcome.cost };
            default:
              return { ok: false, error: outcome.message, costExceeded: false, cost: outcome.cost, ...(outcome.offset !== undefined ? { offset: outcome.offset } : {}) };
          }
        },
      },
    };
  }
}
