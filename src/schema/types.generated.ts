/* eslint-disable */
/**
 * GENERATED FILE: do not edit by hand.
 * Generated from the JSON Schemas in src/schema (metadata.ts, user.ts, config.ts) by src/build/generate-types.ts.
 * To change a type, change the schema, then run: npm run build && node dist/src/build/generate-types.js
 */

/**
 * A management.platform/v1 document: a User or a Config.
 */
export type PlatformDocument = User | Config;

/**
 * A user that can access the platform: identity data, group membership, cluster-role assignments and access rules.
 */
export interface User {
  /**
   * Versioned schema of this object, `<group>/<version>`: `management.platform/v1`. The server converts recognized versions to the latest and may reject unrecognized ones.
   */
  apiVersion?: string;
  /**
   * Kind of this object, CamelCase. The server may infer it from the endpoint. Cannot be updated.
   */
  kind?: string;
  metadata?: ObjectMeta;
  spec?: UserSpec;
  /**
   * Observed state of the user, set by the server.
   */
  status?: {
    [k: string]: unknown;
  };
}
/**
 * Standard object metadata.
 */
export interface ObjectMeta {
  /**
   * Required on create unless generateName is used. Unique within a namespace. Cannot be updated.
   */
  name?: string;
  /**
   * Optional prefix used only when name is absent. The server appends a unique suffix and may truncate the prefix.
   */
  generateName?: string;
  /**
   * DNS_LABEL. Empty equals `default`. Empty for non-namespaced objects such as User and Config. Cannot be updated.
   */
  namespace?: string;
  /**
   * Deprecated. Read-only, no longer populated.
   *
   * @deprecated
   */
  selfLink?: string;
  /**
   * Server-generated, unique in time and space. Read-only.
   */
  uid?: string;
  /**
   * Opaque version for optimistic concurrency, change detection and watch. Read-only; pass it back unmodified.
   */
  resourceVersion?: string;
  /**
   * Sequence number of the desired-state generation. Read-only.
   */
  generation?: number;
  /**
   * RFC 3339 timestamp in UTC, set by the server. Read-only.
   */
  creationTimestamp?: string;
  /**
   * RFC 3339 timestamp set by the server when graceful deletion is requested. Not client-settable.
   */
  deletionTimestamp?: string;
  /**
   * Seconds allowed for graceful termination. Only present when deletionTimestamp is set. Read-only.
   */
  deletionGracePeriodSeconds?: number;
  /**
   * Organizing and selecting labels.
   */
  labels?: {
    [k: string]: string;
  };
  /**
   * Unstructured metadata. Not queryable. Preserved on modification.
   */
  annotations?: {
    [k: string]: string;
  };
  /**
   * Objects this object depends on. If all are deleted, this object is garbage collected. At most one entry has controller true.
   */
  ownerReferences?: OwnerReference[];
  /**
   * Must be empty before the object is removed. Once deletionTimestamp is set, entries can only be removed.
   */
  finalizers?: string[];
  /**
   * Internal bookkeeping of which workflow manages which fields. Server-set.
   */
  managedFields?: ManagedFieldsEntry[];
}
/**
 * An object this object depends on.
 */
export interface OwnerReference {
  /**
   * API version of the referent.
   */
  apiVersion: string;
  /**
   * Kind of the referent.
   */
  kind: string;
  /**
   * Name of the referent.
   */
  name: string;
  /**
   * UID of the referent.
   */
  uid: string;
  /**
   * True marks the managing controller. At most one owner reference has controller true.
   */
  controller?: boolean;
  /**
   * When true and the owner has the foregroundDeletion finalizer, the owner cannot be removed until this reference is removed. Setting it requires delete permission on the owner, otherwise 422.
   *
   * @default false
   */
  blockOwnerDeletion?: boolean;
}
/**
 * Which workflow manages which fields.
 */
export interface ManagedFieldsEntry {
  /**
   * Workflow identifier.
   */
  manager?: string;
  /**
   * Operation type of the workflow: `Apply` or `Update`.
   */
  operation?: 'Apply' | 'Update';
  /**
   * Version the field set applies to, `group/version`.
   */
  apiVersion?: string;
  /**
   * RFC 3339 timestamp of when the entry was added. Updated when the manager adds a field, changes an owned value or removes a field.
   */
  time?: string;
  /**
   * Format of the field set. Only value: `FieldsV1`.
   */
  fieldsType?: 'FieldsV1';
  /**
   * Field set in the FieldsV1 format.
   */
  fieldsV1?: {
    [k: string]: unknown;
  };
  /**
   * Subresource used for the update. Empty string for the main resource. It distinguishes managers that share a name.
   */
  subresource?: string;
}
/**
 * Desired state of the user.
 */
