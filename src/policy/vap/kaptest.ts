/**
 * kaptest's test suites (github.com/pfnet/kaptest: a `kaptest.yaml` naming policy files, resource files and test
 * suites), run with platlint's evaluator. Each case names its object and old object (kind and name, optionally
 * namespace, group, version) among the resources: CREATE with an object, UPDATE with both, DELETE with an old object
 * only; its parameter object by name (`param`, or `params` as kaptest's README writes it), of the policy's
 * paramKind; its user (`name`, `groups`, `extra`). The result is `admit` (kaptest also reads `allow`), `deny`,
 * `skip` or `error`, as kaptest decides it from the decisions, failurePolicy aside. Unlike kaptest, platlint also
 * applies the policy's matchConstraints: a case they do not match is `skip`, as the API server would not call it.
 */
import { isRecord, stringItems } from '../../platform/data.js';
import { ClusterObjects, metadataOf, nameOf, type ObjectData } from './cluster.js';
import type { CompiledPolicy } from './compile.js';
import { validate, type Decision } from './evaluate.js';
import { matchResources } from './match.js';
import { namespaceValue, prepareRequest, requestValue, type AdmissionInput } from './request.js';
import type { ResourceMapper } from './resources.js';
import { splitApiVersion, type Operation, type UserInfo } from './types.js';
import type { Authorizer } from '../cel/index.js';
import { objectCelData, toCelData } from '../data.js';

export type KaptestResult = 'admit' | 'deny' | 'skip' | 'error';
const RESULTS: readonly KaptestResult[] = ['admit', 'deny', 'skip', 'error'];

interface ObjectRef {
  group?: string;
  version?: string;
  kind: string;
  namespace?: string;
  name: string;
}

export interface KaptestCase {
  object?: ObjectRef;
  oldObject?: ObjectRef;
  param?: { namespace?: string; name: string };
  userInfo: UserInfo;
  /** Undefined when the case has none of the four (a case then fails). */
  expect: KaptestResult | undefined;
}

export interface KaptestManifest {
  policies: string[];
  resources: string[];
  suites: { policy: string; tests: KaptestCase[] }[];
}

const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

