/**
 * What counts as a platform object, decided the same way for the CLI, pre-commit and the language server: a YAML
 * file in a repository is more often someone else's (a CI workflow, a Helm chart, an Ansible playbook) than ours,
 * and an error on a file that is not ours is a false error. The rule, in docs/configuration.md "What is linted":
 *
 * - a mapping whose `apiVersion` is of the `management.platform` group, or of a group a few letters from it
 *   (`management.platfrom`), is ours, whatever else is wrong with it;
 * - a mapping whose `kind` is one of ours (User, Config, UserList, ConfigList) or a slip for one (`user`, `Usr`) is
 *   ours when its `apiVersion` is missing or looks like a slip for ours (`v1`, `platform/v1`,
 *   `managment.platform/v1`) and its top-level keys are those of a platform object; an OpenShift
 *   `user.openshift.io/v1` User, a Rancher `management.cattle.io/v3` User or a kubeconfig `v1` Config is not ours;
 * - a mapping with neither `apiVersion` nor `kind` is ours only when it has the shape of a platform object
 *   (only `metadata`, `spec`, `status`, or near-misspellings of them): a manifest whose type was forgotten;
 * - everything else (other API groups, other kinds, lists, scalars) is skipped with a reason, except that a list or
 *   scalar document in a file that holds platform objects, or a list of platform objects, is reported: there it
 *   is a mistake, not someone else's file.
 */
import { editDistance } from './suggest.js';
import type { ResourceKind } from './types.js';
import { isRecord } from '../platform/data.js';

export const API_GROUP = 'management.platform';
export const API_VERSION = 'v1';
export const RESOURCE_KINDS: readonly ResourceKind[] = ['User', 'Config'];
export const LIST_KINDS: Readonly<Record<string, ResourceKind>> = { UserList: 'User', ConfigList: 'Config' };
/** The kinds of management.platform/v1. A list of any objects is core `v1`'s `List`, which no group of ours defines. */
export const KNOWN_KINDS: readonly string[] = [...RESOURCE_KINDS, ...Object.keys(LIST_KINDS)];

export const OBJECT_FIELDS = ['apiVersion', 'kind', 'metadata', 'spec', 'status'] as const;
const CONTENT_FIELDS = ['metadata', 'spec', 'status'] as const;

export type Scope = { linted: true } | { linted: false; reason: string };

const LINTED: Scope = { linted: true };

/** The group of an `apiVersion` (`apps/v1` → `apps`, `v1` → the core group ``). */
export function apiGroupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

/**
 * The kind of ours a kind is or was meant to be: the same but for letter case (`user`), or one slip away in a short
 * kind and two in a long one (`Usr`, `Confg`, `UserLst`); resource/kind then reports it.
 */
export function nearOurKind(kind: unknown): string | undefined {
  if (typeof kind !== 'string') return undefined;
  const lower = kind.toLowerCase();
  return KNOWN_KINDS.find((k) => k.toLowerCase() === lower) ?? KNOWN_KINDS.find((k) => editDistance(lower, k.toLowerCase(), 2) <= (k.length > 4 ? 2 : 1));
}

/** A dotted group a few letters from ours (`management.platfrom`, `managment.platform`): a slip, not another API. */
export function isMisspeltGroup(group: string): boolean {
  const lower = group.toLowerCase();
  return lower !== API_GROUP && editDistance(lower, API_GROUP, 3) <= 3;
}

/**
 * A group that is a slip for ours rather than another API's: none at all (`v1`, a bare version), one naming the
 * platform without a domain (`platform/v1`, `platform-management`, `platform.management`) or a near-misspelling
 * (`managment.platform`). Kubernetes' own one-word groups (`apps`, `batch`) and every dotted group of a real API
 * (`management.cattle.io`, `user.openshift.io`) are someone else's.
 */
function looksLikeOurGroup(group: string): boolean {
  const lower = group.toLowerCase();
  return lower === '' || lower === 'platform.management' || (!lower.includes('.') && /(^|-)(platform|management)(-|$)/.test(lower)) || isMisspeltGroup(lower);
}

/** Top-level keys of a platform object only (near-misspellings included), with some content besides the type. */
export function hasPlatformShape(data: Record<string, unknown>): boolean {
  const keys = Object.keys(data);
  if (!CONTENT_FIELDS.some((field) => field in data)) return false;
  // One slip in a short key, two in a long one: `sepc`, `metdata`, `apiVerison`; not `id` for `kind`.
  return keys.every((key) => OBJECT_FIELDS.some((field) => field === key || editDistance(key.toLowerCase(), field.toLowerCase(), 2) <= (field.length > 5 ? 2 : 1)));
}

function describeType(data: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof data['apiVersion'] === 'string') parts.push(`apiVersion ${data['apiVersion']}`);
  if (typeof data['kind'] === 'string') parts.push(`kind ${data['kind']}`);
  return parts.join(', ');
}

/** Whether one mapping (a document, or an item of a `v1` List) is a platform object to lint. */
export function objectScope(data: Record<string, unknown>): Scope {
  const { apiVersion, kind } = data;
  // Ours, or one slip from it, whatever the kind: resource/api-version says which group was meant.
  if (typeof apiVersion === 'string' && (apiGroupOf(apiVersion) === API_GROUP || isMisspeltGroup(apiGroupOf(apiVersion)))) return LINTED;
  const hasApiVersion = apiVersion !== undefined && apiVersion !== null;
  const hasKind = kind !== undefined && kind !== null;
  const near = nearOurKind(kind);
  if (near !== undefined) {
    if (hasPlatformShape(data) && (typeof apiVersion !== 'string' || looksLikeOurGroup(apiGroupOf(apiVersion)))) return LINTED;
    return { linted: false, reason: `${describeType(data)}: not a ${API_GROUP} object` };
  }
  if (!hasApiVersion && !hasKind) {
    return hasPlatformShape(data) ? LINTED : { linted: false, reason: "no apiVersion or kind, and fields that are not a platform object's" };
  }
  if (typeof apiVersion === 'string' && apiVersion === 'v1' && kind === 'List') return LINTED;
  const type = describeType(data);
  return { linted: false, reason: type ? `${type}: not a ${API_GROUP} object` : 'apiVersion and kind are not strings: not a platform object' };
}

/** A list whose items include a platform object: a List kind or `---` separators were forgotten. */
export function listHoldsPlatformObjects(items: readonly unknown[]): boolean {
  return items.some((item) => isRecord(item) && objectScope(item).linted && !(item['kind'] === 'List' && item['apiVersion'] === 'v1'));
}

/** Whether one of a file's documents (their data) is a platform object: documentScope's `fileHasPlatformObjects`. */
export function holdsPlatformObject(documents: readonly unknown[]): boolean {
  return documents.some((data) => isRecord(data) && objectScope(data).linted);
}

/**
 * Whether a whole YAML document is linted. `fileHasPlatformObjects` says whether another document of the same
 * file is a platform object, which makes a stray list or scalar document a mistake in a manifest file.
 */
export function documentScope(data: unknown, fileHasPlatformObjects: boolean): Scope {
  if (isRecord(data)) return objectScope(data);
  if (fileHasPlatformObjects) return LINTED;
  if (Array.isArray(data)) return listHoldsPlatformObjects(data) ? LINTED : { linted: false, reason: 'a list, not a mapping, in a file without platform objects' };
  return { linted: false, reason: 'a scalar, not a mapping, in a file without platform objects' };
}
