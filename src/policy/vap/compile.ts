/**
 * Compiling a ValidatingAdmissionPolicy as the API server does (k8s.io/apiserver pkg/admission/plugin/policy/
 * validating/plugin.go compilePolicy, cel/compile.go, cel/composition.go): the variables in order, each seeing those
 * before it through `variables` with the type its expression has; match conditions and validations must be bool,
 * messages string, audit annotation values string or null; `authorizer` is declared for all but messages. Where
 * the policy's resource rules can only match one kind of the platform, `object` and `oldObject` have its type, and
 * `params` has the type of the kind its paramKind names, when platlint knows its schema: the platform's, v1 ConfigMap
 * and Secret (the checks the API server reports as type warnings, platlint reports as errors). An expression that
 * exceeds the per-call cost limit on every object, whatever it holds (its static estimate's minimum), compiles, as
 * the API server estimates no cost of an admission policy (cel/compile.go), but is a warning: every evaluation of it
 * fails.
 */
import { API_GROUP } from '../../engine/scope.js';
import { compileProblem } from '../cel.js';
import { admissionVariables, BOOL, DYN, NULL, PER_CALL_LIMIT, STRING, type CelEnvironment, type CelProgram, type CelType, type VariableDecls } from '../cel/index.js';
import { CORE_KIND_TYPES } from '../cel/core-types.js';
import type { DocumentProblem } from '../schema-problems.js';
import { platformObjectType } from '../schema-types.js';
import type { ExpressionSpec, MatchResources, ParamKind, PolicySpec, ValidationSpec } from './types.js';

export interface CompiledValidation {
  /** Its index in spec.validations. */
  index: number;
  spec: ValidationSpec;
  program: CelProgram;
  message?: CelProgram;
}

export interface CompiledPolicy {
  spec: PolicySpec;
  variables: readonly { name: string; program: CelProgram }[];
  matchConditions: readonly { name: string; program: CelProgram }[];
  validations: readonly CompiledValidation[];
  auditAnnotations: readonly { key: string; program: CelProgram }[];
  /** The most the message expressions can cost together (static estimate). */
  messageCostBound: bigint;
  /** The variables some expression reads (`authorizer`, `namespaceObject`, `params`...). */
  reads: ReadonlySet<string>;
  /** The platform kind `object` is typed as, when the rules match no other. */
  objectKind?: 'User' | 'Config';
}

/** `warnings`: what compiles but can never evaluate (an expression over the per-call cost limit on every object). */
export type CompileOutcome = { ok: true; policy: CompiledPolicy; warnings: DocumentProblem[] } | { ok: false; problems: DocumentProblem[] };

const PLATFORM_RESOURCES: Readonly<Record<string, 'User' | 'Config'>> = { users: 'User', configs: 'Config' };

/** The platform kind every resource rule of the constraints is limited to, if one. */
export function typedKind(constraints: MatchResources): 'User' | 'Config' | undefined {
  const kinds = new Set<'User' | 'Config' | undefined>();
  for (const rule of constraints.resourceRules) {
    if (rule.apiGroups.length !== 1 || rule.apiGroups[0] !== API_GROUP) return undefined;
    for (const resource of rule.resources) kinds.add(PLATFORM_RESOURCES[resource]);
  }
  const [only, ...rest] = [...kinds];
  return rest.length === 0 ? only : undefined;
}

/**
 * The type of `params` for a policy's `paramKind`, and the kind it names: the API server types `params` by the schema
 * of the paramKind it resolves (typechecking.go); platlint knows the schemas of the platform's kinds and of v1
 * ConfigMap and Secret. Another paramKind: undefined (dyn).
 */
export function paramsType(paramKind: ParamKind | undefined): { kind: string; type: CelType } | undefined {
  if (!paramKind) return undefined;
  const { apiVersion, kind } = paramKind;
  if (apiVersion === `${API_GROUP}/v1` && (kind === 'User' || kind === 'Config')) return { kind, type: platformObjectType(kind) };
  const core = CORE_KIND_TYPES.get(`${apiVersion}/${kind}`);
  return core ? { kind, type: core } : undefined;
}

/**
 * What an expression of the policy is compiled with: the admission request's variables, `variables` with the types
 * of those compiled so far, `object` and `oldObject` of the one platform kind the policy's rules match, and `params`
 * of the kind its paramKind names (paramsType).
 */
