import type { DataPath } from '../yaml/data-path.js';
import { isRecord, mappingItems, recordAt } from './data.js';

export const PROVIDER_TYPES = ['oidc', 'gitForgeA', 'gitForgeB', 'webIdentityA', 'webIdentityB', 'saml'] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];

/** The callback path each provider's redirect URI must end in at the top level (spec). */
export const CALLBACK_PATHS: Readonly<Record<ProviderType, string>> = {
  oidc: '/auth/oidc/callback',
  gitForgeA: '/auth/github/callback',
  gitForgeB: '/auth/gitlab/callback',
  webIdentityA: '/auth/google/callback',
  webIdentityB: '/auth/microsoft/callback',
  saml: '/auth/saml/callback',
};

export interface ProviderEntry {
  type: ProviderType;
  /** Data path of the provider object, e.g. ['status','auth','connectors',1,'saml']. */
  path: DataPath;
  config: Record<string, unknown>;
  /** Set when the provider is inside `auth.connectors[]`. */
  connector?: { index: number; id?: string; path: DataPath };
}

/** Providers by document: a dozen rules ask for the same document's providers, which are found once. */
const found = new WeakMap<object, readonly ProviderEntry[]>();

/**
 * Every login provider of a Config: the top-level ones under `status.auth` and those inside every
 * `status.auth.connectors[]` entry, so that provider rules are written once for both places.
 */
export function eachProvider(data: unknown): readonly ProviderEntry[] {
  if (typeof data !== 'object' || data === null) return [];
  let entries = found.get(data);
  if (!entries) {
    entries = Object.freeze(findProviders(data));
    found.set(data, entries);
  }
  return entries;
}

/** The login providers of one type, at the top level and in every connector. */
export function providersOfType(data: unknown, type: ProviderType): ProviderEntry[] {
  return eachProvider(data).filter((entry) => entry.type === type);
}

function findProviders(data: unknown): ProviderEntry[] {
  const authPath = ['status', 'auth'];
  const auth = recordAt(data, authPath);
  if (!auth) return [];
  const out: ProviderEntry[] = [];
  for (const type of PROVIDER_TYPES) {
    const config = auth[type];
    if (isRecord(config)) out.push({ type, path: [...authPath, type], config });
  }
  for (const { value, path, index } of mappingItems(data, [...authPath, 'connectors'])) {
    const id = typeof value['id'] === 'string' ? value['id'] : undefined;
    for (const type of PROVIDER_TYPES) {
      const config = value[type];
      if (isRecord(config)) out.push({ type, path: [...path, type], config, connector: { index, ...(id !== undefined ? { id } : {}), path } });
    }
  }
  return out;
}
