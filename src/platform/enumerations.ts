/**
 * Closed lists of values the platform accepts, shared by the rules that check them, the exported editor schemas and
 * the language server's completion.
 */

/** The verbs a User access rule can grant (spec: standard verbs plus bind and makeowner; `*` for all). */
export const USER_VERBS = ['get', 'list', 'create', 'update', 'patch', 'delete', 'bind', 'makeowner', '*'] as const;

/** The name-id formats the SAML connector knows (Dex `connector/saml/saml.go`, `nameIDFormats`). */
export const NAME_ID_FORMATS: readonly string[] = [
  'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
  'urn:oasis:names:tc:SAML:1.1:nameid-format:X509SubjectName',
  'urn:oasis:names:tc:SAML:1.1:nameid-format:WindowsDomainQualifiedName',
  'urn:oasis:names:tc:SAML:2.0:nameid-format:encrypted',
  'urn:oasis:names:tc:SAML:2.0:nameid-format:entity',
  'urn:oasis:names:tc:SAML:2.0:nameid-format:kerberos',
  'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
  'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
];

/** The last component of a URN (`persistent` of `urn:…:nameid-format:persistent`), which Dex also accepts. */
export function lastComponent(urn: string): string {
  const i = urn.lastIndexOf(':');
  return i > 0 ? urn.slice(i + 1) : urn;
}

/**
 * The sections of the platform configuration (a Config's status): what a mapping holds when it is that
 * configuration kept inside another file. The Config's schema declares exactly these (src/schema/config.ts).
 */
export const CONFIG_SECTIONS = [
  'auth',
  'oidc',
  'apps',
  'audit',
  'platformHost',
  'projectNamespacePrefix',
  'devPodSubDomain',
  'uiSettings',
  'vault',
  'disableConfigEndpoint',
  'authenticateVersionEndpoint',
  'cloud',
  'costControl',
  'platformDB',
  'imageBuilder',
  'database',
] as const;
export type ConfigSection = (typeof CONFIG_SECTIONS)[number];

/**
 * The fields of the password login's settings, `status.auth.password` (the spec: `disabled`): under that secret key's
 * name the value is a settings section, not a credential. The Config's schema declares exactly these
 * (src/schema/config-auth.ts).
 */
export const PASSWORD_LOGIN_FIELDS = ['disabled'] as const;
export type PasswordLoginField = (typeof PASSWORD_LOGIN_FIELDS)[number];
