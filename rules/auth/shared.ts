/**
 * Small helpers shared by the `auth/*` rules (not a rule itself: the area index lists the rules).
 */
import { absoluteUrlProblem, CALLBACK_PATHS, type DataPath, displayPath, isDomainName, isNonEmptyList, isUUID, optionalStringAt, parseAbsoluteUrl, PROVIDER_TYPES, providersOfType, type ProviderEntry, type ProviderType } from '../api.js';

/** `status.auth.connectors[1].saml.redirectURI` for a field of a provider. */
export function fieldName(entry: ProviderEntry, ...rest: DataPath): string {
  return displayPath([...entry.path, ...rest]);
}

/** A string field of a provider, or undefined (a wrong type is the schema pass's business). */
export function str(entry: ProviderEntry, key: string): string | undefined {
  const value = entry.config[key];
  return typeof value === 'string' ? value : undefined;
}

/** A non-empty string field of a provider. */
export function filled(entry: ProviderEntry, key: string): string | undefined {
  return optionalStringAt(entry.config, [key]);
}

/** A field set to a non-empty string in one provider: its value, where it is, and how a message names it. */
export interface FilledField {
  entry: ProviderEntry;
  value: string;
  path: DataPath;
  field: string;
}

/** The providers of one type that set a string field (non-empty), with the field: what a rule of that field checks. */
export function filledFields(data: unknown, type: ProviderType, key: string): FilledField[] {
  return providersOfType(data, type).flatMap((entry) => {
    const value = filled(entry, key);
    return value === undefined ? [] : [{ entry, value, path: [...entry.path, key], field: fieldName(entry, key) }];
  });
}

/** A list field of a provider with at least one item (the list counterpart of `filled`). */
export function filledList(entry: ProviderEntry, key: string): unknown[] | undefined {
  const value = entry.config[key];
  return isNonEmptyList(value) ? value : undefined;
}

export function isTrue(entry: ProviderEntry, key: string): boolean {
  return entry.config[key] === true;
}

/**
 * The connector id each top-level provider gets, read off its callback path (`/auth/github/callback` -> `github`):
 * a connector in `connectors[]` with the same id would take over the same callback route.
 */
export const TOP_LEVEL_IDS: Readonly<Record<ProviderType, string>> = Object.fromEntries(
  PROVIDER_TYPES.map((type) => [type, CALLBACK_PATHS[type].split('/')[2] ?? type]),
) as Record<ProviderType, string>;

/**
 * A connector id that can stand as one path step of `/auth/<id>/callback` as written: RFC 3986 unreserved
 * characters only (letters, digits, `-`, `.`, `_`, `~`), and not the dot segments `.` / `..`, which URL
 * normalization removes. Anything else needs percent-encoding, which identity providers compare byte for byte.
 */
export function isUrlSafeConnectorId(id: string): boolean {
  return /^[A-Za-z0-9._~-]+$/.test(id) && id !== '.' && id !== '..';
}

/** The connector id a provider entry lives in, when it is usable in a URL path. */
export function usableConnectorId(entry: ProviderEntry): string | undefined {
  const id = entry.connector?.id;
  return id !== undefined && id !== '' && isUrlSafeConnectorId(id) ? id : undefined;
}

/** The message text of a URL field that `httpUrlProblem` rejects; `reason` is what it returned. */
export const NOT_ABSOLUTE_HTTP_URL = '{{field}} is "{{value}}", not an absolute http(s) URL ({{reason}}).';

/**
 * Why a value is not an absolute http(s) URL as Go's `url.Parse` reads it (scheme and host present), or undefined
 * when it is one.
 */
export function httpUrlProblem(value: string): string | undefined {
  const parsed = parseAbsoluteUrl(value);
  if (!parsed.ok) return absoluteUrlProblem(parsed.reason);
  if (parsed.scheme !== 'http' && parsed.scheme !== 'https') return `the scheme is "${parsed.scheme}", not http or https`;
  return undefined;
}

/** The tenant keywords of the webIdentityB connector, compared case-sensitively (anything else is taken as one tenant). */
const TENANT_KEYWORDS: readonly string[] = ['common', 'consumers', 'organizations'];

/** What a webIdentityB `tenant` is to the connector: a keyword, one tenant, or a value no tenant can have. */
export type Tenant = { kind: 'keyword'; value: string } | { kind: 'tenant' } | { kind: 'invalid'; hint: string };

/** The tenant of a webIdentityB provider as written (undefined when unset or ""), and what the connector takes it for. */
export function webIdentityBTenant(entry: ProviderEntry): { written: string | undefined; tenant: Tenant } {
  const raw = str(entry, 'tenant');
  if (raw === undefined || raw === '') return { written: undefined, tenant: { kind: 'keyword', value: 'common' } };
  return { written: raw, tenant: classifyTenant(raw) };
}

function classifyTenant(tenant: string): Tenant {
  if (TENANT_KEYWORDS.includes(tenant)) return { kind: 'keyword', value: tenant };
  if (isUUID(tenant)) return { kind: 'tenant' };
  if (tenant.includes('.') && isDomainName(tenant).length === 0) return { kind: 'tenant' };
  const keyword = TENANT_KEYWORDS.find((k) => k === tenant.trim().toLowerCase());
  if (keyword) return { kind: 'invalid', hint: `the keywords are matched exactly and in lower case: did you mean "${keyword}"?` };
  if (/^[0-9a-f-]+$/i.test(tenant) && tenant.includes('-')) {
    return { kind: 'invalid', hint: 'a tenant id is a UUID of the form 8-4-4-4-12 hexadecimal digits' };
  }
  if (!tenant.includes('.') && isDomainName(tenant).length === 0) {
    return { kind: 'invalid', hint: "a tenant name is the tenant's full domain, e.g. contoso.onmicrosoft.com" };
  }
  return { kind: 'invalid', hint: 'it is neither a keyword, a tenant UUID nor a domain name' };
}
