/**
 * What the `vault/*` rules share (not a rule itself: the area index lists the rules): where the vault integration
 * lives, and what an enabled one must be given.
 */
import { type DataPath, displayPath, recordAt } from '../api.js';

export const VAULT: DataPath = ['status', 'vault'];
export const VAULT_ENABLED: DataPath = [...VAULT, 'enabled'];

/** The vault integration when it is enabled, with the names its messages give `enabled` and the section. */
export function enabledVault(data: unknown): { vault: Record<string, unknown>; names: { field: string; vault: string } } | undefined {
  const vault = recordAt(data, VAULT);
  if (vault?.['enabled'] !== true) return undefined;
  return { vault, names: { field: displayPath(VAULT_ENABLED), vault: displayPath(VAULT) } };
}

/** A string field that is set to something: absent, null and "" all mean "not set" to the platform. */
export function isGiven(value: unknown): boolean {
  return typeof value === 'string' ? value !== '' : value !== undefined && value !== null;
}