export interface UserSpec {
  /**
   * Name shown in the UI.
   */
  displayName?: string;
  /**
   * Description of the object.
   */
  description?: string;
  owner?: UserOwner;
  /**
   * Username used to log in.
   */
  username?: string;
  /**
   * URL of an icon to show for the user.
   */
  icon?: string;
  /**
   * The user's e-mail address.
   */
  email?: string;
  /**
   * The user subject as presented by the token.
   */
  subject?: string;
  /**
   * Groups the user has access to.
   */
  groups?: string[];
  /**
   * Groups remembered from single sign-on.
   */
  ssoGroups?: string[];
  passwordRef?: UserPasswordRef;
  codesRef?: UserCodesRef;
  /**
   * Image pull secrets the user can use.
   */
  imagePullSecrets?: UserImagePullSecret[];
  /**
   * Can be changed to invalidate all tokens of the user.
   */
  tokenGeneration?: number;
  /**
   * When true the user cannot log in. Other user resources are unaffected and other users can still interact with this user.
   */
  disabled?: boolean;
  /**
   * Cluster roles assigned in the cluster.
   */
  clusterRoles?: UserClusterRole[];
  /**
   * Access rights for users and teams.
   */
  access?: UserAccessRule[];
  /**
   * Additional claims added by an administrator.
   */
  extraClaims?: {
    [k: string]: unknown;
  };
}
/**
 * Owner of the object.
 */
export interface UserOwner {
  /**
   * A platform user.
   */
  user?: string;
  /**
   * A platform team.
   */
  team?: string;
}
/**
 * Reference to the user's password.
 */
export interface UserPasswordRef {
  /**
   * Name of the secret.
   */
  secretName?: string;
  /**
   * Namespace of the secret.
   */
  secretNamespace?: string;
  /**
   * Key in the secret data.
   */
  key?: string;
}
/**
 * Reference to the user's access keys.
 */
export interface UserCodesRef {
  /**
   * Name of the secret.
   */
  secretName?: string;
  /**
   * Namespace of the secret.
   */
  secretNamespace?: string;
  /**
   * Key in the secret data.
   */
  key?: string;
}
/**
 * Reference to an image pull secret.
 */
export interface UserImagePullSecret {
  /**
   * API group of the secret object.
   */
  apiGroup?: string;
  /**
   * Kind of the secret object.
   */
  kind?: string;
  /**
   * Name of the secret.
   */
  secretName?: string;
  /**
   * Namespace of the secret.
   */
  secretNamespace?: string;
  /**
   * Key in the secret data.
   */
  key?: string;
}
/**
 * A cluster role assignment.
 */
export interface UserClusterRole {
  /**
   * The cluster role.
   */
  name?: string;
}
/**
 * Access rule: grants verbs on this user to users and teams.
 */
export interface UserAccessRule {
  /**
   * Optional name of the rule.
   */
  name?: string;
  /**
   * Verbs applying to all resource kinds and restrictions in the rule: get, list, create, update, patch, delete, bind, makeowner, or `*` for all.
   */
  verbs: string[];
  /**
   * Allowed subresources.
   */
  subresources?: string[];
  /**
   * Users that get the verbs.
   */
  users?: string[];
  /**
   * Teams that get the verbs.
   */
  teams?: string[];
}
/**
 * The platform configuration. Its content is in status; spec.raw holds the raw config.
 */
export interface Config {
  /**
   * Versioned schema of this object, `<group>/<version>`: `management.platform/v1`. The server converts recognized versions to the latest and may reject unrecognized ones.
   */
  apiVersion?: string;
  /**
   * Kind of this object, CamelCase. The server may infer it from the endpoint. Cannot be updated.
   */
  kind?: string;
  metadata?: ObjectMeta;
  spec?: ConfigSpec;
  status?: ConfigStatus;
}
/**
 * Raw config.
 */
export interface ConfigSpec {
  /**
   * The raw config (YAML text).
   */
  raw?: string;
}
/**
 * The parsed platform configuration.
 */
