/**
 * Kubernetes' authorizer library (k8s.io/apiserver pkg/cel/library/authz.go; the selectors from 1.31): the
 * `authorizer` variable's methods build a request (path, or group, resource, subresource, namespace, name, field
 * and label selectors, optionally as a service account) and `check(verb)` asks an `Authorizer` platlint is given
 * (the settings' answers); the decision tells `allowed()`, `reason()`, `errored()`, `error()`.
 */
import { fn, member } from '../decls.js';
import { BOOL, objectType, STRING } from '../types.js';
import { CelObject, type CelValue } from '../values.js';
import type { Library } from './library.js';

export const AUTHORIZER_TYPE = objectType('kubernetes.authorization.Authorizer');
export const PATH_CHECK_TYPE = objectType('kubernetes.authorization.PathCheck');
export const GROUP_CHECK_TYPE = objectType('kubernetes.authorization.GroupCheck');
export const RESOURCE_CHECK_TYPE = objectType('kubernetes.authorization.ResourceCheck');
export const DECISION_TYPE = objectType('kubernetes.authorization.Decision');

export interface AuthorizationRequest {
  verb: string;
  /** A non-resource request (authorizer.path(...)). */
  path?: string;
  group?: string;
  resource?: string;
  subresource?: string;
  namespace?: string;
  name?: string;
  fieldSelector?: string;
  labelSelector?: string;
  /** Checked as this service account rather than the requesting user (authorizer.serviceAccount(ns, name)). */
  serviceAccount?: { namespace: string; name: string };
}

export interface AuthorizationDecision {
  decision: 'allow' | 'deny' | 'noOpinion';
  reason: string;
  error?: string;
}

export type Authorizer = (request: AuthorizationRequest) => AuthorizationDecision;

type Request = Omit<AuthorizationRequest, 'verb'>;

abstract class AuthzObject extends CelObject {
  constructor(
    readonly authorizer: Authorizer,
    readonly request: Request,
  ) {
    super();
  }
  equals(other: CelValue): boolean {
    return other instanceof AuthzObject && other.type === this.type && JSON.stringify(other.request) === JSON.stringify(this.request) && other.authorizer === this.authorizer;
  }
}

export class AuthorizerObject extends AuthzObject {
  readonly type = AUTHORIZER_TYPE;
}
class PathCheckObject extends AuthzObject {
  readonly type = PATH_CHECK_TYPE;
}
class GroupCheckObject extends AuthzObject {
  readonly type = GROUP_CHECK_TYPE;
}
export class ResourceCheckObject extends AuthzObject {
  readonly type = RESOURCE_CHECK_TYPE;
}

export class DecisionObject extends CelObject {
  readonly type = DECISION_TYPE;
  constructor(readonly decision: AuthorizationDecision) {
    super();
  }
  equals(other: CelValue): boolean {
    return other instanceof DecisionObject && JSON.stringify(other.decision) === JSON.stringify(this.decision);
  }
}

const obj = (v: CelValue | undefined): AuthzObject => v as AuthzObject;
const str = (v: CelValue | undefined): string => v as string;
const with_ = <T extends AuthzObject>(Kind: new (a: Authorizer, r: Request) => T, from: CelValue | undefined, extra: Request): T =>
  new Kind(obj(from).authorizer, { ...obj(from).request, ...extra });
const decision = (v: CelValue | undefined): AuthorizationDecision => (v as DecisionObject).decision;
const check = (v: CelValue | undefined, verb: CelValue | undefined): DecisionObject => new DecisionObject(obj(v).authorizer({ ...obj(v).request, verb: str(verb) }));

export function authzLibrary(selectors: boolean): Library {
  const functions = [
    fn('path', member('authorizer_path', [AUTHORIZER_TYPE, STRING], PATH_CHECK_TYPE, ([a, p]) => with_(PathCheckObject, a, { path: str(p) }))),
    fn('group', member('authorizer_group', [AUTHORIZER_TYPE, STRING], GROUP_CHECK_TYPE, ([a, g]) => with_(GroupCheckObject, a, { group: str(g) }))),
    fn('serviceAccount', member('authorizer_serviceaccount', [AUTHORIZER_TYPE, STRING, STRING], AUTHORIZER_TYPE, ([a, ns, n]) => with_(AuthorizerObject, a, { serviceAccount: { namespace: str(ns), name: str(n) } }))),
    fn('resource', member('groupcheck_resource', [GROUP_CHECK_TYPE, STRING], RESOURCE_CHECK_TYPE, ([a, r]) => with_(ResourceCheckObject, a, { resource: str(r) }))),
    fn('subresource', member('resourcecheck_subresource', [RESOURCE_CHECK_TYPE, STRING], RESOURCE_CHECK_TYPE, ([a, s]) => with_(ResourceCheckObject, a, { subresource: str(s) }))),
    fn('namespace', member('resourcecheck_namespace', [RESOURCE_CHECK_TYPE, STRING], RESOURCE_CHECK_TYPE, ([a, s]) => with_(ResourceCheckObject, a, { namespace: str(s) }))),
    fn('name', member('resourcecheck_name', [RESOURCE_CHECK_TYPE, STRING], RESOURCE_CHECK_TYPE, ([a, s]) => with_(ResourceCheckObject, a, { name: str(s) }))),
    fn(
      'check',
      member('pathcheck_check', [PATH_CHECK_TYPE, STRING], DECISION_TYPE, ([a, v]) => check(a, v)),
      member('resourcecheck_check', [RESOURCE_CHECK_TYPE, STRING], DECISION_TYPE, ([a, v]) => check(a, v)),
    ),
    fn('errored', member('decision_errored', [DECISION_TYPE], BOOL, ([d]) => decision(d).error !== undefined)),
    fn('error', member('decision_error', [DECISION_TYPE], STRING, ([d]) => decision(d).error ?? '')),
    fn('allowed', member('decision_allowed', [DECISION_TYPE], BOOL, ([d]) => decision(d).decision === 'allow')),
    fn('reason', member('decision_reason', [DECISION_TYPE], STRING, ([d]) => decision(d).reason)),
  ];
  if (selectors) {
    functions.push(
      fn('fieldSelector', member('authorizer_fieldselector', [RESOURCE_CHECK_TYPE, STRING], RESOURCE_CHECK_TYPE, ([a, s]) => with_(ResourceCheckObject, a, { fieldSelector: str(s) }))),
      fn('labelSelector', member('authorizer_labelselector', [RESOURCE_CHECK_TYPE, STRING], RESOURCE_CHECK_TYPE, ([a, s]) => with_(ResourceCheckObject, a, { labelSelector: str(s) }))),
    );
  }
  return { name: selectors ? 'kubernetes.authz with selectors' : 'kubernetes.authz', types: [AUTHORIZER_TYPE, PATH_CHECK_TYPE, GROUP_CHECK_TYPE, RESOURCE_CHECK_TYPE, DECISION_TYPE], functions };
}

/** The `authorizer` variable's value: every check is answered by `authorizer`. */
export function authorizerValue(authorizer: Authorizer): AuthorizerObject {
  return new AuthorizerObject(authorizer, {});
}

/** The `authorizer.requestResource` variable's value: a check of the request's own resource. */
export function resourceCheckValue(authorizer: Authorizer, resource: Omit<AuthorizationRequest, 'verb' | 'path'>): ResourceCheckObject {
  return new ResourceCheckObject(authorizer, resource);
}
