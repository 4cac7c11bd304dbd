/**
 * ValidatingAdmissionPolicies and their bindings deciding on one request, as the API server's dispatcher does
 * (k8s.io/apiserver pkg/admission/plugin/policy/validating/dispatcher.go, generic/policy_dispatcher.go
 * CollectParams): a policy that matches the request, each of its bindings that matches too, the binding's parameter
 * objects (by name or selector, in the paramRef's namespace or the request's), one validation per parameter
 * object. What each binding decided is returned with its validationActions; what the actions then do (deny, warn,
 * audit) is the caller's.
 */
import type { Authorizer, CelValue } from '../cel/index.js';
import { objectCelData } from '../data.js';
import type { ClusterObjects, ObjectData } from './cluster.js';
import type { CompiledPolicy } from './compile.js';
import { validate, type Activation, type Decision } from './evaluate.js';
import { matchResources, rulesNameResource } from './match.js';
import { namespaceValue, prepareRequest, requestValue, type AdmissionInput, type PreparedRequest } from './request.js';
import type { ResourceMapper } from './resources.js';
import { splitApiVersion, type BindingSpec, type GroupVersionKind, type GroupVersionResource, type ValidationAction } from './types.js';

/** What one binding of a policy decided on a request. */
export interface BindingOutcome {
  policy: string;
  binding: string;
  actions: readonly ValidationAction[];
  /** The first match condition that did not hold, for each parameter object it skipped. */
  skipped: string[];
  decisions: Decision[];
  auditAnnotations: { key: string; value: string }[];
}

/** A policy with the bindings that name it. */
export interface BoundPolicy {
  policy: CompiledPolicy;
  bindings: readonly BindingSpec[];
}

/** What decisions read besides the request: the cluster's objects, the kinds' resources, the authorizer. */
export interface AdmissionContext {
  mapper: ResourceMapper;
  cluster: ClusterObjects;
  authorizer: Authorizer;
}

/** Converts each object once for CEL, however many policies read it. */
export class CelObjects {
  private readonly cache = new WeakMap<object, CelValue>();

  of(data: ObjectData | null): CelValue {
    if (data === null) return null;
    let value = this.cache.get(data);
    if (value === undefined) {
      value = objectCelData(data);
      this.cache.set(data, value);
    }
    return value;
  }
}

function configError(policy: CompiledPolicy, message: string): Decision {
  const fail = policy.spec.failurePolicy === 'Fail';
  return { action: fail ? 'deny' : 'admit', evaluation: 'error', message: `failed to configure binding: ${message}`, ...(fail ? { enforced: true as const } : {}) };
}

/** generic.CollectParams: the parameter objects of a binding, null for a policy without parameters, or an error. */
function collectParams(policy: CompiledPolicy, binding: BindingSpec, prepared: PreparedRequest, cluster: ClusterObjects): (ObjectData | null)[] | string {
  const kind = policy.spec.paramKind;
  const ref = binding.paramRef;
  if (!kind || !ref) return [null];
  let namespace: string | undefined;
  if (cluster.paramScope(kind) === 'Namespaced') {
    namespace = ref.namespace ?? prepared.attributes.namespace;
    if (namespace === '') return 'cannot use namespaced paramRef in policy binding that matches cluster-scoped resources';
  } else if (ref.namespace) {
    return 'paramRef.namespace must not be provided for a cluster-scoped `paramKind`';
  }
  const params = cluster.params(kind, { ...(namespace !== undefined ? { namespace } : {}), ...(ref.name !== undefined ? { name: ref.name } : {}), ...(ref.selector ? { selector: ref.selector } : {}) });
  if (params.length === 0 && ref.parameterNotFoundAction === 'Deny') return 'no params found for policy binding with `Deny` parameterNotFoundAction';
  return params;
}

/** One request as every policy sees it, worked out once however many policies decide on it. */
interface PreparedInput {
  input: AdmissionInput;
  /** The cluster objects' revision it was worked out with. */
  revision: number;
  prepared: PreparedRequest;
  namespaceObject: CelValue;
  /** `request` by the versions a policy matched the object as (they differ under matchPolicy Equivalent). */
  requests: Map<string, CelValue>;
}

