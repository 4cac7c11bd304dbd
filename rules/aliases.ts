/**
 * Former ids of rules, each with the rules it names today: one rule for a rule that was renamed; several for a rule
 * that listed its checks and was split into one rule per check. A former id keeps working wherever users write rule
 * ids (the config file's `rules` and `overrides`, `--rule`, inline directives, exceptions, globs over ids, baseline
 * entries, `platlint explain`) and names all of its rules there; it is reported as deprecated: a warning on stderr
 * for the config file and flags, `directive/renamed-rule` for directives. Ids are never reused: a former id names no
 * rule of its own.
 */
const FORGE_A = ['auth/forge-a-orgs', 'auth/forge-a-root-ca', 'auth/forge-a-host-name'];
const WEB_IDENTITY_A = ['auth/web-identity-a-groups', 'auth/web-identity-a-hosted-domains'];
const WEB_IDENTITY_B = ['auth/web-identity-b-tenant', 'auth/web-identity-b-groups'];
const VAULT = ['vault/sync-interval', 'vault/address', 'vault/auth'];
const COST = ['cost/prices', 'cost/price-currency', 'cost/retention', 'cost/replicas'];

export const RENAMED_RULES: Readonly<Record<string, readonly string[]>> = {
  'auth/forge-a': FORGE_A,
  'auth/forge-a-orgs-and-host': FORGE_A,
  'auth/forge-b': ['auth/forge-b-base-url'],
  'auth/web-identity-a': WEB_IDENTITY_A,
  'auth/web-identity-a-groups-and-domains': WEB_IDENTITY_A,
  'auth/web-identity-b': WEB_IDENTITY_B,
  'auth/web-identity-b-tenant-and-groups': WEB_IDENTITY_B,
  'vault/settings': VAULT,
  'vault/sync-interval-and-access': VAULT,
  'cost/settings': COST,
  'cost/prices-currency-retention-replicas': COST,
  'resources/quantities': ['container-resources/quantities'],
};

const formerIds = new Map<string, string[]>();
for (const [former, current] of Object.entries(RENAMED_RULES)) {
  for (const id of current) formerIds.set(id, [...(formerIds.get(id) ?? []), former]);
}

/** The ids a rule had before it was renamed, or before the rule it was part of was split. */
export function formerIdsOf(ruleId: string): readonly string[] {
  return formerIds.get(ruleId) ?? [];
}

/** The current ids a former id names (one, or several for a split rule), or undefined for an id that is not former. */
export function currentIdsOf(formerId: string): readonly string[] | undefined {
  return Object.hasOwn(RENAMED_RULES, formerId) ? RENAMED_RULES[formerId] : undefined;
}

/** The ids of the rules an id names: the current ids of a former id, else the id itself. */
export function rulesNamedBy(ruleId: string): readonly string[] {
  return currentIdsOf(ruleId) ?? [ruleId];
}
