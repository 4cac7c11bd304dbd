/**
 * Whether a request matches a policy's matchConstraints or a binding's matchResources, as the API server decides
 * (k8s.io/apiserver pkg/admission/plugin/policy/matching/matching.go, webhook/predicates/{namespace,object,rules}):
 * the namespace selector against the labels of the object's Namespace (of the Namespace itself when it is one), the
 * object selector against the object's or the old object's labels, then the exclude rules, then the resource
 * rules with their resourceNames. With matchPolicy Equivalent, a rule naming another version of the object's group
 * and resource matches too (the API server would convert the object to that version; offline it is read as
 * written), and the request then names that version.
 */
import { selectorMatches } from '../match.js';
import type { LabelSelector } from '../types.js';
import type { GroupVersionKind, GroupVersionResource, MatchResources, Operation, ResourceRule } from './types.js';

/** What the matchers read of a request. */
export interface RequestAttributes {
  kind: GroupVersionKind;
  resource: GroupVersionResource;
  subResource: string;
  /** '' for a cluster-scoped object; the Namespace's own name for a Namespace. */
  namespace: string;
  name: string;
  operation: Operation;
  objectLabels: Readonly<Record<string, unknown>> | undefined;
  oldObjectLabels: Readonly<Record<string, unknown>> | undefined;
  /** The labels of the object's Namespace (undefined: none, as for a Namespace that only has a name). */
  namespaceLabels: Readonly<Record<string, unknown>> | undefined;
}

export type MatchResult = { matches: false } | { matches: true; resource: GroupVersionResource; kind: GroupVersionKind };

const NO_MATCH: MatchResult = { matches: false };

function exactOrWildcard(items: readonly string[], requested: string): boolean {
  return items.includes('*') || items.includes(requested);
}

function isNamespaceResource(r: GroupVersionResource): boolean {
  return r.group === '' && r.version === 'v1' && r.resource === 'namespaces';
}

/** A selector that selects everything. */
export function isEmptySelector(selector: LabelSelector): boolean {
  return Object.keys(selector.matchLabels ?? {}).length === 0 && (selector.matchExpressions ?? []).length === 0;
}

/** predicates/rules/rules.go Matcher.Matches, for a request's resource. */
function ruleMatches(rule: ResourceRule, attr: RequestAttributes, resource: GroupVersionResource): boolean {
  const scope = rule.scope === 'Namespaced' ? !isNamespaceResource(resource) && attr.namespace !== '' : rule.scope === 'Cluster' ? isNamespaceResource(resource) || attr.namespace === '' : true;
  if (!scope) return false;
  if (!rule.operations.includes('*') && !rule.operations.includes(attr.operation)) return false;
  if (!exactOrWildcard(rule.apiGroups, resource.group) || !exactOrWildcard(rule.apiVersions, resource.version)) return false;
  return rule.resources.some((written) => {
    const slash = written.indexOf('/');
    const [res, sub] = slash < 0 ? [written, ''] : [written.slice(0, slash), written.slice(slash + 1)];
    return (res === '*' || res === resource.resource) && (sub === '*' || sub === attr.subResource);
  });
}

function named(rule: ResourceRule, name: string): boolean {
  return rule.resourceNames.length === 0 || rule.resourceNames.includes(name);
}

/** matching.go matchesResourceRules. */
function matchesRules(rules: readonly ResourceRule[], equivalent: boolean, attr: RequestAttributes): MatchResult {
  for (const rule of rules) {
    if (ruleMatches(rule, attr, attr.resource) && named(rule, attr.name)) return { matches: true, resource: attr.resource, kind: attr.kind };
  }
  if (!equivalent) return NO_MATCH;
  for (const rule of rules) {
    for (const version of rule.apiVersions) {
      if (version === '*' || version === attr.resource.version) continue;
      const resource = { ...attr.resource, version };
      if (ruleMatches(rule, attr, resource) && named(rule, attr.name)) return { matches: true, resource, kind: { ...attr.kind, version } };
    }
  }
  return NO_MATCH;
}

/** namespace/matcher.go MatchNamespaceSelector. */
function namespaceMatches(selector: LabelSelector, attr: RequestAttributes): boolean {
  const isNamespace = attr.resource.resource === 'namespaces' && attr.resource.group === '';
  if (attr.namespace === '' && !isNamespace) return true;
  if (isEmptySelector(selector)) return true;
  const labels = isNamespace && attr.subResource === '' && (attr.operation === 'CREATE' || attr.operation === 'UPDATE') ? attr.objectLabels : attr.namespaceLabels;
  return selectorMatches(selector, labels as Record<string, unknown> | undefined);
}

/** object/matcher.go MatchObjectSelector: the object or the old object must carry the labels. */
function objectMatches(selector: LabelSelector, attr: RequestAttributes): boolean {
  if (isEmptySelector(selector)) return true;
  const matches = (labels: RequestAttributes['objectLabels']): boolean => selectorMatches(selector, labels as Record<string, unknown> | undefined);
  // There is no object on DELETE, and no old object on CREATE.
  return (attr.operation !== 'DELETE' && matches(attr.objectLabels)) || (attr.operation !== 'CREATE' && matches(attr.oldObjectLabels));
}

/** matching.go Matcher.Matches: the resource and kind the request matched as, or no match. */
export function matchResources(criteria: MatchResources, attr: RequestAttributes): MatchResult {
  if (!namespaceMatches(criteria.namespaceSelector, attr) || !objectMatches(criteria.objectSelector, attr)) return NO_MATCH;
  const equivalent = criteria.matchPolicy === 'Equivalent';
  if (matchesRules(criteria.excludeResourceRules, equivalent, attr).matches) return NO_MATCH;
  if (criteria.resourceRules.length === 0) return { matches: true, resource: attr.resource, kind: attr.kind };
  return matchesRules(criteria.resourceRules, equivalent, attr);
}

/**
 * Whether any rule could match an object of this kind, whatever the operation, name and labels: the objects a
 * policy looks at at all, for the engine to lint them (a file of Deployments for a policy on Deployments).
 */
export function rulesNameResource(rules: readonly ResourceRule[], resource: GroupVersionResource): boolean {
  return rules.some(
    (rule) =>
      exactOrWildcard(rule.apiGroups, resource.group) &&
      rule.resources.some((r) => {
        const res = r.split('/')[0];
        return res === '*' || res === resource.resource;
      }),
  );
}
