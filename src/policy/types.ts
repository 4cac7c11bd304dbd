import type { OffsetRange } from '../engine/node-space.js';
import type { Diagnostic, ResourceKind, Severity } from '../engine/types.js';

export type LabelOperator = 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';

export interface LabelRequirement {
  key: string;
  operator: LabelOperator;
  values?: string[];
}

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelRequirement[];
}

export interface PolicyMatch {
  kinds?: ResourceKind[];
  names?: string[];
  labels?: LabelSelector;
}

export interface PolicyAssertions {
  required?: string[];
  forbidden?: string[];
  pattern?: Record<string, string>;
  enum?: Record<string, unknown[]>;
  exactlyOneOf?: string[];
}

/** One rule of a policy file, as written (after schema validation). */
export interface PolicyRuleSpec {
  id: string;
  description: string;
  severity: Severity;
  docsUrl?: string;
  match?: PolicyMatch;
  given?: string | string[];
  expression?: string;
  message?: string;
  messageExpression?: string;
  assertions?: PolicyAssertions;
}

/**
 * A position in a policy file, for diagnostics about the policy itself (`path` points into the policy document):
 * its file offsets, and the lines and columns they fall on.
 */
export type SourceSpot = Pick<Diagnostic, 'line' | 'column' | 'endLine' | 'endColumn' | 'path' | 'document'> & { range: OffsetRange };

/** A misspelt name and the one it most likely meant: a suggestion to replace it where the file spells it as is. */
export interface Replacement {
  written: string;
  suggested: string;
}

/** Where a loaded rule came from. */
export interface PolicyOrigin {
  /** The policy file as named to the user. */
  file: string;
  policyName: string;
  /** Position of the rule's `id` value. */
  rule: SourceSpot;
  /** Position of the `expression` value, `messageExpression` value and `assertions` key, when present. */
  expression?: SourceSpot;
  messageExpression?: SourceSpot;
  assertions?: SourceSpot;
}
