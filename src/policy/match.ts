/** Which documents a policy rule applies to: kinds, name globs and a Kubernetes label selector. */
import { globMatches } from '../engine/globs.js';
import type { RuleDocument } from '../engine/types.js';
import type { LabelSelector, PolicyMatch } from './types.js';

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function labelValue(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return value === null ? '' : String(value);
}

/** Kubernetes semantics: NotIn and DoesNotExist hold when the label is absent. */
export function selectorMatches(selector: LabelSelector, labels: Record<string, unknown> | undefined): boolean {
  const has = (key: string): boolean => labels !== undefined && Object.prototype.hasOwnProperty.call(labels, key);
  const get = (key: string): string | undefined => (has(key) ? labelValue(labels?.[key]) : undefined);
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) {
    if (get(key) !== value) return false;
  }
  for (const { key, operator, values = [] } of selector.matchExpressions ?? []) {
    const actual = get(key);
    switch (operator) {
      case 'In':
        if (actual === undefined || !values.includes(actual)) return false;
        break;
      case 'NotIn':
        if (actual !== undefined && values.includes(actual)) return false;
        break;
      case 'Exists':
        if (!has(key)) return false;
        break;
      case 'DoesNotExist':
        if (has(key)) return false;
        break;
    }
  }
  return true;
}

export function documentMatches(match: PolicyMatch | undefined, doc: RuleDocument): boolean {
  if (!match) return true;
  if (match.kinds && !match.kinds.includes(doc.kind)) return false;
  const metadata = record(doc.data['metadata']);
  if (match.names) {
    const name = metadata?.['name'];
    if (typeof name !== 'string' || !globMatches(name, match.names, { dot: true })) return false;
  }
  if (match.labels && !selectorMatches(match.labels, record(metadata?.['labels']))) return false;
  return true;
}

/** `app=web, tier in (a, b), !legacy` */
export function describeSelector(selector: LabelSelector): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) parts.push(`${key}=${value}`);
  for (const { key, operator, values = [] } of selector.matchExpressions ?? []) {
    if (operator === 'In') parts.push(`${key} in (${values.join(', ')})`);
    else if (operator === 'NotIn') parts.push(`${key} notin (${values.join(', ')})`);
    else if (operator === 'Exists') parts.push(key);
    else parts.push(`!${key}`);
  }
  return parts.join(', ') || '(every document)';
}
