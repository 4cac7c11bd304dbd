/**
 * ValidatingAdmissionPolicy and ValidatingAdmissionPolicyBinding (admissionregistration.k8s.io/v1, v1beta1) as the
 * API server holds them once it has defaulted them (k8s.io/api admissionregistration/v1 types.go; the defaults of
 * pkg/apis/admissionregistration/v1/defaults.go): failurePolicy Fail, matchPolicy Equivalent, empty selectors,
 * rule scope "*".
 */
import type { LabelSelector } from '../types.js';

export type Operation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';
export type ValidationAction = 'Deny' | 'Warn' | 'Audit';
export type FailurePolicy = 'Fail' | 'Ignore';
export type MatchPolicy = 'Exact' | 'Equivalent';
export type RuleScope = 'Cluster' | 'Namespaced' | '*';

export const ADMISSION_GROUP = 'admissionregistration.k8s.io';
export const ADMISSION_VERSIONS: readonly string[] = ['v1', 'v1beta1'];
export const ADMISSION_POLICY_KIND = 'ValidatingAdmissionPolicy';
export const BINDING_KIND = 'ValidatingAdmissionPolicyBinding';

/** A NamedRuleWithOperations: which requests a rule matches. */
export interface ResourceRule {
  apiGroups: readonly string[];
  apiVersions: readonly string[];
  resources: readonly string[];
  operations: readonly string[];
  scope: RuleScope;
  resourceNames: readonly string[];
}

export interface MatchResources {
  namespaceSelector: LabelSelector;
  objectSelector: LabelSelector;
  resourceRules: readonly ResourceRule[];
  excludeResourceRules: readonly ResourceRule[];
  matchPolicy: MatchPolicy;
}

/** An expression of the policy with where it is written (a data path in the policy document). */
export interface ExpressionSpec {
  expression: string;
  at: readonly (string | number)[];
}

export interface ValidationSpec extends ExpressionSpec {
  message?: string;
  messageExpression?: ExpressionSpec;
  reason?: string;
  fieldPath?: string;
}

export interface VariableSpec extends ExpressionSpec {
  name: string;
}

export interface MatchConditionSpec extends ExpressionSpec {
  name: string;
}

export interface AuditAnnotationSpec extends ExpressionSpec {
  key: string;
}

export interface ParamKind {
  apiVersion: string;
  kind: string;
}

export interface PolicySpec {
  name: string;
  paramKind?: ParamKind;
  matchConstraints: MatchResources;
  validations: readonly ValidationSpec[];
  failurePolicy: FailurePolicy;
  auditAnnotations: readonly AuditAnnotationSpec[];
  matchConditions: readonly MatchConditionSpec[];
  variables: readonly VariableSpec[];
}

export interface ParamRef {
  name?: string;
  namespace?: string;
  selector?: LabelSelector;
  parameterNotFoundAction: 'Allow' | 'Deny';
}

export interface BindingSpec {
  name: string;
  policyName: string;
  paramRef?: ParamRef;
  /** Absent: the binding matches whatever the policy matches. */
  matchResources?: MatchResources;
  validationActions: readonly ValidationAction[];
}

/** The identity of an object as a request names it. */
export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

export interface GroupVersionResource {
  group: string;
  version: string;
  resource: string;
}

/** `request.userInfo` (authentication/v1 UserInfo). */
export interface UserInfo {
  username?: string;
  uid?: string;
  groups?: readonly string[];
  extra?: Readonly<Record<string, readonly string[]>>;
}

/** `apps/v1` → apps, v1; `v1` → the core group. */
export function splitApiVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? { group: '', version: apiVersion } : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

/** Whether a document is a ValidatingAdmissionPolicy or binding of a version platlint reads. */
export function admissionKindOf(data: Readonly<Record<string, unknown>>): typeof ADMISSION_POLICY_KIND | typeof BINDING_KIND | undefined {
  const { apiVersion, kind } = data;
  if (typeof apiVersion !== 'string' || (kind !== ADMISSION_POLICY_KIND && kind !== BINDING_KIND)) return undefined;
  const { group, version } = splitApiVersion(apiVersion);
  return group === ADMISSION_GROUP && ADMISSION_VERSIONS.includes(version) ? kind : undefined;
}

/** The namespace of the rules of ValidatingAdmissionPolicies (`vap/<policy name>`), which policy rules may not take. */
export const ADMISSION_NAMESPACE = 'vap/';
