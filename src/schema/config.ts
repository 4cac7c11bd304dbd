/** JSON Schema of a `Config` document (`management.platform/v1`): `spec.raw` and the parsed config in `status`. */
import {
  arr,
  bool,
  int,
  num,
  obj,
  objectMetaSchema,
  str,
  strArray,
  strEnum,
  strMap,
  typeMetaProperties,
  type JsonSchema,
} from './metadata.js';

// ---------------------------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------------------------

export const AUDIT_LEVELS: readonly string[] = ['None', 'Metadata', 'Request', 'RequestResponse'];
export const AUDIT_STAGES: readonly string[] = ['RequestReceived', 'ResponseStarted', 'ResponseComplete', 'Panic'];
export const NAV_BAR_POSITIONS: readonly string[] = ['TopStart', 'TopEnd', 'BottomStart', 'BottomEnd'];

/**
 * Values of resource `limits`/`requests`: Kubernetes quantities, written as a string (`500m`, `1Gi`) or a number
 * (`cpu: 1`). The schema leaves the value unconstrained on purpose: `type: [string, number]` is a union type that
 * ajv refuses under `strict: true` (without `allowUnionTypes`), and `anyOf` is banned. The `resources/quantities`
 * rule checks the values and says what a quantity looks like.
 */
function quantityMap(description: string): JsonSchema {
  return { type: 'object', description, additionalProperties: {} };
}

/** The compute `resources` object (cost-control metrics and opencost, image builder). */
export const resourceRequirementsSchema: JsonSchema = obj(
  'Compute resources.',
  {
    limits: quantityMap('Maximum compute resources, by resource name (for example `cpu: 1`, `memory: 1Gi`).'),
    requests: quantityMap(
      'Minimum compute resources. Default to limits if only limits are set. Cannot exceed limits.',
    ),
    claims: arr(
      'Resource claims of the pod this container uses.',
      obj(
        'A resource claim.',
        {
          name: str('Name of a resource claim of the pod.'),
          request: str('Request within the claim. Empty means the whole claim.'),
        },
        ['name'],
        'ResourceClaim',
      ),
    ),
  },
  [],
  'ResourceRequirements',
);

const storageClass = str(
  'Storage class of the volume claim. `-` and the empty string disable dynamic provisioning; undefined or null uses the cluster default storage class.',
);

// ---------------------------------------------------------------------------------------------------------------
// status.auth: providers. Each is written once; the connector variants differ only where the spec says so.
// ---------------------------------------------------------------------------------------------------------------

function redirectURI(callback: string): JsonSchema {
  return str(
    `Platform callback URI (path ends in ${callback} at the top level and in /auth/<connector id>/callback inside a connector).`,
  );
}

/** The `oidc` provider: `clientId`, `clientSecret` are required at the top level and optional in a connector. */
export function oidcAuthSchema(inConnector: boolean): JsonSchema {
  return obj(
    'OIDC provider login.',
    {
      issuerUrl: str(
        'URL the provider signs ID tokens as (the `iss` claim). Used for discovery.',
      ),
      clientId: str('Client the token must be issued for.'),
      clientSecret: str('Secret used to obtain tokens.'),
      redirectURI: redirectURI('/auth/oidc/callback'),
      postLogoutRedirectURI: str('Platform URI to go to after logout at the provider.'),
      caFile: str('Path to a PEM root certificate of the provider.'),
      insecureCa: bool('Communicate without validating certificates.'),
      preferredUsername: str('Key holding the preferred-username claim.'),
      platformUsernameClaim: str('JWT field used as the platform username.'),
      usernameClaim: str('JWT field used as the user id.'),
      emailClaim: str('JWT field used as the e-mail.'),
      allowedExtraClaims: strArray('Extra claims of interest, not part of User by default.'),
      usernamePrefix: str('Prefix added to the mapped username (for example `oidc:`).'),
      groupsClaim: str("ID-token field that fills the user's groups: a string or list of strings."),
      groups: strArray('If non-empty, access is denied unless the user is in at least one listed group.'),
      scopes: strArray('Scopes sent. Empty means `email` and `profile`.', ['email', 'profile']),
      getUserInfo: bool('Also populate user information from the UserInfo endpoint.'),
      groupsPrefix: str('Prefix added to mapped group names.'),
      type: str('Type shown in the UI. Display only.'),
      resource: str("Value of the `resource` URL parameter on requests to the provider's token endpoint."),
    },
    inConnector ? [] : ['clientId', 'clientSecret'],
    inConnector ? 'AuthConnectorOIDC' : 'AuthOIDC',
  );
}

