/**
 * What to run for a set of rules under one set of settings, worked out once rather than for every document: which
 * rules are on, their options merged with their defaults, which of them check which kind, whether the schema pass
 * is needed at all, and which top-level sections each rule reads (`meta.sections`), so that a rule skips a
 * document without them.
 */
import { isRuleEnabled, type RuleSettings } from './settings.js';
import type { ResourceKind, Rule } from './types.js';

export const SCHEMA_RULE_IDS: readonly string[] = ['schema/unknown-field', 'schema/type', 'schema/required', 'schema/enum', 'schema/empty-value', 'yaml/ambiguous-scalar'];

export interface PlannedRule {
  rule: Rule & { check: NonNullable<Rule['check']> };
  options: Readonly<Record<string, unknown>>;
  /** Dotted data paths (`status.vault`); the rule runs only on documents where one of them has a value. */
  sections: readonly (readonly string[])[] | undefined;
}

export interface RulePlan {
  /** Every rule by id, enabled or not. */
  all: ReadonlyMap<string, Rule>;
  /** Enabled rules by id (checked or reported by the engine). */
  enabled: ReadonlyMap<string, Rule>;
  /** Rules with a `check`, in rule order, for each kind. */
  checks: Readonly<Record<ResourceKind, readonly PlannedRule[]>>;
  /** The schema pass has at least one of its rules on. */
  schema: boolean;
}

const plans = new WeakMap<readonly Rule[], WeakMap<RuleSettings, RulePlan>>();

function makePlan(rules: readonly Rule[], settings: RuleSettings): RulePlan {
  const enabled = new Map<string, Rule>();
  const checks: Record<ResourceKind, PlannedRule[]> = { User: [], Config: [] };
  for (const rule of rules) {
    const setting = settings.get(rule.meta.id);
    if (!isRuleEnabled(rule.meta, setting)) continue;
    enabled.set(rule.meta.id, rule);
    if (!rule.check) continue;
    const planned: PlannedRule = {
      rule: rule as PlannedRule['rule'],
      options: { ...rule.meta.defaultOptions, ...setting?.options },
      sections: rule.meta.sections?.map((section) => section.split('.')),
    };
    for (const kind of ['User', 'Config'] as const) if (!rule.meta.kinds || rule.meta.kinds.includes(kind)) checks[kind].push(planned);
  }
  return { all: new Map(rules.map((rule) => [rule.meta.id, rule])), enabled, checks, schema: SCHEMA_RULE_IDS.some((id) => enabled.has(id)) };
}

/** The plan for these rules and settings; settings maps are usually shared between files, and so is the plan. */
export function rulePlan(rules: readonly Rule[], settings: RuleSettings): RulePlan {
  let bySettings = plans.get(rules);
  if (!bySettings) {
    bySettings = new WeakMap();
    plans.set(rules, bySettings);
  }
  let plan = bySettings.get(settings);
  if (!plan) {
    plan = makePlan(rules, settings);
    bySettings.set(settings, plan);
  }
  return plan;
}

/** True when the document has a value at one of the rule's sections (or the rule declares none). */
export function readsDocument(planned: PlannedRule, data: Readonly<Record<string, unknown>>): boolean {
  if (!planned.sections) return true;
  for (const path of planned.sections) {
    let node: unknown = data;
    for (const key of path) {
      node = typeof node === 'object' && node !== null && !Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
      if (node === undefined) break;
    }
    // An explicit null still runs the rule: some rules report a section left empty.
    if (node !== undefined) return true;
  }
  return false;
}
