/**
 * The types of core Kubernetes kinds an admission policy's `paramKind` names most (v1 ConfigMap and Secret), by their
 * OpenAPI definitions in k8s.io/api, as the API server's type checker resolves a paramKind's schema (typechecking.go):
 * a misspelt field of `params` is a compile error, as for `object`. The values are those evaluation sees: the API
 * server hands `params` over as unstructured JSON (compile.go declares it dyn), so a `date-time` is a string, and a
 * Secret's `byte` data are the base64 text, typed dyn here rather than as the bytes the schema says, which no call
 * on them would find at run time. `fieldsV1`, whose content the schema leaves open, is dyn.
 */
import { BOOL, DYN, INT, listOf, mapOf, objectType, STRING, type CelType } from './types.js';

const fields = (entries: Record<string, CelType>): ReadonlyMap<string, CelType> => new Map(Object.entries(entries));
const STRING_MAP = mapOf(STRING, STRING);

const OWNER_REFERENCE = objectType('io.k8s.apimachinery.pkg.apis.meta.v1.OwnerReference', fields({ apiVersion: STRING, blockOwnerDeletion: BOOL, controller: BOOL, kind: STRING, name: STRING, uid: STRING }));

const MANAGED_FIELDS_ENTRY = objectType(
  'io.k8s.apimachinery.pkg.apis.meta.v1.ManagedFieldsEntry',
  fields({ apiVersion: STRING, fieldsType: STRING, fieldsV1: DYN, manager: STRING, operation: STRING, subresource: STRING, time: STRING }),
);

/** metav1.ObjectMeta as its OpenAPI definition has it. */
const OBJECT_META = objectType(
  'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta',
  fields({
    annotations: STRING_MAP,
    creationTimestamp: STRING,
    deletionGracePeriodSeconds: INT,
    deletionTimestamp: STRING,
    finalizers: listOf(STRING),
    generateName: STRING,
    generation: INT,
    labels: STRING_MAP,
    managedFields: listOf(MANAGED_FIELDS_ENTRY),
    name: STRING,
    namespace: STRING,
    ownerReferences: listOf(OWNER_REFERENCE),
    resourceVersion: STRING,
    selfLink: STRING,
    uid: STRING,
  }),
);

const CONFIG_MAP = objectType(
  'io.k8s.api.core.v1.ConfigMap',
  fields({ apiVersion: STRING, kind: STRING, metadata: OBJECT_META, data: STRING_MAP, binaryData: mapOf(STRING, DYN), immutable: BOOL }),
);

const SECRET = objectType(
  'io.k8s.api.core.v1.Secret',
  fields({ apiVersion: STRING, kind: STRING, metadata: OBJECT_META, data: mapOf(STRING, DYN), stringData: STRING_MAP, type: STRING, immutable: BOOL }),
);

/** The core kinds platlint types, by `apiVersion/kind` (the core group's apiVersion is `v1`). */
export const CORE_KIND_TYPES: ReadonlyMap<string, CelType> = new Map([
  ['v1/ConfigMap', CONFIG_MAP],
  ['v1/Secret', SECRET],
]);