/** `gitForgeA`: `clientId` is optional at the top level and in a connector alike. */
export const gitForgeAAuthSchema: JsonSchema = obj(
  'Git forge A login (a hosted git forge with organizations and teams).',
  {
    clientId: str('Client id.'),
    clientSecret: str('Client secret.'),
    redirectURI: redirectURI('/auth/github/callback'),
    orgs: arr(
      'Organizations queried for groups (group claims `(org):(team)`). If set, the user must belong to at least one listed org.',
      obj(
        'An organization.',
        {
          name: str('Full organization name, not slug.'),
          teams: strArray(
            'The user must be in at least one listed team. If omitted every member of the org may authenticate.',
          ),
        },
        [],
        'AuthGitForgeAOrg',
      ),
    ),
    hostName: str('Enterprise variant only: host name of the enterprise account. Must be routable.'),
    rootCA: str('Enterprise variant only: root certificate for self-signed or untrusted CAs.'),
  },
  ['clientSecret', 'redirectURI'],
  'AuthGitForgeA',
);

export const gitForgeBAuthSchema: JsonSchema = obj(
  'Git forge B login (a hosted git forge with groups).',
  {
    clientId: str('Client id.'),
    clientSecret: str('Client secret.'),
    redirectURI: redirectURI('/auth/gitlab/callback'),
    baseURL: str('Base URL. Default is the public hosted instance of the forge.'),
    groups: strArray(
      'Whitelist via the `groups` scope: only listed groups enter the groups claim, and a user in none of them is not authenticated.',
    ),
  },
  ['clientId', 'clientSecret', 'redirectURI'],
  'AuthGitForgeB',
);

export const webIdentityAAuthSchema: JsonSchema = obj(
  'Web identity provider A login (hosted domains).',
  {
    clientId: str('Client id.'),
    clientSecret: str('Client secret.'),
    redirectURI: redirectURI('/auth/google/callback'),
    scopes: strArray('Scopes. Defaults to `profile` and `email`.', ['profile', 'email']),
    hostedDomains: strArray('If non-empty, only users of a listed domain may log in.'),
    groups: strArray('If non-empty, only users of a listed group may log in.'),
    serviceAccountFilePath: str(
      'Path to a service-account file, used with the directory API to check groups.',
    ),
    adminEmail: str(
      'Required when serviceAccountFilePath is set: e-mail of a super user the service account impersonates when listing groups.',
    ),
  },
  ['clientId', 'clientSecret', 'redirectURI'],
  'AuthWebIdentityA',
);

export const webIdentityBAuthSchema: JsonSchema = obj(
  'Web identity provider B login (tenants).',
  {
    clientId: str('Client id.'),
    clientSecret: str('Client secret.'),
    redirectURI: redirectURI('/auth/microsoft/callback'),
    tenant: str(
      'Which accounts may authenticate: `common` (personal and business/school), `consumers`, `organizations`, or a tenant uuid or name.',
      'common',
    ),
    groups: strArray('The user must be a member of a listed group to authenticate.'),
    onlySecurityGroups: bool('Restrict the list to security groups.', false),
    useGroupsAsWhitelist: bool("Restrict the groups claims to the user's groups that are in the configured groups."),
  },
  ['clientId', 'clientSecret', 'redirectURI'],
  'AuthWebIdentityB',
);

