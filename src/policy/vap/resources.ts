/**
 * The API resource of an object, without a cluster to ask. The API server knows each kind's resource (its lowercase
 * plural, `deployments`) and scope from discovery; offline, platlint knows the platform's (`users` and `configs` in
 * management.platform, cluster-scoped) and Kubernetes' own cluster-scoped kinds, guesses the rest as
 * k8s.io/apimachinery's meta.UnsafeGuessKindToResource does (lowercase; `s` → `ses`, `y` → `ies`, else `s`;
 * `endpoints` unchanged) and takes every other kind as namespaced. `admission.resources` in .platlint.yaml names
 * the resource and scope of a kind where the guess is wrong.
 */
import { API_GROUP, RESOURCE_KINDS } from '../../engine/scope.js';
import type { GroupVersionKind, GroupVersionResource } from './types.js';

export type Scope = 'Cluster' | 'Namespaced';

/** A kind whose resource or scope the settings give. */
export interface ResourceOverride {
  /** The kind's group ('' for the core group); absent: any group. */
  group?: string;
  kind: string;
  resource?: string;
  scope?: Scope;
}

/** Kinds of Kubernetes' own API that are not namespaced (kubectl api-resources --namespaced=false), by group. */
const CLUSTER_SCOPED: Readonly<Record<string, readonly string[]>> = {
  '': ['Namespace', 'Node', 'PersistentVolume', 'ComponentStatus'],
  'rbac.authorization.k8s.io': ['ClusterRole', 'ClusterRoleBinding'],
  'apiextensions.k8s.io': ['CustomResourceDefinition'],
  'apiregistration.k8s.io': ['APIService'],
  'admissionregistration.k8s.io': ['ValidatingWebhookConfiguration', 'MutatingWebhookConfiguration', 'ValidatingAdmissionPolicy', 'ValidatingAdmissionPolicyBinding', 'MutatingAdmissionPolicy', 'MutatingAdmissionPolicyBinding'],
  'storage.k8s.io': ['StorageClass', 'CSIDriver', 'CSINode', 'VolumeAttachment', 'VolumeAttributesClass'],
  'scheduling.k8s.io': ['PriorityClass'],
  'node.k8s.io': ['RuntimeClass'],
  'networking.k8s.io': ['IngressClass', 'IPAddress', 'ServiceCIDR'],
  'certificates.k8s.io': ['CertificateSigningRequest', 'ClusterTrustBundle'],
  'flowcontrol.apiserver.k8s.io': ['FlowSchema', 'PriorityLevelConfiguration'],
  'authentication.k8s.io': ['TokenReview', 'SelfSubjectReview'],
  'authorization.k8s.io': ['SubjectAccessReview', 'SelfSubjectAccessReview', 'SelfSubjectRulesReview'],
  'resource.k8s.io': ['DeviceClass', 'ResourceSlice'],
  [API_GROUP]: RESOURCE_KINDS,
};

/** Resources whose plural is their singular (meta.unpluralizedSuffixes). */
const UNPLURALIZED_SUFFIXES = ['endpoints'];

/** k8s.io/apimachinery meta.UnsafeGuessKindToResource: the plural resource of a kind. */
export function guessResource(kind: string): string {
  const singular = kind.toLowerCase();
  if (singular === '' || UNPLURALIZED_SUFFIXES.some((suffix) => singular.endsWith(suffix))) return singular;
  if (singular.endsWith('s')) return `${singular}es`;
  if (singular.endsWith('y')) return `${singular.slice(0, -1)}ies`;
  return `${singular}s`;
}

/** How kinds map to resources and scopes: the built-in knowledge above with the settings' overrides on top. */
export class ResourceMapper {
  constructor(private readonly overrides: readonly ResourceOverride[] = []) {}

  private override(gvk: GroupVersionKind): ResourceOverride | undefined {
    return this.overrides.find((o) => o.kind === gvk.kind && (o.group === undefined || o.group === gvk.group));
  }

  resourceOf(gvk: GroupVersionKind): GroupVersionResource {
    return { group: gvk.group, version: gvk.version, resource: this.override(gvk)?.resource ?? guessResource(gvk.kind) };
  }

  scopeOf(gvk: GroupVersionKind): Scope {
    const override = this.override(gvk)?.scope;
    if (override) return override;
    return CLUSTER_SCOPED[gvk.group]?.includes(gvk.kind) ? 'Cluster' : 'Namespaced';
  }
}
