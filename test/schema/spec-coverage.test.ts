import { describe, expect, it } from 'vitest';
import { configSchema, userSchema, type JsonSchema } from '../../src/schema/index.js';
import { schemaAt } from './helpers.js';

describe('spec coverage', () => {
  // Every table of the spec, as [document, parent path, the table's fields]. The schema object at the parent path
  // must have exactly these properties, so a field missing from the schema (or one the spec does not define)
  // fails here.
  const AUTH_PROVIDERS = ['oidc', 'gitForgeA', 'gitForgeB', 'webIdentityA', 'webIdentityB', 'saml'];
  const OIDC = [
    'issuerUrl', 'clientId', 'clientSecret', 'redirectURI', 'postLogoutRedirectURI', 'caFile', 'insecureCa',
    'preferredUsername', 'platformUsernameClaim', 'usernameClaim', 'emailClaim', 'allowedExtraClaims',
    'usernamePrefix', 'groupsClaim', 'groups', 'scopes', 'getUserInfo', 'groupsPrefix', 'type', 'resource',
  ];
  const PROVIDER_FIELDS: Record<string, string[]> = {
    oidc: OIDC,
    gitForgeA: ['clientId', 'clientSecret', 'redirectURI', 'orgs', 'hostName', 'rootCA'],
    gitForgeB: ['clientId', 'clientSecret', 'redirectURI', 'baseURL', 'groups'],
    webIdentityA: ['clientId', 'clientSecret', 'redirectURI', 'scopes', 'hostedDomains', 'groups', 'serviceAccountFilePath', 'adminEmail'],
    webIdentityB: ['clientId', 'clientSecret', 'redirectURI', 'tenant', 'groups', 'onlySecurityGroups', 'useGroupsAsWhitelist'],
    saml: [
      'redirectURI', 'ssoURL', 'caData', 'ca', 'insecureSkipSignatureValidation', 'usernameAttr', 'emailAttr',
      'groupsAttr', 'entityIssuer', 'ssoIssuer', 'groupsDelim', 'allowedGroups', 'filterGroups', 'nameIDPolicyFormat',
    ],
  };
  const METADATA = [
    'name', 'generateName', 'namespace', 'selfLink', 'uid', 'resourceVersion', 'generation', 'creationTimestamp',
    'deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'ownerReferences', 'finalizers',
    'managedFields',
  ];
  const METRICS = ['replicas', 'resources', 'retention', 'storage'];
  const RESOURCES = ['limits', 'requests', 'claims'];
  const PRICE = ['price', 'timePeriod'];
  const TABLES: [JsonSchema, string, string[]][] = [
    // Common metadata
    [userSchema, '', ['apiVersion', 'kind', 'metadata', 'spec', 'status']],
    [configSchema, '', ['apiVersion', 'kind', 'metadata', 'spec', 'status']],
    [userSchema, 'metadata', METADATA],
    [configSchema, 'metadata', METADATA],
    [userSchema, 'metadata.ownerReferences[]', ['apiVersion', 'kind', 'name', 'uid', 'controller', 'blockOwnerDeletion']],
    [userSchema, 'metadata.managedFields[]', ['manager', 'operation', 'apiVersion', 'time', 'fieldsType', 'fieldsV1', 'subresource']],
    // User
    [
      userSchema,
      'spec',
      [
        'displayName', 'description', 'owner', 'username', 'icon', 'email', 'subject', 'groups', 'ssoGroups',
        'passwordRef', 'codesRef', 'imagePullSecrets', 'tokenGeneration', 'disabled', 'clusterRoles', 'access',
        'extraClaims',
      ],
    ],
    [userSchema, 'spec.owner', ['user', 'team']],
    [userSchema, 'spec.passwordRef', ['secretName', 'secretNamespace', 'key']],
    [userSchema, 'spec.codesRef', ['secretName', 'secretNamespace', 'key']],
    [userSchema, 'spec.imagePullSecrets[]', ['apiGroup', 'kind', 'secretName', 'secretNamespace', 'key']],
    [userSchema, 'spec.clusterRoles[]', ['name']],
    [userSchema, 'spec.access[]', ['name', 'verbs', 'subresources', 'users', 'teams']],
    // Config
    [configSchema, 'spec', ['raw']],
    [
      configSchema,
      'status',
      [
        'auth', 'oidc', 'apps', 'audit', 'platformHost', 'projectNamespacePrefix', 'devPodSubDomain', 'uiSettings',
        'vault', 'disableConfigEndpoint', 'authenticateVersionEndpoint', 'cloud', 'costControl', 'platformDB',
        'imageBuilder', 'database',
      ],
    ],
    [
      configSchema,
      'status.auth',
      [
        ...AUTH_PROVIDERS, 'password', 'connectors', 'disableTeamCreation', 'disableUserCreation',
        'accessKeyMaxTTLSeconds', 'loginAccessKeyTTLSeconds', 'customHttpHeaders', 'groupsFilters',
      ],
    ],
    [configSchema, 'status.auth.password', ['disabled']],
    [configSchema, 'status.auth.connectors[]', ['id', 'displayName', ...AUTH_PROVIDERS]],
    ...AUTH_PROVIDERS.flatMap((p): [JsonSchema, string, string[]][] => [
      [configSchema, `status.auth.${p}`, PROVIDER_FIELDS[p] ?? []],
      [configSchema, `status.auth.connectors[].${p}`, PROVIDER_FIELDS[p] ?? []],
    ]),
    [configSchema, 'status.auth.gitForgeA.orgs[]', ['name', 'teams']],
    [configSchema, 'status.oidc', ['enabled', 'wildcardRedirect', 'clients']],
    [configSchema, 'status.oidc.clients[]', ['name', 'clientId', 'clientSecret', 'redirectURIs']],
    [configSchema, 'status.apps', ['noDefault', 'repositories', 'predefinedApps']],
    [configSchema, 'status.apps.repositories[]', ['name', 'url', 'username', 'password', 'insecure']],
    [
      configSchema,
      'status.apps.predefinedApps[]',
      ['chart', 'initialVersion', 'initialValues', 'clusters', 'title', 'iconUrl', 'readmeUrl'],
    ],
    [
      configSchema,
      'status.audit',
      [
        'enabled', 'disableAgentSyncBack', 'level', 'policy', 'dataStoreEndpoint', 'dataStoreTTL', 'path', 'maxAge',
        'maxBackups', 'maxSize', 'compress',
      ],
    ],
    [configSchema, 'status.audit.policy', ['rules', 'omitStages']],
    [
      configSchema,
      'status.audit.policy.rules[]',
      [
        'level', 'users', 'userGroups', 'verbs', 'resources', 'namespaces', 'nonResourceURLs', 'omitStages',
        'requestTargets', 'clusters',
      ],
    ],
    [configSchema, 'status.audit.policy.rules[].resources[]', ['group', 'resources', 'resourceNames']],
    [
      configSchema,
      'status.uiSettings',
      [
        'platformVersion', 'logoURL', 'faviconURL', 'smallLogoURL', 'logoBackgroundColor', 'primaryColor',
        'sidebarColor', 'accentColor', 'legalTemplate', 'customCss', 'customJavaScript', 'navBarButtons',
        'externalURLs',
      ],
    ],
    [configSchema, 'status.uiSettings.navBarButtons[]', ['position', 'text', 'link', 'icon']],
    [configSchema, 'status.uiSettings.externalURLs', ['block', 'allow']],
    [configSchema, 'status.vault', ['enabled', 'address', 'skipTLSVerify', 'namespace', 'auth', 'syncInterval']],
    [configSchema, 'status.vault.auth', ['token', 'tokenSecretRef']],
    [configSchema, 'status.vault.auth.tokenSecretRef', ['name', 'key', 'optional']],
    [configSchema, 'status.cloud', ['releaseChannel', 'maintenanceWindow']],
    [configSchema, 'status.cloud.maintenanceWindow', ['dayOfWeek', 'timeWindow']],
    [configSchema, 'status.costControl', ['enabled', 'global', 'cluster', 'settings']],
    [configSchema, 'status.costControl.global', ['metrics']],
    [configSchema, 'status.costControl.global.metrics', METRICS],
    [configSchema, 'status.costControl.global.metrics.storage', ['storageClass', 'size']],
    [configSchema, 'status.costControl.global.metrics.resources', RESOURCES],
    [configSchema, 'status.costControl.cluster', ['metrics', 'opencost']],
    [configSchema, 'status.costControl.cluster.metrics', METRICS],
    [configSchema, 'status.costControl.cluster.opencost', ['replicas', 'resources']],
    [configSchema, 'status.costControl.cluster.opencost.resources', RESOURCES],
    [configSchema, 'status.costControl.cluster.opencost.resources.claims[]', ['name', 'request']],
    [
      configSchema,
      'status.costControl.settings',
      ['priceCurrency', 'averageCPUPricePerNode', 'averageRAMPricePerNode', 'controlPlanePricePerCluster', 'gpuSettings'],
    ],
    [configSchema, 'status.costControl.settings.averageCPUPricePerNode', PRICE],
    [configSchema, 'status.costControl.settings.averageRAMPricePerNode', PRICE],
    [configSchema, 'status.costControl.settings.controlPlanePricePerCluster', PRICE],
    [configSchema, 'status.costControl.settings.gpuSettings', ['enabled', 'averageGPUPrice']],
    [configSchema, 'status.costControl.settings.gpuSettings.averageGPUPrice', PRICE],
    [configSchema, 'status.platformDB', ['storageClass']],
    [configSchema, 'status.imageBuilder', ['enabled', 'replicas', 'resources']],
    [configSchema, 'status.imageBuilder.resources', RESOURCES],
    [
      configSchema,
      'status.database',
      ['enabled', 'dataSource', 'identityProvider', 'keyFile', 'certFile', 'caFile', 'extraArgs'],
    ],
  ];

  it.each(TABLES.map(([schema, path, fields]) => [schema === userSchema ? 'User' : 'Config', path, schema, fields] as const))(
    '%s %s has exactly the spec fields',
    (_kind, path, schema, fields) => {
      const node = path === '' ? schema : schemaAt(schema, path);
      expect(node, path).toBeDefined();
      expect(node?.type).toBe('object');
      expect(Object.keys(node?.properties ?? {}).sort()).toEqual([...fields].sort());
    },
  );

  it('deep paths exist', () => {
    const paths: [JsonSchema, string, string][] = [
      [configSchema, 'status.auth.connectors[].webIdentityB.useGroupsAsWhitelist', 'boolean'],
      [configSchema, 'status.costControl.settings.gpuSettings.averageGPUPrice.timePeriod', 'string'],
      [configSchema, 'status.costControl.settings.controlPlanePricePerCluster.price', 'number'],
      [configSchema, 'status.audit.policy.rules[].resources[].resourceNames', 'array'],
      [configSchema, 'status.audit.policy.rules[].omitStages[]', 'string'],
      [configSchema, 'status.auth.gitForgeA.orgs[].teams[]', 'string'],
      [configSchema, 'status.auth.connectors[].saml.nameIDPolicyFormat', 'string'],
      [configSchema, 'status.vault.auth.tokenSecretRef.optional', 'boolean'],
      [configSchema, 'status.costControl.cluster.metrics.storage.storageClass', 'string'],
      [configSchema, 'status.imageBuilder.resources.claims[].request', 'string'],
      [configSchema, 'status.audit.level', 'integer'],
      [configSchema, 'status.auth.accessKeyMaxTTLSeconds', 'integer'],
      [configSchema, 'status.apps.predefinedApps[].initialValues', 'string'],
      [userSchema, 'metadata.managedFields[].subresource', 'string'],
      [userSchema, 'metadata.managedFields[].fieldsV1', 'object'],
      [userSchema, 'metadata.generation', 'integer'],
      [userSchema, 'metadata.deletionGracePeriodSeconds', 'integer'],
      [userSchema, 'spec.tokenGeneration', 'integer'],
      [userSchema, 'spec.extraClaims', 'object'],
      [userSchema, 'spec.access[].teams[]', 'string'],
    ];
    for (const [schema, path, type] of paths) expect(schemaAt(schema, path)?.type, path).toBe(type);
  });

  it('enums have exactly the spec values', () => {
    expect(schemaAt(configSchema, 'status.audit.policy.rules[].level')?.enum).toEqual(['None', 'Metadata', 'Request', 'RequestResponse']);
    const stages = ['RequestReceived', 'ResponseStarted', 'ResponseComplete', 'Panic'];
    expect(schemaAt(configSchema, 'status.audit.policy.omitStages[]')?.enum).toEqual(stages);
    expect(schemaAt(configSchema, 'status.audit.policy.rules[].omitStages[]')?.enum).toEqual(stages);
    expect(schemaAt(configSchema, 'status.uiSettings.navBarButtons[].position')?.enum).toEqual(['TopStart', 'TopEnd', 'BottomStart', 'BottomEnd']);
    expect(schemaAt(userSchema, 'metadata.managedFields[].operation')?.enum).toEqual(['Apply', 'Update']);
    expect(schemaAt(userSchema, 'metadata.managedFields[].fieldsType')?.enum).toEqual(['FieldsV1']);
    expect(schemaAt(configSchema, 'status.audit.policy.rules[].requestTargets[]')?.enum).toBeUndefined();
  });
});