/** `saml`: the required fields (`ssoURL`, `redirectURI`, ...) are checked by a rule, not by the schema. */
export const samlAuthSchema: JsonSchema = obj(
  'SAML login.',
  {
    redirectURI: redirectURI('/auth/saml/callback'),
    ssoURL: str('SSO URL used for the POST value.'),
    caData: str(
      'Base64 CA certificate for validating the response signature. One of caData, ca or insecureSkipSignatureValidation must be defined.',
    ),
    ca: str('CA used to validate the response signature.'),
    insecureSkipSignatureValidation: bool('Ignore the CA certificate.'),
    usernameAttr: str('Assertion attribute mapped to the username.'),
    emailAttr: str('Assertion attribute mapped to the e-mail.'),
    groupsAttr: str('Assertion attribute mapped to groups.'),
    entityIssuer: str(
      'Sent as Issuer in the AuthnRequest; replaces redirectURI as the required audience when checking AudienceRestriction.',
    ),
    ssoIssuer: str('Issuer expected in the response.'),
    groupsDelim: str('If given, groups are a single string split by this delimiter.'),
    allowedGroups: strArray('Groups used to filter access by membership.'),
    filterGroups: bool('With allowedGroups, only the allowed groups are forwarded.'),
    nameIDPolicyFormat: str(
      'Requested NameID format, mapped to the `sub` claim. The last component alone (for example `emailAddress`) is accepted.',
      'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
    ),
  },
  [],
  'AuthSAML',
);

export const authConnectorSchema: JsonSchema = obj(
  'An additional connector: an id, a display name and one or more provider objects.',
  {
    id: str('Id shown in the URL (/auth/<id>/callback).'),
    displayName: str('Name shown in the UI.'),
    oidc: oidcAuthSchema(true),
    gitForgeA: gitForgeAAuthSchema,
    gitForgeB: gitForgeBAuthSchema,
    webIdentityA: webIdentityAAuthSchema,
    webIdentityB: webIdentityBAuthSchema,
    saml: samlAuthSchema,
  },
  [],
  'AuthConnector',
);

export const authSchema: JsonSchema = obj(
  'Authentication configuration.',
  {
    oidc: oidcAuthSchema(false),
    gitForgeA: gitForgeAAuthSchema,
    gitForgeB: gitForgeBAuthSchema,
    webIdentityA: webIdentityAAuthSchema,
    webIdentityB: webIdentityBAuthSchema,
    saml: samlAuthSchema,
    password: obj('Password login.', { disabled: bool('True disables password login.', false) }, [], 'AuthPassword'),
    connectors: arr('Additional connectors.', authConnectorSchema),
    disableTeamCreation: bool(
      'True prevents creating teams for new groups of a user at single sign-on login.',
      false,
    ),
    disableUserCreation: bool('True prevents single sign-on from creating a user on first sign-in.', false),
    accessKeyMaxTTLSeconds: int(
      'Global maximum lifespan of an access key in seconds. 0 or unspecified disables it.',
      0,
    ),
    loginAccessKeyTTLSeconds: int(
      'Seconds a login access key is kept before deletion. Unspecified means 20 days. 0 disables the TTL.',
      1728000,
    ),
    customHttpHeaders: strMap('Headers set on the authentication endpoints.'),
    groupsFilters: strArray(
      'Regular expressions; only matching single sign-on groups are saved into the user resource.',
    ),
  },
  [],
  'Auth',
);

// ---------------------------------------------------------------------------------------------------------------
// The rest of status
// ---------------------------------------------------------------------------------------------------------------

export const oidcServerSchema: JsonSchema = obj(
  'Deprecated. The platform acting as an OIDC provider; configure OIDC clients through the client UI or a secret instead.',
  {
    enabled: bool('True makes the platform act as an OIDC server.'),
    wildcardRedirect: bool('True allows the wildcard character in client redirectURIs.'),
    clients: arr(
      'Clients allowed to request tokens.',
      obj(
        'An OIDC client.',
        {
          name: str('Name of the client.'),
          clientId: str('Client id.'),
          clientSecret: str('Client secret.'),
          redirectURIs: strArray('The requested redirect must match one of these unless the client is public.'),
        },
        ['redirectURIs'],
        'OIDCClient',
      ),
    ),
  },
  [],
  'OIDCServer',
);

