/**
 * What to run for a set of rules under one set of settings, worked out once per settings map (files sharing a set
 * of overrides share one map, src/settings-file/resolve.ts) rather than for every file, document and rule: which rules are
 * on, their options merged with their defaults, which of them check which kind (and the status out of `spec.raw`),
 * whether the schema pass is needed at all, and which top-level sections each rule reads (`meta.sections`), so that
 * a rule skips a document without them.
 */
import { isRuleEnabled, type RuleSettings } from './settings.js';
import { defaultOptionsOf } from './define-rule.js';
import type { ResourceKind, Rule } from './types.js';

export interface PlannedRule {
  rule: Rule & { check: NonNullable<Rule['check']> };
  options: Readonly<Record<string, unknown>>;
  /** Dotted data paths (`status.vault`); the rule runs only on documents where one of them has a value. */
  sections: readonly (readonly string[])[] | undefined;
}

export type ForeignJudge = (data: Readonly<Record<string, unknown>>) => boolean;

/** Whether some rule judging objects of any kind judges an object of another API (a Deployment); undefined for none. */
export function foreignJudge(rules: readonly Rule[]): ForeignJudge | undefined {
  const judges = rules.filter((rule) => rule.checkObject);
  if (judges.length === 0) return undefined;
  return (data) => judges.some((rule) => rule.judgesKind?.(String(data['apiVersion']), String(data['kind'])) ?? true);
}

export interface ObjectCheck {
  rule: Rule & { checkObject: NonNullable<Rule['checkObject']> };
  options: Readonly<Record<string, unknown>>;
}

export interface RulePlan {
  /** Every rule by id, enabled or not. */
  all: ReadonlyMap<string, Rule>;
  /** Enabled rules by id (checked or reported by the engine). */
  enabled: ReadonlyMap<string, Rule>;
  /** Rules with a `check`, in rule order, for each kind. */
  checks: Readonly<Record<ResourceKind, readonly PlannedRule[]>>;
  /**
   * The Config rules that read a status (or everything), for the status read out of `spec.raw`: it comes with the
   * document's own metadata and spec, so a rule that reads no status would only repeat, word for word, what it said
   * of the document itself.
   */
  rawStatusChecks: readonly PlannedRule[];
  /** Enabled rules that judge objects of any kind (`checkObject`), in rule order. */
  objectChecks: readonly ObjectCheck[];
  /** Whether an object of another API is linted, by the object checks; undefined when there are none. */
  foreign: ForeignJudge | undefined;
  /** The schema pass has at least one of its rules (`meta.stages` naming it) on. */
  schema: boolean;
}

/** Rules by id, built once per rule list (rule lists are not changed once built). */
const rulesById = new WeakMap<readonly Rule[], ReadonlyMap<string, Rule>>();

function byIdOf(rules: readonly Rule[]): ReadonlyMap<string, Rule> {
  let byId = rulesById.get(rules);
  if (!byId) {
    byId = new Map(rules.map((rule) => [rule.meta.id, rule]));
    rulesById.set(rules, byId);
  }
  return byId;
}

/**
 * The plan last built for a settings map and rule list, with the settings it was built from: a map changed since
 * (a rule set, added or removed) gets a new plan. Comparing entries costs far less than planning a hundred rules.
 */
interface CachedPlan {
  plan: RulePlan;
  entries: readonly (readonly [string, unknown])[];
}

const plans = new WeakMap<RuleSettings, WeakMap<readonly Rule[], CachedPlan>>();

function unchanged(settings: RuleSettings, entries: CachedPlan['entries']): boolean {
  if (settings.size !== entries.length) return false;
  let i = 0;
  for (const [id, setting] of settings) {
    const entry = entries[i++];
    if (entry?.[0] !== id || entry[1] !== setting) return false;
  }
  return true;
}

/** `pruneSections: false` runs every rule on every document whatever its sections: to check that they are right. */
export function rulePlan(rules: readonly Rule[], settings: RuleSettings, pruneSections = true): RulePlan {
  let byRules = plans.get(settings);
  if (!byRules) {
    byRules = new WeakMap();
    plans.set(settings, byRules);
  }
  const cached = byRules.get(rules);
  if (cached && unchanged(settings, cached.entries)) return pruneSections ? cached.plan : unpruned(cached.plan);
  const plan = buildPlan(rules, settings);
  byRules.set(rules, { plan, entries: [...settings] });
  return pruneSections ? plan : unpruned(plan);
}

/** The same rules for the same targets (the raw status included), none of them skipped for a section it lacks. */
function unpruned(plan: RulePlan): RulePlan {
  const always = (planned: PlannedRule): PlannedRule => ({ ...planned, sections: undefined });
  return {
    ...plan,
    checks: { User: plan.checks.User.map(always), Config: plan.checks.Config.map(always) },
    rawStatusChecks: plan.rawStatusChecks.map(always),
  };
}

function buildPlan(rules: readonly Rule[], settings: RuleSettings): RulePlan {
  const enabled = new Map<string, Rule>();
  let schema = false;
  const checks: Record<ResourceKind, PlannedRule[]> = { User: [], Config: [] };
  const objectChecks: ObjectCheck[] = [];
  for (const rule of rules) {
    const setting = settings.get(rule.meta.id);
    if (!isRuleEnabled(rule.meta, setting)) continue;
    enabled.set(rule.meta.id, rule);
    if (rule.checkObject) objectChecks.push({ rule: rule as ObjectCheck['rule'], options: { ...defaultOptionsOf(rule.meta.optionsSchema), ...setting?.options } });
    if (rule.meta.stages?.includes('schema')) schema = true;
    if (!rule.check) continue;
    const planned: PlannedRule = {
      rule: rule as PlannedRule['rule'],
      options: { ...defaultOptionsOf(rule.meta.optionsSchema), ...setting?.options },
      sections: rule.meta.sections?.map((section) => section.split('.')),
    };
    for (const kind of ['User', 'Config'] as const) if (!rule.meta.kinds || rule.meta.kinds.includes(kind)) checks[kind].push(planned);
  }
  const rawStatusChecks = checks.Config.filter((planned) => !planned.sections || planned.sections.some((path) => path[0] === 'status'));
  const foreign = foreignJudge(objectChecks.map((check) => check.rule));
  return { all: byIdOf(rules), enabled, checks, rawStatusChecks, objectChecks, foreign, schema };
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
