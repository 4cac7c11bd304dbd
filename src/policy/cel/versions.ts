/**
 * The Kubernetes versions platlint knows the CEL environment of, from CEL's first (1.23) to the newest
 * k8s.io/apiserver platlint follows (v0.37). A module of its own, without imports, so that the settings file can
 * check `kubernetesVersion` without loading CEL.
 */
export const KUBERNETES_VERSIONS: readonly string[] = Array.from({ length: 15 }, (_, i) => `1.${23 + i}`);
export const NEWEST_KUBERNETES_VERSION = KUBERNETES_VERSIONS[KUBERNETES_VERSIONS.length - 1] as string;
