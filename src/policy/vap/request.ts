/**
 * The admission request of an object, as the API server builds it for a ValidatingAdmissionPolicy
 * (k8s.io/apiserver pkg/admission/plugin/cel/condition.go CreateAdmissionRequest, CreateNamespaceObject): the kind
 * and resource the policy matched as, the request's own, name, namespace, operation, the user, dryRun and the
 * operation's options, each present as the JSON of admission/v1 AdmissionRequest has it (empty strings left out).
 * The request `kubectl apply` sends: CREATE with CreateOptions for a new object, UPDATE with UpdateOptions for a
 * changed one, field manager `kubectl-client-side-apply`, strict field validation.
 */
import { parseTimestamp } from '../cel/lib/std-time.js';
import { isError, type CelValue } from '../cel/values.js';
import { toCelData } from '../data.js';
import type { ClusterObjects, ObjectData } from './cluster.js';
import { labelsOf, metadataOf, nameOf, namespaceOf } from './cluster.js';
import type { RequestAttributes } from './match.js';
import type { ResourceMapper } from './resources.js';
import { splitApiVersion, type GroupVersionKind, type GroupVersionResource, type Operation, type UserInfo } from './types.js';

/** An admission request to decide: the object (null on DELETE), the old one (null on CREATE), and who sends it. */
export interface AdmissionInput {
  object: ObjectData | null;
  oldObject: ObjectData | null;
  operation: Operation;
  userInfo: UserInfo;
  dryRun: boolean;
}

/** The request's attributes, with the Namespace the object is in (undefined for a cluster-scoped object). */
export interface PreparedRequest {
  attributes: RequestAttributes;
  namespaceObject: ObjectData | undefined;
}

const FIELD_MANAGER = 'kubectl-client-side-apply';

function kindOf(data: ObjectData): GroupVersionKind {
  const { group, version } = splitApiVersion(typeof data['apiVersion'] === 'string' ? data['apiVersion'] : '');
  return { group, version, kind: typeof data['kind'] === 'string' ? data['kind'] : '' };
}

/** The attributes the matchers read; the Namespace comes from the cluster objects. */
export function prepareRequest(input: AdmissionInput, mapper: ResourceMapper, cluster: ClusterObjects): PreparedRequest {
  const subject = (input.object ?? input.oldObject) as ObjectData;
  const kind = kindOf(subject);
  const resource = mapper.resourceOf(kind);
  const isNamespace = kind.group === '' && kind.kind === 'Namespace';
  // A Namespace's request carries its own name as namespace (matching.go), but it is in no namespace itself.
  const namespace = isNamespace ? nameOf(subject) : namespaceOf(subject, mapper.scopeOf(kind));
  const namespaceObject = namespace === '' || isNamespace ? undefined : cluster.namespace(namespace);
  return {
    attributes: {
      kind,
      resource,
      subResource: '',
      namespace,
      name: nameOf(subject),
      operation: input.operation,
      objectLabels: labelsOf(input.object),
      oldObjectLabels: labelsOf(input.oldObject),
      namespaceLabels: labelsOf(namespaceObject),
    },
    namespaceObject,
  };
}

const map = (entries: Record<string, CelValue | undefined>): Map<string, CelValue> => new Map(Object.entries(entries).filter((e): e is [string, CelValue] => e[1] !== undefined));
const gvk = (k: GroupVersionKind): CelValue => map({ group: k.group, version: k.version, kind: k.kind });
const gvr = (r: GroupVersionResource): CelValue => map({ group: r.group, version: r.version, resource: r.resource });
const nonEmpty = (value: string | undefined): string | undefined => (value ? value : undefined);

function userInfoValue(user: UserInfo): CelValue {
  const extra = Object.entries(user.extra ?? {});
  return map({
    username: nonEmpty(user.username),
    uid: nonEmpty(user.uid),
    groups: user.groups?.length ? [...user.groups] : undefined,
    extra: extra.length ? new Map(extra.map(([k, v]) => [k, [...v]])) : undefined,
  });
}

function optionsValue(operation: Operation): CelValue | undefined {
  const kind = operation === 'CREATE' ? 'CreateOptions' : operation === 'UPDATE' ? 'UpdateOptions' : operation === 'DELETE' ? 'DeleteOptions' : undefined;
  if (!kind) return undefined;
  return map({ kind, apiVersion: 'meta.k8s.io/v1', ...(kind === 'DeleteOptions' ? {} : { fieldManager: FIELD_MANAGER, fieldValidation: 'Strict' }) });
}

/** `request`: the kind and resource are those the policy matched as, requestKind and requestResource the object's. */
export function requestValue(prepared: PreparedRequest, matched: { kind: GroupVersionKind; resource: GroupVersionResource }, input: AdmissionInput): CelValue {
  const { attributes } = prepared;
  return map({
    kind: gvk(matched.kind),
    resource: gvr(matched.resource),
    subResource: nonEmpty(attributes.subResource),
    requestKind: gvk(attributes.kind),
    requestResource: gvr(attributes.resource),
    requestSubResource: nonEmpty(attributes.subResource),
    name: nonEmpty(attributes.name),
    namespace: nonEmpty(attributes.namespace),
    operation: attributes.operation,
    userInfo: userInfoValue(input.userInfo),
    dryRun: input.dryRun,
    options: optionsValue(attributes.operation),
  });
}

/** The fields of ObjectMeta that CreateNamespaceObject keeps, and which of them are timestamps. */
const NAMESPACE_METADATA = ['name', 'generateName', 'namespace', 'uid', 'resourceVersion', 'generation', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'finalizers'];
const TIMESTAMPS = new Set(['creationTimestamp', 'deletionTimestamp', 'lastTransitionTime']);

/** A value of the typed Namespace: timestamps as CEL timestamps (an unreadable one is left out). */
function typedNamespaceValue(value: unknown, key = ''): CelValue | undefined {
  if (TIMESTAMPS.has(key)) {
    const parsed = typeof value === 'string' ? parseTimestamp(value) : undefined;
    return parsed === undefined || isError(parsed) ? undefined : parsed;
  }
  if (Array.isArray(value)) return value.map((item) => typedNamespaceValue(item) ?? null);
  if (value !== null && typeof value === 'object') {
    const out = new Map<string, CelValue>();
    for (const [k, v] of Object.entries(value)) {
      const converted = typedNamespaceValue(v, k);
      if (converted !== undefined) out.set(k, converted);
    }
    return out;
  }
  return toCelData(value);
}

/**
 * `namespaceObject`: the Namespace with the fields CreateNamespaceObject keeps, or null. The value is the object's
 * JSON, as the API server converts it: `uid` (BuildNamespaceType declares `UID`, which is then never set).
 */
export function namespaceValue(namespace: ObjectData | undefined): CelValue {
  if (!namespace) return null;
  const metadata = metadataOf(namespace);
  const kept = Object.fromEntries(NAMESPACE_METADATA.filter((k) => metadata[k] !== undefined).map((k) => [k, metadata[k]]));
  return typedNamespaceValue({ metadata: kept, ...(namespace['spec'] !== undefined ? { spec: namespace['spec'] } : {}), ...(namespace['status'] !== undefined ? { status: namespace['status'] } : {}) }) ?? null;
}
