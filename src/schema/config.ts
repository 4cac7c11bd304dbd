/** JSON Schema of a `Config` document (`management.platform/v1`): `spec.raw` and the parsed config in `status`. */
import {
  arr,
  bool,
  int,
  obj,
  objectMetaSchema,
  str,
  strArray,
  strEnum,
  typeMetaProperties,
  type JsonSchema,
} from './metadata.js';
import { authSchema } from './config-auth.js';
import { costControlSchema, resourceRequirementsSchema, storageClass } from './config-cost.js';
import type { ConfigSection } from '../platform/enumerations.js';

// ---------------------------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------------------------

export const AUDIT_LEVELS: readonly string[] = ['None', 'Metadata', 'Request', 'RequestResponse'];
export const AUDIT_STAGES: readonly string[] = ['RequestReceived', 'ResponseStarted', 'ResponseComplete', 'Panic'];
export const NAV_BAR_POSITIONS: readonly string[] = ['TopStart', 'TopEnd', 'BottomStart', 'BottomEnd'];

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

/** Every section of the configuration, no more, no fewer: the engine knows them by the list (CONFIG_SECTIONS). */
const configSections: Record<ConfigSection, JsonSchema> = {
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
};

export const configStatusSchema: JsonSchema = obj('The parsed platform configuration.', configSections, [], 'ConfigStatus');

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