export interface ConfigStatus {
  auth?: Auth;
  oidc?: OIDCServer;
  apps?: Apps;
  audit?: Audit;
  /**
   * Domain where the platform is hosted, without scheme.
   */
  platformHost?: string;
  /**
   * Prefix of project namespaces.
   *
   * @default "p-"
   */
  projectNamespacePrefix?: string;
  /**
   * Deprecated. Subdomain of the form `*.workspace.my-domain.com`.
   *
   * @deprecated
   */
  devPodSubDomain?: string;
  uiSettings?: UISettings;
  vault?: Vault;
  /**
   * Disables setting config via the UI and via the Config endpoint.
   */
  disableConfigEndpoint?: boolean;
  /**
   * Forces authentication for the version endpoint. Needs the cluster-virtualization component v0.27 or later.
   */
  authenticateVersionEndpoint?: boolean;
  cloud?: Cloud;
  costControl?: CostControl;
  platformDB?: PlatformDB;
  imageBuilder?: ImageBuilder;
  database?: Database;
}
/**
 * Authentication configuration.
 */
export interface Auth {
  oidc?: AuthOIDC;
  gitForgeA?: AuthGitForgeA;
  gitForgeB?: AuthGitForgeB;
  webIdentityA?: AuthWebIdentityA;
  webIdentityB?: AuthWebIdentityB;
  saml?: AuthSAML;
  password?: AuthPassword;
  /**
   * Additional connectors.
   */
  connectors?: AuthConnector[];
  /**
   * True prevents creating teams for new groups of a user at single sign-on login.
   *
   * @default false
   */
  disableTeamCreation?: boolean;
  /**
   * True prevents single sign-on from creating a user on first sign-in.
   *
   * @default false
   */
  disableUserCreation?: boolean;
  /**
   * Global maximum lifespan of an access key in seconds. 0 or unspecified disables it.
   *
   * @default 0
   */
  accessKeyMaxTTLSeconds?: number;
  /**
   * Seconds a login access key is kept before deletion. Unspecified means 20 days. 0 disables the TTL.
   *
   * @default 1728000
   */
  loginAccessKeyTTLSeconds?: number;
  /**
   * Headers set on the authentication endpoints.
   */
  customHttpHeaders?: {
    [k: string]: string;
  };
  /**
   * Regular expressions; only matching single sign-on groups are saved into the user resource.
   */
  groupsFilters?: string[];
}
/**
 * OIDC provider login.
 */
export interface AuthOIDC {
  /**
   * URL the provider signs ID tokens as (the `iss` claim). Used for discovery.
   */
  issuerUrl?: string;
  /**
   * Client the token must be issued for.
   */
  clientId: string;
  /**
   * Secret used to obtain tokens.
   */
  clientSecret: string;
  /**
   * Platform callback URI (path ends in /auth/oidc/callback at the top level and in /auth/<connector id>/callback inside a connector).
   */
  redirectURI?: string;
  /**
   * Platform URI to go to after logout at the provider.
   */
  postLogoutRedirectURI?: string;
  /**
   * Path to a PEM root certificate of the provider.
   */
  caFile?: string;
  /**
   * Communicate without validating certificates.
   */
  insecureCa?: boolean;
  /**
   * Key holding the preferred-username claim.
   */
  preferredUsername?: string;
  /**
   * JWT field used as the platform username.
   */
  platformUsernameClaim?: string;
  /**
   * JWT field used as the user id.
   */
  usernameClaim?: string;
  /**
   * JWT field used as the e-mail.
   */
  emailClaim?: string;
  /**
   * Extra claims of interest, not part of User by default.
   */
  allowedExtraClaims?: string[];
  /**
   * Prefix added to the mapped username (for example `oidc:`).
   */
  usernamePrefix?: string;
  /**
   * ID-token field that fills the user's groups: a string or list of strings.
   */
  groupsClaim?: string;
  /**
   * If non-empty, access is denied unless the user is in at least one listed group.
   */
  groups?: string[];
  /**
   * Scopes sent. Empty means `email` and `profile`.
   *
   * @default ["email","profile"]
   */
  scopes?: string[];
  /**
   * Also populate user information from the UserInfo endpoint.
   */
  getUserInfo?: boolean;
  /**
   * Prefix added to mapped group names.
   */
  groupsPrefix?: string;
  /**
   * Type shown in the UI. Display only.
   */
  type?: string;
  /**
   * Value of the `resource` URL parameter on requests to the provider's token endpoint.
   */
  resource?: string;
}
/**
 * Git forge A login (a hosted git forge with organizations and teams).
 */
