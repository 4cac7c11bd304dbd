/**
 * Where the cursor is in a ValidatingAdmissionPolicy's CEL, for completion and hover as in a platlint policy: the
 * expression under the cursor (a validation's `expression` or `messageExpression`, a variable's, a match condition's,
 * an audit annotation's `valueExpression`) and its variables as src/policy/vap/compile.ts declares them: `object`
 * and `oldObject` typed by the platform's schema when the policy matches one kind of it, `request` and
 * `namespaceObject` by Kubernetes' types, `params` with a paramKind (typed when it names a kind of the platform),
 * `authorizer` but in a message, and the policy's `variables` (those declared before, in a variable) with the types
 * their expressions compile to.
 */
import { Scalar, type Document } from 'yaml';
import { isRecord } from '../platform/data.js';
import { ADMISSION_REQUEST_TYPE, AUTHORIZER_TYPE, DYN, NAMESPACE_TYPE, objectType, type CelType } from '../policy/cel/index.js';
import { compiledVariableTypes, paramsType, typedKind } from '../policy/vap/compile.js';
import { isVariableName, readPolicy } from '../policy/vap/read.js';
import { ADMISSION_POLICY_KIND, admissionKindOf, type PolicySpec } from '../policy/vap/types.js';
import { environmentOf, jsonOf, scalarAt, type RuleScalar, type Variable } from './policy-context.js';

/** The CEL fields of each list of a policy's spec, and the field a rule scalar names them by. */
export const EXPRESSION_FIELDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  validations: { expression: 'expression', messageExpression: 'messageExpression' },
  variables: { expression: 'expression' },
  matchConditions: { expression: 'expression' },
  auditAnnotations: { valueExpression: 'expression' },
};

/**
 * The policy's variables by name with their types (`count`: in a variable's expression, those before it); of a
 * policy that cannot be read yet (being written), the names of its variables, of no type known.
 */
function policyVariables(read: PolicySpec | undefined, spec: Record<string, unknown>, count: number | undefined, kubernetesVersion: string | undefined): Record<string, CelType> {
  if (read) return compiledVariableTypes(read, environmentOf(kubernetesVersion), count);
  const variables = Array.isArray(spec['variables']) ? spec['variables'].slice(0, count) : [];
  // A name the API server refuses (`2fast`, a name being typed) is no variable CEL can select.
  const names = variables.map((v: unknown) => (isRecord(v) ? v['name'] : undefined)).filter((name): name is string => typeof name === 'string' && isVariableName(name));
  return Object.fromEntries(names.map((name) => [name, DYN]));
}

/** The kind of the platform the policy's objects are, if it matches one, and the variables of its CEL there. */
function admissionVariables(data: Record<string, unknown>, list: string, index: number, field: string, kubernetesVersion: string | undefined): Pick<RuleScalar, 'kind' | 'variables'> {
  const spec = isRecord(data['spec']) ? data['spec'] : {};
  const read = readPolicy(data);
  const kind = read.spec ? typedKind(read.spec.matchConstraints) : undefined;
  const object = kind ? { path: [] } : { type: DYN };
  const variables = new Map<string, Variable>([
    ['object', { ...object, description: `The object of the request${kind ? ` (a ${kind})` : ''}; null on DELETE.` }],
    ['oldObject', { ...object, description: 'The object before the request, on UPDATE and DELETE; null on CREATE.' }],
    ['request', { type: ADMISSION_REQUEST_TYPE, description: 'The admission request: its operation, user, kind and resource.' }],
    ['namespaceObject', { type: NAMESPACE_TYPE, description: "The object's namespace; null for a cluster-scoped object." }],
  ]);
  const params = read.spec && paramsType(read.spec.paramKind);
  if (spec['paramKind'] !== undefined) variables.set('params', { type: params?.type ?? DYN, description: `The binding's parameter resource (spec.paramKind${params ? `: a ${params.kind}` : ''}).` });
  // compile.ts: a message expression is compiled without the authorizer.
  if (field !== 'messageExpression') variables.set('authorizer', { type: AUTHORIZER_TYPE, description: "Authorization checks for the request's user." });
  const types = policyVariables(read.spec, spec, list === 'variables' ? index : undefined, kubernetesVersion);
  if (Object.keys(types).length) variables.set('variables', { type: objectType('kubernetes.variables', new Map(Object.entries(types))), description: "The policy's spec.variables, by name." });
  return { kind, variables };
}

/** The CEL scalar of a ValidatingAdmissionPolicy document at `offset` of the file's text. */
export function admissionScalarAt(document: Document.Parsed, text: string, offset: number, kubernetesVersion: string | undefined): RuleScalar | undefined {
  const data = jsonOf(document);
  if (!isRecord(data) || admissionKindOf(data) !== ADMISSION_POLICY_KIND) return undefined;
  const at = scalarAt(document.contents, offset);
  const [spec, list, index, key] = at?.path ?? [];
  const field = typeof list === 'string' && typeof key === 'string' ? EXPRESSION_FIELDS[list]?.[key] : undefined;
  if (!at?.node.range || spec !== 'spec' || typeof index !== 'number' || typeof list !== 'string' || typeof key !== 'string' || !field) return undefined;
  const { kind, variables } = admissionVariables(data, list, index, field, kubernetesVersion);
  return { kind, variables, field, before: text.slice(at.node.range[0], offset), style: at.node.type ?? Scalar.PLAIN };
}
