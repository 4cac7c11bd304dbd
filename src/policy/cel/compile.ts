/**
 * Compiling an expression in a Kubernetes CEL environment, as cel-go's Env.Compile and Env.Program do with
 * Kubernetes' options: parse (macros and optional syntax as the version has them), check against the declared
 * variables, run the version's AST validators, check the output type, plan (constant folding, constant regular
 * expressions). Every failure is a compile error with its offset in the text.
 */
import { check as checkExpression, type Checked } from './checker.js';
import { resolveUnchecked } from './resolve.js';
import { Declarations, featuresOf, minorOf, type Features } from './environment.js';
import { fold } from './fold.js';
import { Parser, SyntaxProblem, type ParsedExpression } from './parser.js';
import { DYN, formatType, type CelType } from './types.js';
import { constantRegexProblem, literalIssues } from './validate.js';
import type { ActualCostEstimator } from './runtime-cost.js';

export type VariableDecls = Readonly<Record<string, CelType>>;

export interface CompileIssue {
  message: string;
  /** Why, when cel-go's message does not say (an invalid pattern's own error). */
  detail?: string;
  /** For an undefined field: the fields the object has. */
  fields?: readonly string[];
  /** Offset of the problem in the expression text (UTF-16 code units). */
  offset: number;
}

/** Why an expression does not compile: its syntax, its types (or what the version's validators refuse), its cost. */
export type CompileErrorKind = 'syntax' | 'type' | 'cost';

export interface CompileError {
  kind: CompileErrorKind;
  /** The first issue's message (all of them in `issues`). */
  message: string;
  offset: number;
  issues: CompileIssue[];
}

export interface CompiledExpression {
  text: string;
  parsed: ParsedExpression;
  checked: Checked;
  outputType: CelType;
  constants: ReadonlyMap<number, import('./values.js').CelValue>;
  freeCalls: ReadonlySet<number>;
  /** The declared variables the expression reads. */
  uses: ReadonlySet<string>;
}

export interface EnvironmentOptions {
  /**
   * The libraries and options instead of those of the Kubernetes version: the environments of Kubernetes' own
   * library tests (cel.NewEnv(library.IP(), library.CIDR())...), which the conformance tests rebuild.
   */
  features?: Features;
  /** cel.HomogeneousAggregateLiterals, always on in Kubernetes' environment. */
  homogeneousLiterals?: boolean;
  /** cel-go's OptOptimize, always on in Kubernetes' environment (constants cost nothing at runtime). */
  optimize?: boolean;
}

export class EnvironmentCore {
  readonly declarations: Declarations;
  readonly features: Features;
  private readonly parser: Parser;

  constructor(
    readonly minor: number,
    readonly options: Required<Omit<EnvironmentOptions, 'features'>>,
    readonly estimator: ActualCostEstimator | undefined,
    features?: Features,
  ) {
    this.features = features ?? featuresOf(minor);
    this.declarations = new Declarations(this.features);
    this.parser = new Parser({ optionalSyntax: this.features.optionalTypes, macros: this.declarations.macros });
  }

  /** `check` false evaluates the parsed expression unchecked (cel-go's parse-only programs; see resolve.ts). */
  compile(text: string, variables: VariableDecls, expected?: readonly CelType[], check = true): { ok: true; compiled: CompiledExpression } | { ok: false; error: CompileError } {
    let parsed: ParsedExpression;
    try {
      parsed = this.parser.parse(text);
    } catch (error) {
      if (error instanceof SyntaxProblem) return failure('syntax', [{ message: error.message, offset: error.offset }]);
      if (error instanceof RangeError) return failure('syntax', [{ message: 'expression recursion limit exceeded: 250', offset: 0 }]);
      throw error;
    }
    const at = (id: number): number => parsed.positions.get(id) ?? 0;
    const declarations = this.declarations;
    if (!check) {
      const resolved = resolveUnchecked(parsed.expr, { lookupFunction: (name) => declarations.functions.get(name), lookupType: (name) => declarations.idents.get(name) });
      return this.plan(text, parsed, resolved, DYN, variables);
    }
    let checked: Checked;
    try {
      checked = checkExpression(parsed.expr, {
        lookupFunction: (name) => declarations.functions.get(name),
        lookupIdent: (name) => (Object.hasOwn(variables, name) ? { type: variables[name] as CelType } : declarations.idents.get(name)),
        // cel-go's HomogeneousAggregateLiterals is a validator (below): the checker joins mixed types as dyn.
        homogeneousLiterals: false,
      });
    } catch (error) {
      if (error instanceof RangeError) return failure('syntax', [{ message: 'expression recursion limit exceeded: 250', offset: 0 }]);
      throw error;
    }
    const issues = [...checked.issues];
    if (issues.length === 0) issues.push(...literalIssues(parsed.expr, checked, { homogeneous: this.options.homogeneousLiterals, literals: this.features.literalValidators }));
    if (issues.length) return failure('type', issues.map(({ exprId, ...issue }) => ({ ...issue, offset: at(exprId) })));
    const outputType = checked.types.get(parsed.expr.id) ?? { kind: 'dyn' };
    if (expected && !expected.some((t) => t.kind === 'dyn' || formatType(t) === formatType(outputType))) {
      const reason = expected.length === 1 ? `must evaluate to ${formatType(expected[0] as CelType)} but got ${formatType(outputType)}` : `must evaluate to one of [${expected.map(formatType).join(' ')}] but got ${formatType(outputType)}`;
      return failure('type', [{ message: reason, offset: 0 }]);
    }
    return this.plan(text, parsed, checked, outputType, variables);
  }

  /** cel-go's Program: precompiled constant patterns, and with OptOptimize the constants folded. */
  private plan(text: string, parsed: ParsedExpression, checked: Checked, outputType: CelType, variables: VariableDecls): { ok: true; compiled: CompiledExpression } | { ok: false; error: CompileError } {
    const at = (id: number): number => parsed.positions.get(id) ?? 0;
    const regex = constantRegexProblem(parsed.expr);
    if (regex) return failure('type', [{ message: regex.message, offset: at(regex.exprId) }]);
    const folded = this.options.optimize ? fold(parsed.expr, checked) : { constants: new Map(), setMemberships: new Set<number>() };
    if ('error' in folded && folded.error) return failure('type', [{ message: folded.error.message, offset: at(folded.error.exprId) }]);
    return {
      ok: true,
      compiled: { text, parsed, checked, outputType, constants: folded.constants, freeCalls: folded.setMemberships, uses: usedVariables(checked, variables) },
    };
  }
}

function failure(kind: CompileErrorKind, issues: CompileIssue[]): { ok: false; error: CompileError } {
  const first = issues[0] as CompileIssue;
  return { ok: false, error: { kind, message: first.message, offset: first.offset, issues } };
}

function usedVariables(checked: Checked, variables: VariableDecls): Set<string> {
  const out = new Set<string>();
  for (const ref of checked.refs.values()) if (ref.kind === 'ident' && Object.hasOwn(variables, ref.name)) out.add(ref.name);
  return out;
}

export { minorOf };
