/**
 * The variables of a ValidatingAdmissionPolicy's expressions, as k8s.io/apiserver pkg/admission/plugin/cel/compile.go
 * declares them: `object`, `oldObject` and `params` dynamic; `request` (BuildRequestType) and `namespaceObject`
 * (BuildNamespaceType) typed, so that a misspelt field is a compile error; `authorizer` and
 * `authorizer.requestResource` when the policy may use the authorizer; `variables` as an object of the policy's
 * variables, each of its expression's type.
 */
import { AUTHORIZER_TYPE, RESOURCE_CHECK_TYPE } from './lib/k8s-authz.js';
import { BOOL, DYN, listOf, mapOf, objectType, STRING, TIMESTAMP, INT, type CelType } from './types.js';
import type { VariableDecls } from './compile.js';

const fields = (entries: Record<string, CelType>): ReadonlyMap<string, CelType> => new Map(Object.entries(entries));

const GVK = objectType('kubernetes.GroupVersionKind', fields({ group: STRING, version: STRING, kind: STRING }));
const GVR = objectType('kubernetes.GroupVersionResource', fields({ group: STRING, version: STRING, resource: STRING }));
const USER_INFO = objectType('kubernetes.UserInfo', fields({ username: STRING, uid: STRING, groups: listOf(STRING), extra: mapOf(STRING, listOf(STRING)) }));

/** compile.go BuildRequestType: the admission request. */
export const ADMISSION_REQUEST_TYPE = objectType(
  'kubernetes.AdmissionRequest',
  fields({
    kind: GVK,
    resource: GVR,
    subResource: STRING,
    requestKind: GVK,
    requestResource: GVR,
    requestSubResource: STRING,
    name: STRING,
    namespace: STRING,
    operation: STRING,
    userInfo: USER_INFO,
    dryRun: BOOL,
    options: DYN,
  }),
);

const NAMESPACE_CONDITION = objectType('kubernetes.NamespaceCondition', fields({ status: STRING, type: STRING, lastTransitionTime: TIMESTAMP, message: STRING, reason: STRING }));

/** compile.go BuildNamespaceType: the namespace of the object (`namespaceObject`); its timestamps are timestamps. */
export const NAMESPACE_TYPE = objectType(
  'kubernetes.Namespace',
  fields({
    metadata: objectType(
      'kubernetes.NamespaceMetadata',
      fields({
        name: STRING,
        generateName: STRING,
        namespace: STRING,
        labels: mapOf(STRING, STRING),
        annotations: mapOf(STRING, STRING),
        UID: STRING,
        creationTimestamp: TIMESTAMP,
        deletionGracePeriodSeconds: INT,
        deletionTimestamp: TIMESTAMP,
        generation: INT,
        resourceVersion: STRING,
        finalizers: listOf(STRING),
      }),
    ),
    spec: objectType('kubernetes.NamespaceSpec', fields({ finalizers: listOf(STRING) })),
    status: objectType('kubernetes.NamespaceStatus', fields({ conditions: listOf(NAMESPACE_CONDITION), phase: STRING })),
  }),
);

export interface AdmissionDeclarations {
  /** The policy has a paramKind: `params` is declared. */
  hasParams: boolean;
  /** The authorizer may be used: `authorizer` and `authorizer.requestResource` are declared. */
  hasAuthorizer: boolean;
  /** The policy's variables, by name, with the types their expressions compiled to. */
  variables?: Readonly<Record<string, CelType>>;
}

/** The declarations of a VAP expression (compile.go createEnvForOpts, and the composited `variables`). */
export function admissionVariables(options: AdmissionDeclarations): VariableDecls {
  return {
    object: DYN,
    oldObject: DYN,
    namespaceObject: NAMESPACE_TYPE,
    request: ADMISSION_REQUEST_TYPE,
    ...(options.hasParams ? { params: DYN } : {}),
    ...(options.hasAuthorizer ? { authorizer: AUTHORIZER_TYPE, 'authorizer.requestResource': RESOURCE_CHECK_TYPE } : {}),
    ...(options.variables ? { variables: objectType('kubernetes.variables', fields(options.variables)) } : {}),
  };
}
