import { type DataPath, isRecord, listAt } from '../api.js';

/** Shared knowledge of `status.audit` for the audit rules. */
export const AUDIT: DataPath = ['status', 'audit'];
export const POLICY_RULES: DataPath = [...AUDIT, 'policy', 'rules'];

/**
 * The fields of a policy rule that restrict which requests it matches. A rule in which every one of them is absent
 * or an empty list matches every request (upstream: "an empty list implies every ...").
 */
export const RESTRICTION_FIELDS = [
  'users',
  'userGroups',
  'verbs',
  'resources',
  'namespaces',
  'nonResourceURLs',
  'requestTargets',
  'clusters',
] as const;

export interface PolicyRuleEntry {
  index: number;
  path: DataPath;
  rule: Record<string, unknown>;
}

/** The mapping items of `status.audit.policy.rules` (other items are the schema pass's business). */
export function policyRules(data: unknown): PolicyRuleEntry[] {
  return listAt(data, POLICY_RULES).flatMap(({ value, path }, index) => (isRecord(value) ? [{ index, path, rule: value }] : []));
}

/** True when the rule restricts nothing: it matches every request. */
export function isCatchAll(rule: Record<string, unknown>): boolean {
  return RESTRICTION_FIELDS.every((field) => {
    const value = rule[field];
    return value === undefined || value === null || (Array.isArray(value) && value.length === 0);
  });
}

/**
 * `status.audit.level` as the platform reads it: Go decodes `level` into an `int` with `omitempty`, so 0 and an
 * absent or null level all mean "no level". Other types are the schema pass's business (undefined here).
 */
export function auditLevel(audit: Record<string, unknown>): number | undefined {
  const level = audit['level'];
  return typeof level === 'number' && Number.isInteger(level) ? level : undefined;
}