export interface AuthGitForgeA {
  /**
   * Client id.
   */
  clientId?: string;
  /**
   * Client secret.
   */
  clientSecret: string;
  /**
   * Platform callback URI (path ends in /auth/github/callback at the top level and in /auth/<connector id>/callback inside a connector).
   */
  redirectURI: string;
  /**
   * Organizations queried for groups (group claims `(org):(team)`). If set, the user must belong to at least one listed org.
   */
  orgs?: AuthGitForgeAOrg[];
  /**
   * Enterprise variant only: host name of the enterprise account. Must be routable.
   */
  hostName?: string;
  /**
   * Enterprise variant only: root certificate for self-signed or untrusted CAs.
   */
  rootCA?: string;
}
/**
 * An organization.
 */
export interface AuthGitForgeAOrg {
  /**
   * Full organization name, not slug.
   */
  name?: string;
  /**
   * The user must be in at least one listed team. If omitted every member of the org may authenticate.
   */
  teams?: string[];
}
/**
 * Git forge B login (a hosted git forge with groups).
 */
export interface AuthGitForgeB {
  /**
   * Client id.
   */
  clientId: string;
  /**
   * Client secret.
   */
  clientSecret: string;
  /**
   * Platform callback URI (path ends in /auth/gitlab/callback at the top level and in /auth/<connector id>/callback inside a connector).
   */
  redirectURI: string;
  /**
   * Base URL. Default is the public hosted instance of the forge.
   */
  baseURL?: string;
  /**
   * Whitelist via the `groups` scope: only listed groups enter the groups claim, and a user in none of them is not authenticated.
   */
  groups?: string[];
}
/**
 * Web identity provider A login (hosted domains).
 */
export interface AuthWebIdentityA {
  /**
   * Client id.
   */
  clientId: string;
  /**
   * Client secret.
   */
  clientSecret: string;
  /**
   * Platform callback URI (path ends in /auth/google/callback at the top level and in /auth/<connector id>/callback inside a connector).
   */
  redirectURI: string;
  /**
   * Scopes. Defaults to `profile` and `email`.
   *
   * @default ["profile","email"]
   */
  scopes?: string[];
  /**
   * If non-empty, only users of a listed domain may log in.
   */
  hostedDomains?: string[];
  /**
   * If non-empty, only users of a listed group may log in.
   */
  groups?: string[];
  /**
   * Path to a service-account file, used with the directory API to check groups.
   */
  serviceAccountFilePath?: string;
  /**
   * Required when serviceAccountFilePath is set: e-mail of a super user the service account impersonates when listing groups.
   */
  adminEmail?: string;
}
/**
 * Web identity provider B login (tenants).
 */
export interface AuthWebIdentityB {
  /**
   * Client id.
   */
  clientId: string;
  /**
   * Client secret.
   */
  clientSecret: string;
  /**
   * Platform callback URI (path ends in /auth/microsoft/callback at the top level and in /auth/<connector id>/callback inside a connector).
   */
  redirectURI: string;
  /**
   * Which accounts may authenticate: `common` (personal and business/school), `consumers`, `organizations`, or a tenant uuid or name.
   *
   * @default "common"
   */
  tenant?: string;
  /**
   * The user must be a member of a listed group to authenticate.
   */
  groups?: string[];
  /**
   * Restrict the list to security groups.
   *
   * @default false
   */
  onlySecurityGroups?: boolean;
  /**
   * Restrict the groups claims to the user's groups that are in the configured groups.
   */
  useGroupsAsWhitelist?: boolean;
}
/**
 * SAML login.
 */