export const appsSchema: JsonSchema = obj(
  'App configuration.',
  {
    noDefault: bool('True means the default apps are not parsed.'),
    repositories: arr(
      'Extra chart repositories.',
      obj(
        'A chart repository.',
        {
          name: str('Name of the repository.'),
          url: str('URL of the repository.'),
          username: str('Username for the repository.'),
          password: str('Password for the repository.'),
          insecure: bool('Retrieve charts without TLS verification.'),
        },
        [],
        'AppRepository',
      ),
    ),
    predefinedApps: arr(
      'Apps selectable in the space menu.',
      obj(
        'A predefined app.',
        {
          chart: str('repo/chart name.'),
          initialVersion: str('Preselected version.'),
          initialValues: str('Prefilled values (YAML text); UI placeholders may be used.'),
          clusters: strArray('Clusters where the app is shown.'),
          title: str('Title shown. Defaults to the chart name.'),
          iconUrl: str('Icon URL. Defaults to the icon of the chart metadata.'),
          readmeUrl: str('Readme URL. Defaults to a constructed public chart-hub URL.'),
        },
        [],
        'PredefinedApp',
      ),
    ),
  },
  [],
  'Apps',
);

function stages(description: string): JsonSchema {
  return { type: 'array', description, items: strEnum([...AUDIT_STAGES], 'An audit stage.') };
}

export const auditPolicyRuleSchema: JsonSchema = obj(
  'An audit policy rule. The first matching rule applies.',
  {
    level: strEnum([...AUDIT_LEVELS], 'Level at which matching requests are recorded.'),
    users: strArray('Authenticated user names. Empty means all.'),
    userGroups: strArray('Matches members of any listed group. Empty means all.'),
    verbs: strArray('Verbs. Empty means all verbs.'),
    resources: arr(
      'Resources matched. Empty list means all kinds in all groups.',
      obj(
        'Resource kinds in an API group.',
        {
          group: str('API group. The empty string is the core group.'),
          resources: strArray('Resources (names, subresource forms and wildcards). Empty means all.'),
          resourceNames: strArray('Resource instance names; requires resources. Empty means all instances.'),
        },
        [],
        'AuditGroupResources',
      ),
    ),
    namespaces: strArray(
      'Namespaces. The empty string matches non-namespaced resources. Empty list means all namespaces.',
    ),
    nonResourceURLs: strArray('URL paths to audit. A wildcard is allowed only as the full final path step.'),
    omitStages: stages('Stages for which no events are created. Unioned with the policy-wide list.'),
    requestTargets: strArray('Request targets for which events are created. Empty means all.'),
    clusters: strArray(
      'Clusters matched. Applies only to cluster requests; when set, no events for non-cluster requests are created.',
    ),
  },
  ['level'],
  'AuditPolicyRule',
);

export const auditSchema: JsonSchema = obj(
  'Audit configuration.',
  {
    enabled: bool('When true, incoming API requests are logged according to the policy.'),
    disableAgentSyncBack: bool('True means the agent does not send audit logs back to the platform.'),
    level: int('Optional log level. Cannot be used together with policy.'),
    policy: obj(
      'Audit policy. By default nothing is logged.',
      {
        rules: arr(
          'Ordered rules; the first matching rule applies. The default level is None unless a final catch-all rule sets another.',
          auditPolicyRuleSchema,
        ),
        omitStages: stages('Stages for which no events are created.'),
      },
      [],
      'AuditPolicy',
    ),
    dataStoreEndpoint: str('Endpoint to store events in.'),
    dataStoreTTL: int('Maximum hours to retain old events in the data store.'),
    path: str('Directory of audit log files. Required when audit is enabled.'),
    maxAge: int('Maximum days to retain old log files. Default: no age-based removal.'),
    maxBackups: int('Maximum old log files retained. Default: all.'),
    maxSize: int('Maximum megabytes before rotation.', 100),
    compress: bool('Gzip rotated files.', false),
  },
  [],
  'Audit',
);

