/**
 * One conformance case run as cel-go's conformance test runs it (cel-go conformance/conformance_test.go), in
 * Kubernetes' CEL environment: parse and check (unchecked when `disable_check`), then for `check_only` the
 * deduced type, else evaluate with the bindings and compare the value exactly (types included), or require an
 * error (`eval_error`: any error, as cel-go's runner requires). A case with no result matcher expects `true`.
 */
import { CelEnvironment, formatType, type CelProgram, type CelType, type CompileResult, type EvalResult, type VariableDecls } from '../../../../src/policy/cel/index.js';
import { fn, global, member, type FunctionDecl } from '../../../../src/policy/cel/decls.js';
import { featuresOf, minorOf, NEWEST_KUBERNETES_VERSION, type Features } from '../../../../src/policy/cel/environment.js';
import { CelError, type CelValue } from '../../../../src/policy/cel/values.js';
import { formatValue } from '../../../../src/policy/cel/format-value.js';
import { celType, celValue, sameValue, type DeclJson, type SimpleTest } from './suite.js';
import type { Expected } from './exclusions.js';

/**
 * The environment of the newest Kubernetes version, without what Kubernetes adds over cel-go's conformance
 * environment that refuses at compile time what the suite evaluates: the literal validators (an invalid duration or
 * timestamp literal, a bad regular expression) and homogeneous aggregate literals; unoptimised, as the conformance
 * runner plans (an optimised run is the second pass, see `optimised`).
 */
function environment(optimize: boolean, functions: FunctionDecl[] = []): CelEnvironment {
  const newest = featuresOf(minorOf(NEWEST_KUBERNETES_VERSION) as number);
  const features: Features = { ...newest, literalValidators: false, libraries: [...newest.libraries, ...(functions.length ? [{ name: 'type_env', functions }] : [])] };
  return new CelEnvironment(NEWEST_KUBERNETES_VERSION, { features, homogeneousLiterals: false, optimize });
}

const environments = new Map<boolean, CelEnvironment>();

/** The environment of a case: the shared one, or one with the functions its type_env declares. */
function environmentOf(functions: FunctionDecl[], optimize: boolean): CelEnvironment {
  if (functions.length) return environment(optimize, functions);
  let env = environments.get(optimize);
  if (!env) environments.set(optimize, (env = environment(optimize)));
  return env;
}

function functionDecls(decls: readonly DeclJson[]): FunctionDecl[] {
  return decls.flatMap((d) =>
    d.function
      ? [
          fn(
            d.name,
            ...d.function.overloads.map((o) => {
              const params = (o.params ?? []).map(celType);
              const impl = (): CelError => new CelError(`no implementation of ${o.overload_id}`);
              return o.is_instance_function ? member(o.overload_id, params, celType(o.result_type), impl) : global(o.overload_id, params, celType(o.result_type), impl);
            }),
          ),
        ]
      : [],
  );
}

export interface CaseOutcome {
  ok: boolean;
  /** What went wrong, for the test's message. */
  why?: string;
}

const fail = (why: string): CaseOutcome => ({ ok: false, why });

/**
 * Runs the case; `optimize` plans as Kubernetes does (cel-go's OptOptimize), where a constant's error comes at
 * planning. `deviation` is what cel-go gives instead of the file's expectation (exclusions.ts).
 */
export function runCase(test: SimpleTest, optimize: boolean, deviation?: Expected): CaseOutcome {
  if (test.any_eval_errors !== undefined || test.unknown !== undefined || test.any_unknowns !== undefined) return fail('unknowns and error sets are not evaluated by Kubernetes');
  const decls = test.type_env ?? [];
  const functions = functionDecls(decls);
  const variables: Record<string, CelType> = {};
  for (const d of decls) if (d.ident) variables[d.name] = celType(d.ident.type);
  const compile = (optimised: boolean) => environmentOf(functions, optimised).compile(test.expr, variables as VariableDecls, test.disable_check ? { check: false } : {});
  const compiled = compile(optimize);
  if (deviation) return deviating(compiled, test, deviation);
  const expectsError = test.eval_error !== undefined;
  if (!compiled.ok) {
    // cel-go's OptOptimize evaluates a conversion of a constant when planning: the expected error comes then.
    if (optimize && expectsError && compiled.error.kind === 'type' && compile(false).ok) return { ok: true };
    return fail(`does not compile: ${compiled.error.issues.map((i) => i.message).join('; ')}`);
  }
  const deduced = test.typed_result?.deduced_type;
  if (deduced && !test.disable_check) {
    const want = formatType(celType(deduced));
    const got = formatType(compiled.program.outputType);
    if (want !== got) return fail(`deduced type ${got}, expected ${want}`);
  }
  if (test.check_only) return deduced ? { ok: true } : fail('a check_only case without a deduced type');
  const result = evaluate(compiled.program, test);
  if (expectsError) return result.kind === 'error' ? { ok: true } : fail(`expected an error, got ${result.kind === 'value' ? show(result.value) : result.message}`);
  if (result.kind !== 'value') return fail(`${result.kind}: ${result.message}`);
  const expected = test.typed_result?.result ?? test.value;
  return valueOutcome(result.value, expected === undefined ? true : celValue(expected));
}

function evaluate(program: CelProgram, test: SimpleTest): EvalResult {
  const bindings: Record<string, CelValue> = {};
  for (const [name, value] of Object.entries(test.bindings ?? {})) bindings[name] = celValue(value.value);
  return program.evaluate(bindings, { costLimit: Number.POSITIVE_INFINITY });
}

/** The case held to cel-go's own result: a compile error, a deduced type, an evaluation error or a value, exactly. */
function deviating(compiled: CompileResult, test: SimpleTest, expected: Expected): CaseOutcome {
  if ('compileError' in expected) {
    const messages = compiled.ok ? [] : compiled.error.issues.map((i) => i.message);
    return messages.includes(expected.compileError) ? { ok: true } : fail(`compile errors ${JSON.stringify(messages)}, expected ${expected.compileError}`);
  }
  if (!compiled.ok) return fail(`does not compile: ${compiled.error.message}`);
  if ('deducedType' in expected) {
    const [want, got] = [formatType(celType(expected.deducedType)), formatType(compiled.program.outputType)];
    return want === got ? { ok: true } : fail(`deduced type ${got}, expected ${want}`);
  }
  const result = evaluate(compiled.program, test);
  if ('evalError' in expected) return result.kind === 'error' && result.message === expected.evalError ? { ok: true } : fail(`got ${JSON.stringify(result)}, expected the error ${expected.evalError}`);
  if (result.kind !== 'value') return fail(`${result.kind}: ${result.message}`);
  return valueOutcome(result.value, celValue(expected.value));
}

function valueOutcome(got: CelValue, want: CelValue): CaseOutcome {
  return sameValue(got, want) ? { ok: true } : fail(`got ${show(got)}, expected ${show(want)}`);
}

function show(value: CelValue): string {
  return `${formatValue(value)} (${value === null ? 'null' : typeof value === 'object' ? value.constructor.name : typeof value})`;
}
