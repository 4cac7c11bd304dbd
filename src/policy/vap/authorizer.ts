/**
 * The authorizer a policy's `authorizer` checks ask, offline: the requests `admission.authorizer` in .platlint.yaml
 * allows, in the shape of RBAC's rules (verbs, apiGroups, resources, resourceNames, nonResourceURLs) with the
 * namespaces they hold in and, for `authorizer.serviceAccount(ns, name)`, the service accounts they are for. Every
 * other check is not allowed (RBAC's "no opinion"); without the setting, none is.
 */
import type { AuthorizationDecision, AuthorizationRequest, Authorizer } from '../cel/index.js';

export interface AuthorizerRule {
  verbs: readonly string[];
  apiGroups?: readonly string[];
  /** `users`, `users/status`, `*`. */
  resources?: readonly string[];
  resourceNames?: readonly string[];
  namespaces?: readonly string[];
  /** Paths of non-resource requests (`/healthz`, `/metrics/*`). */
  nonResourceURLs?: readonly string[];
  /** The rule is for checks as these service accounts (`namespace/name`, `*`), not for the requesting user. */
  serviceAccounts?: readonly string[];
}

/** Why a check is denied when .platlint.yaml has no `admission.authorizer`. */
export const NO_AUTHORIZER_REASON = 'platlint: .platlint.yaml sets no admission.authorizer, so no authorizer check is allowed';

const any = (list: readonly string[] | undefined, value: string | undefined): boolean => list === undefined || list.includes('*') || (value !== undefined && list.includes(value));

function urlMatches(patterns: readonly string[], path: string): boolean {
  return patterns.some((p) => p === '*' || p === path || (p.endsWith('*') && path.startsWith(p.slice(0, -1))));
}

function ruleAllows(rule: AuthorizerRule, request: AuthorizationRequest): boolean {
  if (!any(rule.verbs, request.verb)) return false;
  const account = request.serviceAccount ? `${request.serviceAccount.namespace}/${request.serviceAccount.name}` : undefined;
  if ((account === undefined) !== (rule.serviceAccounts === undefined) || (account !== undefined && !any(rule.serviceAccounts, account))) return false;
  if (request.path !== undefined) return rule.nonResourceURLs !== undefined && urlMatches(rule.nonResourceURLs, request.path);
  if (rule.nonResourceURLs !== undefined && rule.resources === undefined) return false;
  const resource = request.subresource ? `${request.resource ?? ''}/${request.subresource}` : request.resource;
  return any(rule.apiGroups, request.group ?? '') && any(rule.resources, resource) && any(rule.resourceNames, request.name) && any(rule.namespaces, request.namespace ?? '');
}

/** The settings' rules as an authorizer; undefined rules: every check is denied, saying why. */
export function settingsAuthorizer(rules: readonly AuthorizerRule[] | undefined): Authorizer {
  return (request): AuthorizationDecision => {
    if (rules === undefined) return { decision: 'noOpinion', reason: NO_AUTHORIZER_REASON };
    const index = rules.findIndex((rule) => ruleAllows(rule, request));
    return index >= 0 ? { decision: 'allow', reason: `platlint: allowed by admission.authorizer[${index}]` } : { decision: 'noOpinion', reason: 'platlint: no admission.authorizer rule allows it' };
  };
}
