/**
 * What the `vault/*` rules share (not a rule itself: the area index lists the rules): where the vault integration
 * lives, and the names its messages give it.
 */
import { type DataPath, displayPath } from '../api.js';

export const VAULT: DataPath = ['status', 'vault'];
export const VAULT_ENABLED: DataPath = [...VAULT, 'enabled'];

/** The names the messages about an enabled vault integration give `enabled` and the section. */
export const ENABLED_VAULT_NAMES = { field: displayPath(VAULT_ENABLED), vault: displayPath(VAULT) };