export interface AuthSAML {
  /**
   * Platform callback URI (path ends in /auth/saml/callback at the top level and in /auth/<connector id>/callback inside a connector).
   */
  redirectURI?: string;
  /**
   * SSO URL used for the POST value.
   */
  ssoURL?: string;
  /**
   * Base64 CA certificate for validating the response signature. One of caData, ca or insecureSkipSignatureValidation must be defined.
   */
  caData?: string;
  /**
   * CA used to validate the response signature.
   */
  ca?: string;
  /**
   * Ignore the CA certificate.
   */
  insecureSkipSignatureValidation?: boolean;
  /**
   * Assertion attribute mapped to the username.
   */
  usernameAttr?: string;
  /**
   * Assertion attribute mapped to the e-mail.
   */
  emailAttr?: string;
  /**
   * Assertion attribute mapped to groups.
   */
  groupsAttr?: string;
  /**
   * Sent as Issuer in the AuthnRequest; replaces redirectURI as the required audience when checking AudienceRestriction.
   */
  entityIssuer?: string;
  /**
   * Issuer expected in the response.
   */
  ssoIssuer?: string;
  /**
   * If given, groups are a single string split by this delimiter.
   */
  groupsDelim?: string;
  /**
   * Groups used to filter access by membership.
   */
  allowedGroups?: string[];
  /**
   * With allowedGroups, only the allowed groups are forwarded.
   */
  filterGroups?: boolean;
  /**
   * Requested NameID format, mapped to the `sub` claim. The last component alone (for example `emailAddress`) is accepted.
   *
   * @default "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent"
   */
  nameIDPolicyFormat?: string;
}
/**
 * Password login.
 */
export interface AuthPassword {
  /**
   * True disables password login.
   *
   * @default false
   */
  disabled?: boolean;
}
/**
 * An additional connector: an id, a display name and one or more provider objects.
 */
export interface AuthConnector {
  /**
   * Id shown in the URL (/auth/<id>/callback).
   */
  id?: string;
  /**
   * Name shown in the UI.
   */
  displayName?: string;
  oidc?: AuthConnectorOIDC;
  gitForgeA?: AuthGitForgeA;
  gitForgeB?: AuthGitForgeB;
  webIdentityA?: AuthWebIdentityA;
  webIdentityB?: AuthWebIdentityB;
  saml?: AuthSAML;
}
/**
 * OIDC provider login.
 */
export interface AuthConnectorOIDC {
  /**
   * URL the provider signs ID tokens as (the `iss` claim). Used for discovery.
   */
  issuerUrl?: string;
  /**
   * Client the token must be issued for.
   */
  clientId?: string;
  /**
   * Secret used to obtain tokens.
   */
  clientSecret?: string;
  /**
   * Platform callback URI (path ends in /auth/oidc/callback at the top level and in /auth/<connector id>/callback inside a connector).
   */
  redirectURI?: string;
  /**
   * Platform URI to go to after logout at the provider.
   */
  postLogoutRedirectURI?: string;
  /**
   * Path to a PEM root certificate of the provider.
   */
  caFile?: string;
  /**
   * Communicate without validating certificates.
   */
  insecureCa?: boolean;
  /**
   * Key holding the preferred-username claim.
   */
  preferredUsername?: string;
  /**
   * JWT field used as the platform username.
   */
  platformUsernameClaim?: string;
  /**
   * JWT field used as the user id.
   */
  usernameClaim?: string;
  /**
   * JWT field used as the e-mail.
   */
  emailClaim?: string;
  /**
   * Extra claims of interest, not part of User by default.
   */
  allowedExtraClaims?: string[];
  /**
   * Prefix added to the mapped username (for example `oidc:`).
   */
  usernamePrefix?: string;
  /**
   * ID-token field that fills the user's groups: a string or list of strings.
   */
  groupsClaim?: string;
  /**
   * If non-empty, access is denied unless the user is in at least one listed group.
   */
  groups?: string[];
  /**
   * Scopes sent. Empty means `email` and `profile`.
   *
   * @default ["email","profile"]
   */
  scopes?: string[];
  /**
   * Also populate user information from the UserInfo endpoint.
   */
  getUserInfo?: boolean;
  /**
   * Prefix added to mapped group names.
   */
  groupsPrefix?: string;
  /**
   * Type shown in the UI. Display only.
   */
  type?: string;
  /**
   * Value of the `resource` URL parameter on requests to the provider's token endpoint.
   */
  resource?: string;
}
/**
 * Deprecated. The platform acting as an OIDC provider; configure OIDC clients through the client UI or a secret instead.
 *
 * @deprecated
 */
export interface OIDCServer {
  /**
   * True makes the platform act as an OIDC server.
   */
  enabled?: boolean;
  /**
   * True allows the wildcard character in client redirectURIs.
   */
  wildcardRedirect?: boolean;
  /**
   * Clients allowed to request tokens.
   */
  clients?: OIDCClient[];
}
/**
 * An OIDC client.
 */
