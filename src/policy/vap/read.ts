/**
 * Reading a ValidatingAdmissionPolicy or binding document: its structure (schema.ts, structure.ts), what the API
 * server's validation refuses (k8s.io/kubernetes pkg/apis/admissionregistration/validation: validationActions,
 * paramRef, resource rules, names), then the API server's defaults. Every mistake is a problem at a data path of the
 * document; a document with one is not used, as the API server would not store it.
 */
import { isRecord, stringItems } from '../../platform/data.js';
import { describeSchemaErrors, type DocumentProblem } from '../schema-problems.js';
import type { LabelSelector } from '../types.js';
import type { JsonSchema } from '../schema.js';
import { admissionBindingSchema, admissionPolicySchema } from './schema.js';
import { structureErrors } from './structure.js';
import type { BindingSpec, MatchResources, ParamRef, PolicySpec, ResourceRule, RuleScope, ValidationAction, ValidationSpec } from './types.js';

type Path = (string | number)[];

function structuralProblems(schema: JsonSchema, data: unknown): DocumentProblem[] {
  return describeSchemaErrors(structureErrors(schema, data), data).map(({ problem }) => problem);
}

/** Data as the structure check let it through: fields of the types schema.ts gives, when present. */
type Fields = Record<string, unknown>;
const fields = (value: unknown): Fields => (isRecord(value) ? value : {});
const list = (value: unknown): Fields[] => (Array.isArray(value) ? value.map(fields) : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

class Checker {
  readonly problems: DocumentProblem[] = [];

  fail(path: Path, message: string, at: 'key' | 'value' = 'value'): void {
    this.problems.push({ path, at, message });
  }

  selector(value: unknown, path: Path): LabelSelector {
    const data = fields(value);
    const out: LabelSelector = {};
    if (isRecord(data['matchLabels'])) out.matchLabels = Object.fromEntries(Object.entries(data['matchLabels']).filter((e): e is [string, string] => typeof e[1] === 'string'));
    const expressions = list(data['matchExpressions']);
    expressions.forEach((requirement, i) => {
      const operator = text(requirement['operator']);
      const values = stringItems(requirement['values']);
      if ((operator === 'In' || operator === 'NotIn') && values.length === 0) this.fail([...path, 'matchExpressions', i, 'values'], `The ${operator} operator needs a non-empty list of values`, 'key');
      if ((operator === 'Exists' || operator === 'DoesNotExist') && values.length > 0) this.fail([...path, 'matchExpressions', i, 'values'], `The ${operator} operator takes no values; remove them`, 'key');
    });
    if (expressions.length) out.matchExpressions = expressions.map((r) => ({ key: text(r['key']) ?? '', operator: (text(r['operator']) ?? 'Exists') as 'In', values: stringItems(r['values']) }));
    return out;
  }

  rule(value: Fields, path: Path): ResourceRule {
    for (const field of ['apiGroups', 'apiVersions', 'resources', 'operations'] as const) {
      if (stringItems(value[field]).length === 0) this.fail([...path, field], `${field} must list at least one value ("*" for all)`, value[field] === undefined ? 'key' : 'value');
    }
    const names = stringItems(value['resourceNames']);
    names.forEach((name, i) => {
      if (names.indexOf(name) !== i) this.fail([...path, 'resourceNames', i], `"${name}" is listed twice in resourceNames`);
    });
    return {
      apiGroups: stringItems(value['apiGroups']),
      apiVersions: stringItems(value['apiVersions']),
      resources: stringItems(value['resources']),
      operations: stringItems(value['operations']),
      scope: (text(value['scope']) ?? '*') as RuleScope,
      resourceNames: names,
    };
  }

  matchResources(value: unknown, path: Path): MatchResources {
    const data = fields(value);
    return {
      namespaceSelector: this.selector(data['namespaceSelector'], [...path, 'namespaceSelector']),
      objectSelector: this.selector(data['objectSelector'], [...path, 'objectSelector']),
      resourceRules: list(data['resourceRules']).map((r, i) => this.rule(r, [...path, 'resourceRules', i])),
      excludeResourceRules: list(data['excludeResourceRules']).map((r, i) => this.rule(r, [...path, 'excludeResourceRules', i])),
      matchPolicy: text(data['matchPolicy']) === 'Exact' ? 'Exact' : 'Equivalent',
    };
  }

  /** Names that must be unique and CEL identifiers (variables) or qualified names (matchConditions). */
  names(items: readonly Fields[], path: Path, what: string, valid: (name: string) => boolean): void {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      const name = text(item['name']) ?? '';
      if (!valid(name)) this.fail([...path, i, 'name'], `"${name}" is not a valid ${what} name`);
      else if (seen.has(name)) this.fail([...path, i, 'name'], `The ${what} name "${name}" is used twice`);
      seen.add(name);
    });
  }

  nonEmpty(value: unknown, path: Path, what: string): void {
    if (typeof value === 'string' && value.trim() === '') this.fail(path, `${what} is empty`);
  }
}