export function policyDeclarations(spec: PolicySpec, variableTypes: Readonly<Record<string, CelType>>, hasAuthorizer: boolean): VariableDecls {
  const objectKind = typedKind(spec.matchConstraints);
  const object: CelType = objectKind ? platformObjectType(objectKind) : DYN;
  const params = paramsType(spec.paramKind);
  return {
    ...admissionVariables({ hasParams: spec.paramKind !== undefined, hasAuthorizer, variables: { ...variableTypes } }),
    ...(params ? { params: params.type } : {}),
    object,
    oldObject: object,
  };
}

/**
 * The types of the policy's first `count` variables, each compiled with those before it, for the editor: dyn where
 * an expression does not compile (compilePolicy also takes one over the cost limit as dyn; the editor does not
 * estimate costs).
 */
export function compiledVariableTypes(spec: PolicySpec, environment: CelEnvironment, count = spec.variables.length): Record<string, CelType> {
  const types: Record<string, CelType> = {};
  for (const variable of spec.variables.slice(0, count)) {
    const result = environment.compile(variable.expression, policyDeclarations(spec, types, true));
    types[variable.name] = (result.ok ? result.program.outputType : undefined) ?? DYN;
  }
  return types;
}

/** Compiles every expression of a policy; the problems come back at each expression's place in the document. */
export function compilePolicy(spec: PolicySpec, environment: CelEnvironment): CompileOutcome {
  const problems: DocumentProblem[] = [];
  const warnings: DocumentProblem[] = [];
  const objectKind = typedKind(spec.matchConstraints);
  const variableTypes: Record<string, CelType> = {};
  const reads = new Set<string>();
  const declarations = (hasAuthorizer: boolean): VariableDecls => policyDeclarations(spec, variableTypes, hasAuthorizer);
  const compile = (what: ExpressionSpec, label: string, expected: CelType[] | undefined, hasAuthorizer = true): CelProgram | undefined => {
    const decls = declarations(hasAuthorizer);
    const result = environment.compile(what.expression, decls, expected ? { expectedTypes: expected } : {});
    if (!result.ok) {
      const problem = compileProblem(result.error, Object.keys(decls), environment.functionNames());
      problems.push({ path: [...what.at], offset: problem.offset, message: `${label}: ${problem.message}`, ...(problem.replace ? { replace: problem.replace } : {}) });
      return undefined;
    }
    const overLimit = result.program.overLimitEverywhere(PER_CALL_LIMIT);
    if (overLimit !== undefined) warnings.push({ path: [...what.at], message: `${label}: ${overLimit}: the API server stores the policy, and every evaluation of it fails` });
    // authorizer.requestResource is the authorizer too.
    for (const name of result.program.uses) reads.add(name === 'authorizer.requestResource' ? 'authorizer' : name);
    return result.program;
  };
  const variables: { name: string; program: CelProgram }[] = [];
  spec.variables.forEach((v, i) => {
    const program = compile(v, `variables[${i}].expression`, undefined);
    // A variable that does not compile is still declared, as dyn, so that one mistake is reported once.
    variableTypes[v.name] = program?.outputType ?? DYN;
    if (program) variables.push({ name: v.name, program });
  });
  const matchConditions = spec.matchConditions.flatMap((c, i) => {
    const program = compile(c, `matchConditions[${i}].expression`, [BOOL]);
    return program ? [{ name: c.name, program }] : [];
  });
  const validations = spec.validations.flatMap((v, i): CompiledValidation[] => {
    const program = compile(v, `validations[${i}].expression`, [BOOL]);
    const message = v.messageExpression && compile(v.messageExpression, `validations[${i}].messageExpression`, [STRING], false);
    return program ? [{ index: i, spec: v, program, ...(message ? { message } : {}) }] : [];
  });
  const auditAnnotations = spec.auditAnnotations.flatMap((a, i) => {
    const program = compile(a, `auditAnnotations[${i}].valueExpression`, [STRING, NULL]);
    return program ? [{ key: a.key, program }] : [];
  });
  if (problems.length) return { ok: false, problems };
  const messageCostBound = validations.reduce((sum, v) => sum + (v.message?.estimateCost().max ?? 0n), 0n);
  return { ok: true, policy: { spec, variables, matchConditions, validations, auditAnnotations, messageCostBound, reads, ...(objectKind ? { objectKind } : {}) }, warnings };
}