export interface OIDCClient {
  /**
   * Name of the client.
   */
  name?: string;
  /**
   * Client id.
   */
  clientId?: string;
  /**
   * Client secret.
   */
  clientSecret?: string;
  /**
   * The requested redirect must match one of these unless the client is public.
   */
  redirectURIs: string[];
}
/**
 * App configuration.
 */
export interface Apps {
  /**
   * True means the default apps are not parsed.
   */
  noDefault?: boolean;
  /**
   * Extra chart repositories.
   */
  repositories?: AppRepository[];
  /**
   * Apps selectable in the space menu.
   */
  predefinedApps?: PredefinedApp[];
}
/**
 * A chart repository.
 */
export interface AppRepository {
  /**
   * Name of the repository.
   */
  name?: string;
  /**
   * URL of the repository.
   */
  url?: string;
  /**
   * Username for the repository.
   */
  username?: string;
  /**
   * Password for the repository.
   */
  password?: string;
  /**
   * Retrieve charts without TLS verification.
   */
  insecure?: boolean;
}
/**
 * A predefined app.
 */
export interface PredefinedApp {
  /**
   * repo/chart name.
   */
  chart?: string;
  /**
   * Preselected version.
   */
  initialVersion?: string;
  /**
   * Prefilled values (YAML text); UI placeholders may be used.
   */
  initialValues?: string;
  /**
   * Clusters where the app is shown.
   */
  clusters?: string[];
  /**
   * Title shown. Defaults to the chart name.
   */
  title?: string;
  /**
   * Icon URL. Defaults to the icon of the chart metadata.
   */
  iconUrl?: string;
  /**
   * Readme URL. Defaults to a constructed public chart-hub URL.
   */
  readmeUrl?: string;
}
/**
 * Audit configuration.
 */
export interface Audit {
  /**
   * When true, incoming API requests are logged according to the policy.
   */
  enabled?: boolean;
  /**
   * True means the agent does not send audit logs back to the platform.
   */
  disableAgentSyncBack?: boolean;
  /**
   * Optional log level. Cannot be used together with policy.
   */
  level?: number;
  policy?: AuditPolicy;
  /**
   * Endpoint to store events in.
   */
  dataStoreEndpoint?: string;
  /**
   * Maximum hours to retain old events in the data store.
   */
  dataStoreTTL?: number;
  /**
   * Directory of audit log files. Required when audit is enabled.
   */
  path?: string;
  /**
   * Maximum days to retain old log files. Default: no age-based removal.
   */
  maxAge?: number;
  /**
   * Maximum old log files retained. Default: all.
   */
  maxBackups?: number;
  /**
   * Maximum megabytes before rotation.
   *
   * @default 100
   */
  maxSize?: number;
  /**
   * Gzip rotated files.
   *
   * @default false
   */
  compress?: boolean;
}
/**
 * Audit policy. By default nothing is logged.
 */
export interface AuditPolicy {
  /**
   * Ordered rules; the first matching rule applies. The default level is None unless a final catch-all rule sets another.
   */
  rules?: AuditPolicyRule[];
  /**
   * Stages for which no events are created.
   *
   * Items: An audit stage.
   */
  omitStages?: ('RequestReceived' | 'ResponseStarted' | 'ResponseComplete' | 'Panic')[];
}
/**
 * An audit policy rule. The first matching rule applies.
 */
export interface AuditPolicyRule {
  /**
   * Level at which matching requests are recorded.
   */
  level: 'None' | 'Metadata' | 'Request' | 'RequestResponse';
  /**
   * Authenticated user names. Empty means all.
   */
  users?: string[];
  /**
   * Matches members of any listed group. Empty means all.
   */
  userGroups?: string[];
  /**
   * Verbs. Empty means all verbs.
   */
  verbs?: string[];
  /**
   * Resources matched. Empty list means all kinds in all groups.
   */
  resources?: AuditGroupResources[];
  /**
   * Namespaces. The empty string matches non-namespaced resources. Empty list means all namespaces.
   */
  namespaces?: string[];
  /**
   * URL paths to audit. A wildcard is allowed only as the full final path step.
   */
  nonResourceURLs?: string[];
  /**
   * Stages for which no events are created. Unioned with the policy-wide list.
   *
   * Items: An audit stage.
   */
  omitStages?: ('RequestReceived' | 'ResponseStarted' | 'ResponseComplete' | 'Panic')[];
  /**
   * Request targets for which events are created. Empty means all.
   */
  requestTargets?: string[];
  /**
   * Clusters matched. Applies only to cluster requests; when set, no events for non-cluster requests are created.
   */
  clusters?: string[];
}
/**
 * Resource kinds in an API group.
 */