/** Policies and bindings, ready to decide on requests. */
export class AdmissionPolicies {
  readonly objects = new CelObjects();
  /** Whether a policy looks at a kind, by `apiVersion kind`. */
  private readonly looks = new WeakMap<CompiledPolicy, Map<string, boolean>>();
  /** The request of an object (or of the old object, on DELETE). */
  private readonly inputs = new WeakMap<object, PreparedInput>();

  constructor(private readonly context: AdmissionContext) {}

  /** Whether a policy's resource rules name this object's kind at all (whatever the operation, name, labels). */
  looksAt(policy: CompiledPolicy, data: ObjectData): boolean {
    const { apiVersion, kind } = data;
    if (typeof apiVersion !== 'string' || typeof kind !== 'string') return false;
    let looks = this.looks.get(policy);
    if (!looks) this.looks.set(policy, (looks = new Map()));
    const key = `${apiVersion} ${kind}`;
    let answer = looks.get(key);
    if (answer === undefined) {
      answer = rulesNameResource(policy.spec.matchConstraints.resourceRules, this.context.mapper.resourceOf({ ...splitApiVersion(apiVersion), kind }));
      looks.set(key, answer);
    }
    return answer;
  }

  private prepare(input: AdmissionInput): PreparedInput {
    const subject = (input.object ?? input.oldObject) as object;
    const known = this.inputs.get(subject);
    const { cluster, mapper } = this.context;
    const same = known && known.revision === cluster.revision && (['object', 'oldObject', 'operation', 'userInfo', 'dryRun'] as const).every((k) => known.input[k] === input[k]);
    if (known && same) return known;
    const prepared = prepareRequest(input, mapper, cluster);
    const entry = { input, revision: cluster.revision, prepared, namespaceObject: namespaceValue(prepared.namespaceObject), requests: new Map<string, CelValue>() };
    this.inputs.set(subject, entry);
    return entry;
  }

  /** What each binding of a policy decided on a request; none when the policy or no binding matches. */
  decide(bound: BoundPolicy, input: AdmissionInput): BindingOutcome[] {
    const { policy, bindings } = bound;
    const { cluster } = this.context;
    const entry = this.prepare(input);
    const { prepared } = entry;
    const matched = matchResources(policy.spec.matchConstraints, prepared.attributes);
    if (!matched.matches) return [];
    const outcomes: BindingOutcome[] = [];
    for (const binding of bindings) {
      if (binding.matchResources && !matchResources(binding.matchResources, prepared.attributes).matches) continue;
      const outcome: BindingOutcome = { policy: policy.spec.name, binding: binding.name, actions: binding.validationActions, skipped: [], decisions: [], auditAnnotations: [] };
      outcomes.push(outcome);
      const params = collectParams(policy, binding, prepared, cluster);
      if (typeof params === 'string') {
        outcome.decisions.push(configError(policy, params));
        continue;
      }
      for (const param of params) {
        const result = validate(policy, this.activation(entry, matched, param));
        if (result.skipped !== undefined) outcome.skipped.push(result.skipped);
        outcome.decisions.push(...result.decisions);
        outcome.auditAnnotations.push(...result.auditAnnotations);
      }
    }
    return outcomes;
  }

  private activation(entry: PreparedInput, matched: { kind: GroupVersionKind; resource: GroupVersionResource }, param: ObjectData | null): Activation {
    const { input, prepared } = entry;
    const { attributes } = prepared;
    const versions = `${matched.kind.version} ${matched.resource.version}`;
    let request = entry.requests.get(versions);
    if (request === undefined) {
      request = requestValue(prepared, matched, input);
      entry.requests.set(versions, request);
    }
    return {
      object: this.objects.of(input.object),
      oldObject: this.objects.of(input.oldObject),
      params: this.objects.of(param),
      request,
      namespaceObject: entry.namespaceObject,
      authorizer: this.context.authorizer,
      requestResource: { ...attributes.resource, namespace: attributes.namespace, name: attributes.name, subresource: attributes.subResource },
    };
  }
}