function ref(value: unknown): ObjectRef | undefined {
  if (!isRecord(value) || !str(value['kind']) || !str(value['name'])) return undefined;
  const out: ObjectRef = { kind: value['kind'] as string, name: value['name'] as string };
  for (const key of ['group', 'version', 'namespace'] as const) {
    const v = str(value[key]);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/** Whether a YAML document is a kaptest manifest: test suites and the policies they test. */
export function isKaptestManifest(data: unknown): boolean {
  return isRecord(data) && 'testSuites' in data && 'validatingAdmissionPolicies' in data;
}

/** A kaptest manifest, or what kaptest says is wrong with it (manifest.go IsValid). */
export function readKaptestManifest(data: unknown): KaptestManifest | { error: string } {
  if (!isRecord(data)) return { error: 'invalid manifest: not a mapping' };
  const policies = stringItems(data['validatingAdmissionPolicies']);
  const resources = stringItems(data['resources']);
  const rawSuites = Array.isArray(data['testSuites']) ? data['testSuites'] : [];
  if (policies.length === 0) return { error: 'invalid manifest: at least one validatingAdmissionPolicies is required' };
  if (resources.length === 0) return { error: 'invalid manifest: at least one resources is required' };
  if (rawSuites.length === 0) return { error: 'invalid manifest: at least one testSuites is required' };
  const suites = rawSuites.filter(isRecord).map((suite) => ({
    policy: str(suite['policy']) ?? '',
    tests: (Array.isArray(suite['tests']) ? suite['tests'] : []).filter(isRecord).map((test): KaptestCase => {
      const user = isRecord(test['userInfo']) ? test['userInfo'] : {};
      const extra = isRecord(user['extra']) ? Object.fromEntries(Object.entries(user['extra']).map(([k, v]) => [k, stringItems(v)])) : undefined;
      const param = test['param'] ?? test['params'];
      const paramName = isRecord(param) ? str(param['name']) : undefined;
      const paramNamespace = isRecord(param) ? str(param['namespace']) : undefined;
      const written = str(test['expect']) === 'allow' ? 'admit' : str(test['expect']);
      const expect = RESULTS.find((r) => r === written);
      const object = ref(test['object']);
      const oldObject = ref(test['oldObject']);
      const username = str(user['name']) ?? str(user['username']);
      return {
        ...(object ? { object } : {}),
        ...(oldObject ? { oldObject } : {}),
        ...(paramName ? { param: { name: paramName, ...(paramNamespace ? { namespace: paramNamespace } : {}) } } : {}),
        userInfo: { ...(username ? { username } : {}), ...(stringItems(user['groups']).length ? { groups: stringItems(user['groups']) } : {}), ...(extra ? { extra } : {}) },
        expect,
      };
    }),
  }));
  return { policies, resources, suites };
}

/** manifest.go NameWithGVK.Match: kind and name, and namespace, group and version when the reference gives them. */
function refMatches(query: ObjectRef, data: ObjectData): boolean {
  const { group, version } = splitApiVersion(String(data['apiVersion'] ?? ''));
  const namespace = metadataOf(data)['namespace'] ?? '';
  if (query.kind !== data['kind'] || query.name !== nameOf(data)) return false;
  if (query.namespace !== undefined && query.namespace !== namespace) return false;
  if (query.group !== undefined && query.group !== group) return false;
  return query.version === undefined || query.group === undefined || query.version === version;
}

function describe(r: ObjectRef): string {
  return `${r.kind}:${r.namespace ? `${r.namespace}/` : ''}${r.name}`;
}

/** `(CREATE) Deployment:ok`, `(UPDATE) Deployment:old -> new`, `(DELETE) Deployment:gone`, and the parameter object. */
export function describeCase(tc: KaptestCase): string {
  const what = tc.object && tc.oldObject ? `(UPDATE) ${describe(tc.oldObject)} -> ${tc.object.name}` : tc.object ? `(CREATE) ${describe(tc.object)}` : tc.oldObject ? `(DELETE) ${describe(tc.oldObject)}` : '(no object)';
  return tc.param ? `${what} (param: ${tc.param.namespace ? `${tc.param.namespace}/` : ''}${tc.param.name})` : what;
}

export interface CaseOutcome {
  result: KaptestResult | 'setup error';
  /** What each validation said, or why the case could not run. */
  details: string[];
}

function find(resources: readonly ObjectData[], query: ObjectRef | undefined, role: string): ObjectData | null | string {
  if (!query) return null;
  const found = resources.filter((r) => refMatches(query, r));
  if (found.length > 1) return `get ${role}: multiple target resource found: ${describe(query)}`;
  return found[0] ?? null;
}

function decisionLine(d: Decision): string {
  const where = d.validation === undefined ? 'policy' : `validations[${d.validation}]`;
  if (d.evaluation === 'admit') return `${where}: ADMIT`;
  const reason = d.reason !== undefined && d.evaluation === 'deny' ? ` (reason ${d.reason})` : '';
  return `${where}: ${d.evaluation.toUpperCase()}: ${d.message}${reason}`;
}

/** One case of a suite, with the resources of its manifest. */
export function runKaptestCase(policy: CompiledPolicy, resources: readonly ObjectData[], tc: KaptestCase, context: { mapper: ResourceMapper; authorizer: Authorizer }): CaseOutcome {
  const errors: string[] = [];
  const object = find(resources, tc.object, 'object');
  const oldObject = find(resources, tc.oldObject, 'oldObject');
  for (const found of [object, oldObject]) if (typeof found === 'string') errors.push(found);
  if (!tc.object && !tc.oldObject) errors.push('object or oldObject must be given and valid');
  else if (object === null && oldObject === null) errors.push('neither object nor oldObject found');
  let param: ObjectData | null = null;
  const kind = policy.spec.paramKind;
  if (kind) {
    if (!tc.param) errors.push('get param: param name is empty');
    else {
      const { group, version } = splitApiVersion(kind.apiVersion);
      const found = find(resources, { kind: kind.kind, group, version, name: tc.param.name, ...(tc.param.namespace ? { namespace: tc.param.namespace } : {}) }, 'param');
      if (typeof found === 'string') errors.push(found);
      else if (found === null) errors.push('get param: param not found');
      else param = found;
    }
  }
  if (errors.length || typeof object === 'string' || typeof oldObject === 'string') return { result: 'setup error', details: errors };
  const operation: Operation = object && oldObject ? 'UPDATE' : object ? 'CREATE' : 'DELETE';
  const input: AdmissionInput = { object, oldObject, operation, userInfo: tc.userInfo, dryRun: true };
  const cluster = new ClusterObjects(context.mapper);
  for (const r of resources) if (r['kind'] === 'Namespace' && splitApiVersion(String(r['apiVersion'])).group === '') cluster.add(r);
  const prepared = prepareRequest(input, context.mapper, cluster);
  const matched = matchResources(policy.spec.matchConstraints, prepared.attributes);
  if (!matched.matches) {
    const { resource } = prepared.attributes;
    return { result: 'skip', details: [`matchConstraints do not match ${operation} of ${resource.resource} in ${resource.group === '' ? 'the core group' : resource.group}, ${resource.version}`] };
  }
  const { attributes } = prepared;
  const result = validate(policy, {
    object: objectCelData(object),
    oldObject: objectCelData(oldObject),
    params: toCelData(param),
    request: requestValue(prepared, matched, input),
    namespaceObject: namespaceValue(prepared.namespaceObject),
    authorizer: context.authorizer,
    requestResource: { ...attributes.resource, namespace: attributes.namespace, name: attributes.name, subresource: attributes.subResource },
  });
  if (result.skipped !== undefined) return { result: 'skip', details: [`match condition "${result.skipped}" is false`] };
  const details = result.decisions.map(decisionLine);
  if (result.decisions.some((d) => d.evaluation === 'error')) return { result: 'error', details };
  return { result: result.decisions.some((d) => d.evaluation === 'deny') ? 'deny' : 'admit', details };
}