export interface AuditGroupResources {
  /**
   * API group. The empty string is the core group.
   */
  group?: string;
  /**
   * Resources (names, subresource forms and wildcards). Empty means all.
   */
  resources?: string[];
  /**
   * Resource instance names; requires resources. Empty means all instances.
   */
  resourceNames?: string[];
}
/**
 * UI customization.
 */
export interface UISettings {
  /**
   * Current platform version.
   */
  platformVersion?: string;
  /**
   * URL of the logo. Must be reachable by clients of the UI.
   */
  logoURL?: string;
  /**
   * URL of the favicon. Must be reachable by clients of the UI.
   */
  faviconURL?: string;
  /**
   * URL of the small logo. Must be reachable by clients of the UI.
   */
  smallLogoURL?: string;
  /**
   * Color value of the logo background.
   */
  logoBackgroundColor?: string;
  /**
   * Primary color value.
   */
  primaryColor?: string;
  /**
   * Sidebar color value.
   */
  sidebarColor?: string;
  /**
   * Accent color value.
   */
  accentColor?: string;
  /**
   * HTML text shown to users when authenticating.
   */
  legalTemplate?: string;
  /**
   * URLs of extra CSS files loaded by the UI.
   */
  customCss?: string[];
  /**
   * URLs of extra JavaScript files loaded by the UI.
   */
  customJavaScript?: string[];
  /**
   * Extra nav bar buttons.
   */
  navBarButtons?: NavBarButton[];
  externalURLs?: ExternalURLs;
}
/**
 * A nav bar button.
 */
export interface NavBarButton {
  /**
   * Position of the button.
   *
   * @default "BottomEnd"
   */
  position?: 'TopStart' | 'TopEnd' | 'BottomStart' | 'BottomEnd';
  /**
   * Text of the button.
   */
  text?: string;
  /**
   * Link of the button.
   */
  link?: string;
  /**
   * Icon URL.
   */
  icon?: string;
}
/**
 * External URLs the UI may call.
 */
export interface ExternalURLs {
  /**
   * Block UI requests to external URLs.
   */
  block?: boolean;
  /**
   * URLs (or predefined module names) the UI may call. Active only when block is true.
   */
  allow?: string[];
}
/**
 * Vault integration.
 */
export interface Vault {
  /**
   * Enables syncing secrets to or from the vault.
   */
  enabled?: boolean;
  /**
   * Vault address. Falls back to the environment variable for the vault address.
   */
  address?: string;
  /**
   * Skip TLS verification.
   */
  skipTLSVerify?: boolean;
  /**
   * Namespace for storing secrets.
   */
  namespace?: string;
  auth?: VaultAuth;
  /**
   * Interval of syncing from the vault, Go duration format.
   *
   * @default "1m"
   */
  syncInterval?: string;
}
/**
 * Vault authentication.
 */
export interface VaultAuth {
  /**
   * Vault token.
   */
  token?: string;
  tokenSecretRef?: VaultTokenSecretRef;
}
/**
 * Secret holding the token; used when token is not given.
 */
export interface VaultTokenSecretRef {
  /**
   * Name of the secret.
   */
  name?: string;
  /**
   * Key of the token in the secret data.
   */
  key: string;
  /**
   * Whether the secret or its key must exist.
   */
  optional?: boolean;
}
/**
 * Settings for hosted cloud deployments only.
 */
export interface Cloud {
  /**
   * Release channel that decides which updates apply.
   */
  releaseChannel?: string;
  maintenanceWindow?: MaintenanceWindow;
}
/**
 * Maintenance window.
 */
export interface MaintenanceWindow {
  /**
   * Day name, for example `Sunday`.
   */
  dayOfWeek?: string;
  /**
   * 24-hour range in UTC, form HH:MM-HH:MM.
   */
  timeWindow?: string;
}
/**
 * Cost-control ROI dashboard and its metrics infrastructure.
 */
