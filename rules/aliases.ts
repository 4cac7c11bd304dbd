/**
 * Rules that were renamed, former id -> current id. A former id keeps working wherever users write rule ids (the
 * config file's `rules` and `overrides`, `--rule`, inline directives, globs over ids, `platlint explain`) and is
 * reported as deprecated: a warning on stderr for the config file and flags, `directive/renamed-rule` for
 * directives. Ids are never reused: a former id names no rule of its own.
 */
export const RENAMED_RULES: Readonly<Record<string, string>> = {
  'auth/forge-a': 'auth/forge-a-orgs-and-host',
  'auth/forge-b': 'auth/forge-b-base-url',
  'auth/web-identity-a': 'auth/web-identity-a-groups-and-domains',
  'auth/web-identity-b': 'auth/web-identity-b-tenant-and-groups',
  'vault/settings': 'vault/sync-interval-and-access',
  'cost/settings': 'cost/prices-currency-retention-replicas',
  'resources/quantities': 'container-resources/quantities',
};

const formerIds = new Map<string, string[]>();
for (const [former, current] of Object.entries(RENAMED_RULES)) formerIds.set(current, [...(formerIds.get(current) ?? []), former]);

/** The ids a rule had before it was renamed. */
export function formerIdsOf(ruleId: string): readonly string[] {
  return formerIds.get(ruleId) ?? [];
}

/** The current id of a renamed rule's former id, or undefined. */
export function currentIdOf(formerId: string): string | undefined {
  return Object.hasOwn(RENAMED_RULES, formerId) ? RENAMED_RULES[formerId] : undefined;
}