export const uiSettingsSchema: JsonSchema = obj(
  'UI customization.',
  {
    platformVersion: str('Current platform version.'),
    logoURL: str('URL of the logo. Must be reachable by clients of the UI.'),
    faviconURL: str('URL of the favicon. Must be reachable by clients of the UI.'),
    smallLogoURL: str('URL of the small logo. Must be reachable by clients of the UI.'),
    logoBackgroundColor: str('Color value of the logo background.'),
    primaryColor: str('Primary color value.'),
    sidebarColor: str('Sidebar color value.'),
    accentColor: str('Accent color value.'),
    legalTemplate: str('HTML text shown to users when authenticating.'),
    customCss: strArray('URLs of extra CSS files loaded by the UI.'),
    customJavaScript: strArray('URLs of extra JavaScript files loaded by the UI.'),
    navBarButtons: arr(
      'Extra nav bar buttons.',
      obj(
        'A nav bar button.',
        {
          position: strEnum([...NAV_BAR_POSITIONS], 'Position of the button.', 'BottomEnd'),
          text: str('Text of the button.'),
          link: str('Link of the button.'),
          icon: str('Icon URL.'),
        },
        [],
        'NavBarButton',
      ),
    ),
    externalURLs: obj(
      'External URLs the UI may call.',
      {
        block: bool('Block UI requests to external URLs.'),
        allow: strArray(
          'URLs (or predefined module names) the UI may call. Active only when block is true.',
        ),
      },
      [],
      'ExternalURLs',
    ),
  },
  [],
  'UISettings',
);

export const vaultSchema: JsonSchema = obj(
  'Vault integration.',
  {
    enabled: bool('Enables syncing secrets to or from the vault.'),
    address: str('Vault address. Falls back to the environment variable for the vault address.'),
    skipTLSVerify: bool('Skip TLS verification.'),
    namespace: str('Namespace for storing secrets.'),
    auth: obj(
      'Vault authentication.',
      {
        token: str('Vault token.'),
        tokenSecretRef: obj(
          'Secret holding the token; used when token is not given.',
          {
            name: str('Name of the secret.'),
            key: str('Key of the token in the secret data.'),
            optional: bool('Whether the secret or its key must exist.'),
          },
          ['key'],
          'VaultTokenSecretRef',
        ),
      },
      [],
      'VaultAuth',
    ),
    syncInterval: str('Interval of syncing from the vault, Go duration format.', '1m'),
  },
  [],
  'Vault',
);

export const cloudSchema: JsonSchema = obj(
  'Settings for hosted cloud deployments only.',
  {
    releaseChannel: str('Release channel that decides which updates apply.'),
    maintenanceWindow: obj(
      'Maintenance window.',
      {
        dayOfWeek: str('Day name, for example `Sunday`.'),
        timeWindow: str('24-hour range in UTC, form HH:MM-HH:MM.'),
      },
      [],
      'MaintenanceWindow',
    ),
  },
  [],
  'Cloud',
);

export const metricsSchema: JsonSchema = obj(
  'Metrics infrastructure.',
  {
    replicas: int('Number of replicas.'),
    resources: resourceRequirementsSchema,
    retention: str('Retention of the metrics, for example `1y` or `30d`.', '1y'),
    storage: obj(
      'Storage of the metrics.',
      { storageClass, size: str('Size of the volume, a quantity such as `50Gi`.') },
      [],
      'MetricsStorage',
    ),
  },
  [],
  'Metrics',
);

export const opencostSchema: JsonSchema = obj(
  'Per-cluster cost backend, overridable in a Cluster spec.',
  { replicas: int('Number of replicas.'), resources: resourceRequirementsSchema },
  [],
  'OpenCost',
);