export interface CostControl {
  /**
   * Whether the ROI dashboard is available and its metrics infrastructure is deployed.
   */
  enabled?: boolean;
  global?: CostControlGlobal;
  cluster?: CostControlCluster;
  settings?: CostControlSettings;
}
/**
 * Globally managed components.
 */
export interface CostControlGlobal {
  metrics?: Metrics;
}
/**
 * Metrics infrastructure.
 */
export interface Metrics {
  /**
   * Number of replicas.
   */
  replicas?: number;
  resources?: ResourceRequirements;
  /**
   * Retention of the metrics, for example `1y` or `30d`.
   *
   * @default "1y"
   */
  retention?: string;
  storage?: MetricsStorage;
}
/**
 * Compute resources.
 */
export interface ResourceRequirements {
  /**
   * Maximum compute resources, by resource name (for example `cpu: 1`, `memory: 1Gi`).
   */
  limits?: {
    [k: string]: unknown;
  };
  /**
   * Minimum compute resources. Default to limits if only limits are set. Cannot exceed limits.
   */
  requests?: {
    [k: string]: unknown;
  };
  /**
   * Resource claims of the pod this container uses.
   */
  claims?: ResourceClaim[];
}
/**
 * A resource claim.
 */
export interface ResourceClaim {
  /**
   * Name of a resource claim of the pod.
   */
  name: string;
  /**
   * Request within the claim. Empty means the whole claim.
   */
  request?: string;
}
/**
 * Storage of the metrics.
 */
export interface MetricsStorage {
  /**
   * Storage class of the volume claim. `-` and the empty string disable dynamic provisioning; undefined or null uses the cluster default storage class.
   */
  storageClass?: string;
  /**
   * Size of the volume, a quantity such as `50Gi`.
   */
  size?: string;
}
/**
 * Each connected cluster's managed components, overridable in a Cluster spec.
 */
export interface CostControlCluster {
  metrics?: Metrics;
  opencost?: OpenCost;
}
/**
 * Per-cluster cost backend, overridable in a Cluster spec.
 */
export interface OpenCost {
  /**
   * Number of replicas.
   */
  replicas?: number;
  resources?: ResourceRequirements;
}
/**
 * Price settings used by the ROI dashboard.
 */
export interface CostControlSettings {
  /**
   * Currency of the prices, an ISO 4217 code such as `USD`.
   */
  priceCurrency?: string;
  averageCPUPricePerNode?: CostControlResourcePrice;
  averageRAMPricePerNode?: CostControlResourcePrice;
  controlPlanePricePerCluster?: CostControlResourcePrice;
  gpuSettings?: CostControlGPUSettings;
}
/**
 * A price and the time period it is for.
 */
export interface CostControlResourcePrice {
  /**
   * The price.
   */
  price?: number;
  /**
   * Time period the price is for.
   */
  timePeriod?: string;
}
/**
 * GPU settings.
 */
export interface CostControlGPUSettings {
  /**
   * Whether GPU settings are available in the UI.
   */
  enabled?: boolean;
  averageGPUPrice?: CostControlResourcePrice;
}
/**
 * Postgres database used by the platform.
 */
export interface PlatformDB {
  /**
   * Storage class of the volume claim. `-` and the empty string disable dynamic provisioning; undefined or null uses the cluster default storage class.
   */
  storageClass?: string;
}
/**
 * Remote image builder.
 */
export interface ImageBuilder {
  /**
   * Whether the remote image builder is available. When unavailable, building ad-hoc images from a devcontainer file is unsupported.
   */
  enabled?: boolean;
  /**
   * Number of replicas.
   */
  replicas?: number;
  resources?: ResourceRequirements;
}
/**
 * Database connection for an embedded backend built on a key-value shim.
 */
export interface Database {
  /**
   * Whether the database is used.
   */
  enabled?: boolean;
  /**
   * Data source in the database URL format (for example a mysql or postgres URL).
   */
  dataSource?: string;
  /**
   * Provider used to generate temporary auth tokens (for example cloud database IAM auth).
   */
  identityProvider?: string;
  /**
   * Key file for the database.
   */
  keyFile?: string;
  /**
   * Certificate file for the database.
   */
  certFile?: string;
  /**
   * CA file for the database.
   */
  caFile?: string;
  /**
   * Extra arguments for the key-value shim.
   */
  extraArgs?: string[];
}