/** What the API server takes as a variable's name. */
export const CEL_IDENTIFIER = /^[_a-zA-Z][_a-zA-Z0-9]*$/;
const QUALIFIED_NAME = /^(?:[a-z0-9](?:[-a-z0-9]*[a-z0-9])?(?:\.[a-z0-9](?:[-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9](?:[-A-Za-z0-9_.]*[A-Za-z0-9])?$/;

export type ReadResult<T> = { spec: T; problems: [] } | { spec?: undefined; problems: DocumentProblem[] };

/** A document whose structure `schema` accepts, read by `readSpec`; any mistake either finds and the document is not used. */
function readDocument<T>(schema: JsonSchema, data: unknown, readSpec: (doc: Fields, spec: Fields, check: Checker) => T): ReadResult<T> {
  const structural = structuralProblems(schema, data);
  if (structural.length) return { problems: structural };
  const doc = fields(data);
  const check = new Checker();
  const spec = readSpec(doc, fields(doc['spec']), check);
  return check.problems.length ? { problems: check.problems } : { spec, problems: [] };
}

/** A ValidatingAdmissionPolicy document, defaulted, or its mistakes. */
export function readPolicy(data: unknown): ReadResult<PolicySpec> {
  return readDocument(admissionPolicySchema, data, readPolicySpec);
}

function readPolicySpec(doc: Fields, spec: Fields, check: Checker): PolicySpec {
  const at = (...path: Path): Path => ['spec', ...path];
  if (spec['matchConstraints'] === undefined) check.fail(['spec'], 'spec.matchConstraints is required: it says which resources the policy checks', 'key');
  else if (list(fields(spec['matchConstraints'])['resourceRules']).length === 0) check.fail(at('matchConstraints'), 'spec.matchConstraints.resourceRules must list at least one rule', 'key');
  const paramKind = spec['paramKind'] === undefined ? undefined : fields(spec['paramKind']);
  if (paramKind && (!text(paramKind['apiVersion']) || !text(paramKind['kind']))) check.fail(at('paramKind'), 'spec.paramKind needs both apiVersion and kind', 'key');
  const validations = list(spec['validations']);
  const auditAnnotations = list(spec['auditAnnotations']);
  if (validations.length === 0 && auditAnnotations.length === 0) check.fail(['spec'], 'The policy checks nothing: give spec.validations (or spec.auditAnnotations)', 'key');
  const variables = list(spec['variables']);
  const matchConditions = list(spec['matchConditions']);
  check.names(variables, at('variables'), 'variable', (n) => CEL_IDENTIFIER.test(n));
  check.names(matchConditions, at('matchConditions'), 'match condition', (n) => QUALIFIED_NAME.test(n));
  for (const [items, field, key] of [[validations, 'validations', 'expression'], [variables, 'variables', 'expression'], [matchConditions, 'matchConditions', 'expression'], [auditAnnotations, 'auditAnnotations', 'valueExpression']] as const) {
    items.forEach((item, i) => check.nonEmpty(item[key], at(field, i, key), `${field}[${i}].${key}`));
  }
  validations.forEach((v, i) => {
    check.nonEmpty(v['message'], at('validations', i, 'message'), `validations[${i}].message`);
    check.nonEmpty(v['messageExpression'], at('validations', i, 'messageExpression'), `validations[${i}].messageExpression`);
    if (/[\r\n]/.test((text(v['message']) ?? '').trim())) check.fail(at('validations', i, 'message'), 'The message must be one line');
  });
  const readValidation = (v: Fields, i: number): ValidationSpec => {
    const message = text(v['message']);
    const messageExpression = text(v['messageExpression']);
    const reason = text(v['reason']);
    const fieldPath = text(v['fieldPath']);
    return {
      expression: text(v['expression']) ?? '',
      at: at('validations', i, 'expression'),
      ...(message !== undefined && message.trim() !== '' ? { message } : {}),
      ...(messageExpression !== undefined ? { messageExpression: { expression: messageExpression, at: at('validations', i, 'messageExpression') } } : {}),
      ...(reason !== undefined ? { reason } : {}),
      ...(fieldPath !== undefined ? { fieldPath } : {}),
    };
  };
  return {
    name: text(fields(doc['metadata'])['name']) ?? '',
    ...(paramKind ? { paramKind: { apiVersion: text(paramKind['apiVersion']) ?? '', kind: text(paramKind['kind']) ?? '' } } : {}),
    matchConstraints: check.matchResources(spec['matchConstraints'], at('matchConstraints')),
    validations: validations.map(readValidation),
    failurePolicy: text(spec['failurePolicy']) === 'Ignore' ? 'Ignore' : 'Fail',
    auditAnnotations: auditAnnotations.map((a, i) => ({ key: text(a['key']) ?? '', expression: text(a['valueExpression']) ?? '', at: at('auditAnnotations', i, 'valueExpression') })),
    matchConditions: matchConditions.map((c, i) => ({ name: text(c['name']) ?? '', expression: text(c['expression']) ?? '', at: at('matchConditions', i, 'expression') })),
    variables: variables.map((v, i) => ({ name: text(v['name']) ?? '', expression: text(v['expression']) ?? '', at: at('variables', i, 'expression') })),
  };
}

const ACTIONS: readonly ValidationAction[] = ['Deny', 'Warn', 'Audit'];

/** A ValidatingAdmissionPolicyBinding document, defaulted, or its mistakes. */
export function readBinding(data: unknown): ReadResult<BindingSpec> {
  return readDocument(admissionBindingSchema, data, readBindingSpec);
}

function readBindingSpec(doc: Fields, spec: Fields, check: Checker): BindingSpec {
  const policyName = text(spec['policyName']) ?? '';
  if (policyName === '') check.fail(spec['policyName'] === undefined ? ['spec'] : ['spec', 'policyName'], 'spec.policyName must name the ValidatingAdmissionPolicy to bind', spec['policyName'] === undefined ? 'key' : 'value');
  const actions = stringItems(spec['validationActions']);
  const path = ['spec', 'validationActions'];
  if (actions.length === 0) check.fail(spec['validationActions'] === undefined ? ['spec'] : path, 'spec.validationActions must list at least one of Deny, Warn, Audit', 'key');
  actions.forEach((action, i) => {
    if (!(ACTIONS as readonly string[]).includes(action)) check.fail([...path, i], `"${action}" is not a validation action: write Deny, Warn or Audit`);
    else if (actions.indexOf(action) !== i) check.fail([...path, i], `${action} is listed twice`);
  });
  if (actions.includes('Deny') && actions.includes('Warn')) check.fail(path, 'validationActions must not hold both Deny and Warn (the denial already says what a warning would)');
  let paramRef: ParamRef | undefined;
  if (spec['paramRef'] !== undefined) {
    const ref = fields(spec['paramRef']);
    const refPath = ['spec', 'paramRef'];
    const name = text(ref['name']);
    const hasSelector = ref['selector'] !== undefined;
    if ((name === undefined || name === '') === !hasSelector) check.fail(refPath, 'paramRef needs exactly one of name and selector', 'key');
    const action = text(ref['parameterNotFoundAction']);
    if (action === undefined) check.fail(refPath, 'paramRef.parameterNotFoundAction is required: Allow or Deny', 'key');
    const namespace = text(ref['namespace']);
    paramRef = {
      parameterNotFoundAction: action === 'Allow' ? 'Allow' : 'Deny',
      ...(name ? { name } : {}),
      ...(namespace ? { namespace } : {}),
      ...(hasSelector ? { selector: check.selector(ref['selector'], [...refPath, 'selector']) } : {}),
    };
  }
  return {
    name: text(fields(doc['metadata'])['name']) ?? '',
    policyName,
    ...(paramRef ? { paramRef } : {}),
    ...(spec['matchResources'] !== undefined ? { matchResources: check.matchResources(spec['matchResources'], ['spec', 'matchResources']) } : {}),
    validationActions: actions.filter((a): a is ValidationAction => (ACTIONS as readonly string[]).includes(a)),
  };
}
