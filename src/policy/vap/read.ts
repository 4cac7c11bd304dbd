/**
 * Reading a ValidatingAdmissionPolicy or binding document: its structure (schema.ts, structure.ts), what the API
 * server's validation refuses (k8s.io/kubernetes pkg/apis/admissionregistration/validation: validationActions,
 * paramRef, resource rules, names), then the API server's defaults. Every mistake is a problem at a data path of the
 * document; a document with one is not used, as the API server would not store it.
 */
import { isRecord, stringItems } from '../../platform/data.js';
import { goTrimSpace } from '../../formats/go-text.js';
import { byteLength, isDNS1035Label, isDNS1123Subdomain, isQualifiedName } from '../../formats/k8s-names.js';
import { RESERVED_IDENTIFIERS } from '../cel/index.js';
import { describeSchemaErrors, type DocumentProblem } from '../schema-problems.js';
import type { LabelSelector } from '../types.js';
import type { JsonSchema } from '../schema.js';
import { admissionBindingSchema, admissionPolicySchema } from './schema.js';
import { structureErrors } from './structure.js';
import { splitApiVersion, type BindingSpec, type MatchResources, type ParamRef, type PolicySpec, type ResourceRule, type RuleScope, type ValidationAction, type ValidationSpec } from './types.js';

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
      if (!valid(name)) this.fail([...path, i, 'name'], `"${name}" is not a valid ${what} name${RESERVED_IDENTIFIERS.has(name) ? ': it is a reserved word of CEL' : ''}`);
      else if (seen.has(name)) this.fail([...path, i, 'name'], `The ${what} name "${name}" is used twice`);
      seen.add(name);
    });
  }

  nonEmpty(value: unknown, path: Path, what: string): void {
    if (typeof value === 'string' && goTrimSpace(value) === '') this.fail(path, `${what} is empty`);
  }

  /** At most `max` items (the API server's limits on a policy's lists). */
  atMost(items: readonly unknown[], max: number, path: Path, what: string): void {
    if (items.length > max) this.fail(path, `${what} has ${items.length} items; the API server takes at most ${max}`, 'key');
  }

  /** validation.go validateParamKind: a group/version whose group is a DNS subdomain and version a DNS-1035 label, and a kind that is one once lowercased. */
  paramKind(paramKind: Fields, path: Path): void {
    const apiVersion = text(paramKind['apiVersion']) ?? '';
    const kind = text(paramKind['kind']) ?? '';
    if (apiVersion === '' || kind === '') {
      this.fail(path, 'spec.paramKind needs both apiVersion and kind', 'key');
      return;
    }
    const { group, version } = splitApiVersion(apiVersion);
    const problems =
      version.includes('/')
        ? ['it is not a group/version']
        : [...(group ? isDNS1123Subdomain(group).map((p) => `group "${group}": ${p}`) : []), ...(version ? isDNS1035Label(version).map((p) => `version "${version}": ${p}`) : ['it names no version'])];
    if (problems.length) this.fail([...path, 'apiVersion'], `paramKind.apiVersion "${apiVersion}" is not valid: ${problems.join('; ')}`);
    const kindProblems = isDNS1035Label(kind.toLowerCase());
    if (kindProblems.length) this.fail([...path, 'kind'], `paramKind.kind "${kind}" is not valid: it may have mixed case, but should otherwise match: ${kindProblems.join('; ')}`);
  }
}

/** What the API server takes as a variable's name (validation.go isCELIdentifier): a CEL identifier, not a reserved word. */
const CEL_IDENTIFIER = /^[_a-zA-Z][_a-zA-Z0-9]*$/;
export const isVariableName = (name: string): boolean => CEL_IDENTIFIER.test(name) && !RESERVED_IDENTIFIERS.has(name);
const isQualified = (name: string): boolean => isQualifiedName(name).length === 0;

/** validation.go's limits: maxAuditAnnotations, the 64 match conditions, maxAuditAnnotationValueExpressionLength. */
const MAX_AUDIT_ANNOTATIONS = 20;
const MAX_MATCH_CONDITIONS = 64;
const MAX_VALUE_EXPRESSION_BYTES = 5 * 1024;

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
  if (paramKind) check.paramKind(paramKind, at('paramKind'));
  const validations = list(spec['validations']);
  const auditAnnotations = list(spec['auditAnnotations']);
  if (validations.length === 0 && auditAnnotations.length === 0) check.fail(['spec'], 'The policy checks nothing: give spec.validations (or spec.auditAnnotations)', 'key');
  const variables = list(spec['variables']);
  const matchConditions = list(spec['matchConditions']);
  check.names(variables, at('variables'), 'variable', isVariableName);
  check.names(matchConditions, at('matchConditions'), 'match condition', isQualified);
  check.atMost(matchConditions, MAX_MATCH_CONDITIONS, at('matchConditions'), 'spec.matchConditions');
  check.atMost(auditAnnotations, MAX_AUDIT_ANNOTATIONS, at('auditAnnotations'), 'spec.auditAnnotations');
  const policyName = text(fields(doc['metadata'])['name']) ?? '';
  const keys = new Set<string>();
  auditAnnotations.forEach((a, i) => {
    const key = text(a['key']) ?? '';
    // The audit log records the annotation as <policy name>/<key>, which must be a qualified name.
    if (!isQualified(`${policyName}/${key}`)) check.fail(at('auditAnnotations', i, 'key'), `"${policyName}/${key}" (the policy's name and the key) is not a qualified name: ${isQualifiedName(`${policyName}/${key}`).join('; ')}`);
    else if (keys.has(key)) check.fail(at('auditAnnotations', i, 'key'), `The audit annotation key "${key}" is used twice`);
    keys.add(key);
    const value = goTrimSpace(text(a['valueExpression']) ?? '');
    if (byteLength(value) > MAX_VALUE_EXPRESSION_BYTES) check.fail(at('auditAnnotations', i, 'valueExpression'), `auditAnnotations[${i}].valueExpression is ${byteLength(value)} bytes long; the API server takes at most ${MAX_VALUE_EXPRESSION_BYTES}`);
  });
  for (const [items, field, key] of [[validations, 'validations', 'expression'], [variables, 'variables', 'expression'], [matchConditions, 'matchConditions', 'expression'], [auditAnnotations, 'auditAnnotations', 'valueExpression']] as const) {
    items.forEach((item, i) => check.nonEmpty(item[key], at(field, i, key), `${field}[${i}].${key}`));
  }
  validations.forEach((v, i) => {
    check.nonEmpty(v['message'], at('validations', i, 'message'), `validations[${i}].message`);
    check.nonEmpty(v['messageExpression'], at('validations', i, 'messageExpression'), `validations[${i}].messageExpression`);
    if (/[\r\n]/.test(goTrimSpace(text(v['message']) ?? ''))) check.fail(at('validations', i, 'message'), 'The message must be one line');
  });
  const readValidation = (v: Fields, i: number): ValidationSpec => {
    const message = text(v['message']);
    const messageExpression = text(v['messageExpression']);
    const reason = text(v['reason']);
    const fieldPath = text(v['fieldPath']);
    return {
      expression: text(v['expression']) ?? '',
      at: at('validations', i, 'expression'),
      ...(message !== undefined && goTrimSpace(message) !== '' ? { message } : {}),
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