/** `averageCPUPricePerNode`, `averageRAMPricePerNode`, `controlPlanePricePerCluster`, `averageGPUPrice`. */
export const resourcePriceSchema: JsonSchema = obj(
  'A price and the time period it is for.',
  { price: num('The price.'), timePeriod: str('Time period the price is for.') },
  [],
  'CostControlResourcePrice',
);

export const costControlSchema: JsonSchema = obj(
  'Cost-control ROI dashboard and its metrics infrastructure.',
  {
    enabled: bool('Whether the ROI dashboard is available and its metrics infrastructure is deployed.'),
    global: obj(
      'Globally managed components.',
      { metrics: metricsSchema },
      [],
      'CostControlGlobal',
    ),
    cluster: obj(
      "Each connected cluster's managed components, overridable in a Cluster spec.",
      { metrics: metricsSchema, opencost: opencostSchema },
      [],
      'CostControlCluster',
    ),
    settings: obj(
      'Price settings used by the ROI dashboard.',
      {
        priceCurrency: str('Currency of the prices, an ISO 4217 code such as `USD`.'),
        averageCPUPricePerNode: resourcePriceSchema,
        averageRAMPricePerNode: resourcePriceSchema,
        controlPlanePricePerCluster: resourcePriceSchema,
        gpuSettings: obj(
          'GPU settings.',
          {
            enabled: bool('Whether GPU settings are available in the UI.'),
            averageGPUPrice: resourcePriceSchema,
          },
          [],
          'CostControlGPUSettings',
        ),
      },
      [],
      'CostControlSettings',
    ),
  },
  [],
  'CostControl',
);

export const databaseSchema: JsonSchema = obj(
  'Database connection for an embedded backend built on a key-value shim.',
  {
    enabled: bool('Whether the database is used.'),
    dataSource: str('Data source in the database URL format (for example a mysql or postgres URL).'),
    identityProvider: str('Provider used to generate temporary auth tokens (for example cloud database IAM auth).'),
    keyFile: str('Key file for the database.'),
    certFile: str('Certificate file for the database.'),
    caFile: str('CA file for the database.'),
    extraArgs: strArray('Extra arguments for the key-value shim.'),
  },
  [],
  'Database',
);

export const configStatusSchema: JsonSchema = obj(
  'The parsed platform configuration.',
  {
    auth: authSchema,
    oidc: oidcServerSchema,
    apps: appsSchema,
    audit: auditSchema,
    platformHost: str('Domain where the platform is hosted, without scheme.'),
    projectNamespacePrefix: str('Prefix of project namespaces.', 'p-'),
    devPodSubDomain: str('Deprecated. Subdomain of the form `*.workspace.my-domain.com`.'),
    uiSettings: uiSettingsSchema,
    vault: vaultSchema,
    disableConfigEndpoint: bool('Disables setting config via the UI and via the Config endpoint.'),
    authenticateVersionEndpoint: bool(
      'Forces authentication for the version endpoint. Needs the cluster-virtualization component v0.27 or later.',
    ),
    cloud: cloudSchema,
    costControl: costControlSchema,
    platformDB: obj(
      'Postgres database used by the platform.',
      { storageClass },
      [],
      'PlatformDB',
    ),
    imageBuilder: obj(
      'Remote image builder.',
      {
        enabled: bool(
          'Whether the remote image builder is available. When unavailable, building ad-hoc images from a devcontainer file is unsupported.',
        ),
        replicas: int('Number of replicas.'),
        resources: resourceRequirementsSchema,
      },
      [],
      'ImageBuilder',
    ),
    database: databaseSchema,
  },
  [],
  'ConfigStatus',
);

/** The whole `Config` document. */
export const configSchema: JsonSchema = obj(
  'The platform configuration. Its content is in status; spec.raw holds the raw config.',
  {
    ...typeMetaProperties,
    metadata: objectMetaSchema,
    spec: obj('Raw config.', { raw: str('The raw config (YAML text).') }, [], 'ConfigSpec'),
    status: configStatusSchema,
  },
);
