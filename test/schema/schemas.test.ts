import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parseAllDocuments } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { configStatusSchema } from '../../src/schema/config.js';
import { generateTypes } from '../../src/schema/generate-types.js';
import { configSchema, objectMetaSchema, schemas, userSchema, type JsonSchema } from '../../src/schema/index.js';

// ajv-formats is CommonJS: under NodeNext its default import is the module object, whose `default` is the plugin.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv,
) => Ajv;

function newAjv(): Ajv {
  const ajv = new Ajv({ strict: true, allErrors: true });
  addFormats(ajv);
  return ajv;
}

const root = new URL('../../', import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, root), 'utf8');

/** Parses a YAML file as the platform does (YAML 1.1) and returns its documents as plain data. */
function loadDocuments(path: string): unknown[] {
  const docs = parseAllDocuments(read(path), { version: '1.1' });
  if (!Array.isArray(docs)) throw new Error(`${path}: not a YAML stream`);
  return docs.map((doc) => {
    expect(doc.errors, `${path}: YAML errors`).toEqual([]);
    expect(doc.warnings, `${path}: YAML warnings`).toEqual([]);
    return doc.toJS() as unknown;
  });
}

function loadOne(path: string): Record<string, unknown> {
  const [doc, ...rest] = loadDocuments(path);
  expect(rest).toHaveLength(0);
  expect(typeof doc === 'object' && doc !== null && !Array.isArray(doc)).toBe(true);
  return doc as Record<string, unknown>;
}

function summarize(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.keyword} ${JSON.stringify(e.params)}`);
}

/** Walks a dotted data path (`a.b[].c`, `[]` = array items) through properties/items; undefined when absent. */
function schemaAt(schema: JsonSchema, path: string): JsonSchema | undefined {
  let node: JsonSchema | undefined = schema;
  for (const part of path.split('.')) {
    if (node === undefined) return undefined;
    const match = /^([^[\]]+)((?:\[\])*)$/.exec(part);
    if (!match) throw new Error(`bad path segment ${part}`);
    const name = match[1] ?? '';
    node = node.properties?.[name];
    for (let i = 0; i < (match[2] ?? '').length / 2; i++) node = node?.items;
  }
  return node;
}

const clone = <T>(value: T): T => structuredClone(value);

let validateUser: ValidateFunction;
let validateConfig: ValidateFunction;

beforeAll(() => {
  const ajv = newAjv();
  validateUser = ajv.compile(schemas.User);
  validateConfig = ajv.compile(schemas.Config);
});

describe('schemas compile', () => {
  it('compiles both document schemas with ajv strict mode', () => {
    expect(() => newAjv().compile(userSchema)).not.toThrow();
    expect(() => newAjv().compile(configSchema)).not.toThrow();
    expect(schemas.User).toBe(userSchema);
    expect(schemas.Config).toBe(configSchema);
  });

  it('uses only structural keywords: no combinators, patterns, formats or bounds', () => {
    const allowed = new Set([
      'type',
      'properties',
      'required',
      'items',
      'enum',
      'additionalProperties',
      'description',
      'default',
      'title',
    ]);
    const walk = (schema: JsonSchema, path: string): void => {
      for (const key of Object.keys(schema)) expect(allowed.has(key), `${path}: keyword ${key}`).toBe(true);
      expect(schema.$schema, path).toBeUndefined();
      for (const [name, child] of Object.entries(schema.properties ?? {})) walk(child, `${path}.${name}`);
      if (schema.items) walk(schema.items, `${path}[]`);
      if (typeof schema.additionalProperties === 'object') walk(schema.additionalProperties, `${path}{}`);
    };
    walk(userSchema, 'User');
    walk(configSchema, 'Config');
  });

  it('closes every object except the open maps', () => {
    const open = new Set([
      'User.metadata.labels',
      'User.metadata.annotations',
      'User.metadata.managedFields[].fieldsV1',
      'User.spec.extraClaims',
      'User.status',
      'Config.metadata.labels',
      'Config.metadata.annotations',
      'Config.metadata.managedFields[].fieldsV1',
      'Config.status.auth.customHttpHeaders',
    ]);
    const openMaps: string[] = [];
    const walk = (schema: JsonSchema, path: string): void => {
      if (schema.type === 'object') {
        if (/\.resources\.(limits|requests)$/.test(path)) {
          expect(schema.additionalProperties, path).toEqual({});
        } else if (open.has(path)) {
          openMaps.push(path);
          expect(schema.additionalProperties, path).not.toBe(false);
          expect(schema.properties, path).toBeUndefined();
        } else {
          expect(schema.additionalProperties, `${path} must be closed`).toBe(false);
        }
      }
      for (const [name, child] of Object.entries(schema.properties ?? {})) walk(child, `${path}.${name}`);
      if (schema.items) walk(schema.items, `${path}[]`);
    };
    walk(userSchema, 'User');
    walk(configSchema, 'Config');
    expect(openMaps.sort()).toEqual([...open].sort());
  });

  it('gives every field a description', () => {
    const walk = (schema: JsonSchema, path: string): void => {
      for (const [name, child] of Object.entries(schema.properties ?? {})) {
        expect(child.description, `${path}.${name}`).toBeTruthy();
        walk(child, `${path}.${name}`);
      }
      if (schema.items) walk(schema.items, `${path}[]`);
    };
    walk(userSchema, 'User');
    walk(configSchema, 'Config');
  });

  it('keeps the validated schemas free of $schema, $id and title (the editor export adds them)', () => {
    for (const name of ['User', 'Config'] as const) {
      expect(schemas[name].$schema).toBeUndefined();
      expect(schemas[name].$id).toBeUndefined();
      expect(schemas[name].title).toBeUndefined();
    }
  });

  it('carries the spec defaults', () => {
    const defaults: [JsonSchema, string, unknown][] = [
      [configSchema, 'status.projectNamespacePrefix', 'p-'],
      [configSchema, 'status.audit.maxSize', 100],
      [configSchema, 'status.audit.compress', false],
      [configSchema, 'status.vault.syncInterval', '1m'],
      [configSchema, 'status.costControl.global.metrics.retention', '1y'],
      [configSchema, 'status.costControl.cluster.metrics.retention', '1y'],
      [configSchema, 'status.uiSettings.navBarButtons[].position', 'BottomEnd'],
      [configSchema, 'status.auth.webIdentityB.tenant', 'common'],
      [configSchema, 'status.auth.connectors[].webIdentityB.tenant', 'common'],
      [configSchema, 'status.auth.disableTeamCreation', false],
      [configSchema, 'status.auth.disableUserCreation', false],
      [configSchema, 'status.auth.loginAccessKeyTTLSeconds', 1728000],
      [configSchema, 'status.auth.oidc.scopes', ['email', 'profile']],
      [configSchema, 'status.auth.webIdentityA.scopes', ['profile', 'email']],
      [configSchema, 'status.auth.saml.nameIDPolicyFormat', 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent'],
      [userSchema, 'metadata.ownerReferences[].blockOwnerDeletion', false],
    ];
    for (const [schema, path, value] of defaults) expect(schemaAt(schema, path)?.default, path).toEqual(value);
  });

  it('marks deprecated fields in their description', () => {
    for (const [schema, path] of [
      [configSchema, 'status.oidc'],
      [configSchema, 'status.devPodSubDomain'],
      [userSchema, 'metadata.selfLink'],
    ] as const) {
      expect(schemaAt(schema, path)?.description, path).toMatch(/^Deprecated\./);
    }
  });
});

describe('example manifests', () => {
  it('maximal-user.yaml is a valid User', () => {
    const doc = loadOne('fixtures/examples/maximal-user.yaml');
    expect(doc.kind).toBe('User');
    expect(validateUser(doc), summarize(validateUser.errors).join('\n')).toBe(true);
  });

  it('exported-user.yaml is a valid User', () => {
    const doc = loadOne('fixtures/examples/exported-user.yaml');
    expect(doc.kind).toBe('User');
    expect(validateUser(doc), summarize(validateUser.errors).join('\n')).toBe(true);
  });

  it('maximal-config.yaml is a valid Config, and so is its spec.raw', () => {
    const doc = loadOne('fixtures/examples/maximal-config.yaml');
    expect(doc.kind).toBe('Config');
    expect(validateConfig(doc), summarize(validateConfig.errors).join('\n')).toBe(true);
    const raw = (doc.spec as { raw?: unknown } | undefined)?.raw;
    expect(typeof raw).toBe('string');
    const validateStatus = newAjv().compile(configStatusSchema);
    const [rawDoc] = parseAllDocuments(raw as string, { version: '1.1' }) as unknown as { toJS(): unknown }[];
    expect(validateStatus(rawDoc?.toJS()), summarize(validateStatus.errors).join('\n')).toBe(true);
  });

  /**
   * The fields an example never sets, as `path.field` (first path where the schema object occurs). A shared schema
   * object (a provider reused in connectors, the resources object) counts as covered when any occurrence sets the
   * field; an array's items are covered by their union.
   */
  function unsetFields(schema: JsonSchema, data: unknown, path: string): string[] {
    const seen = new Map<JsonSchema, { path: string; set: Set<string> }>();
    const visit = (node: JsonSchema, value: unknown, at: string): void => {
      if (value === undefined || value === null) return;
      if (node.type === 'array' && node.items && Array.isArray(value)) {
        for (const item of value) visit(node.items, item, `${at}[]`);
        return;
      }
      if (node.type !== 'object' || !node.properties || typeof value !== 'object') return;
      let entry = seen.get(node);
      if (!entry) seen.set(node, (entry = { path: at, set: new Set() }));
      for (const [name, child] of Object.entries(node.properties)) {
        const fieldValue = (value as Record<string, unknown>)[name];
        if (fieldValue === undefined) continue;
        entry.set.add(name);
        visit(child, fieldValue, `${at}.${name}`);
      }
    };
    visit(schema, data, path);
    const unset: string[] = [];
    for (const [node, { path: at, set }] of seen) {
      for (const name of Object.keys(node.properties ?? {})) if (!set.has(name)) unset.push(`${at}.${name}`);
    }
    return unset.sort();
  }

  it('maximal-user.yaml sets every spec field', () => {
    const doc = loadOne('fixtures/examples/maximal-user.yaml');
    const unset = unsetFields(userSchema, doc, 'User');
    // Server-set metadata belongs to exported-user.yaml; namespace and generateName do not apply to a named,
    // cluster-scoped User.
    const serverSet = [
      'generateName',
      'namespace',
      'selfLink',
      'uid',
      'resourceVersion',
      'generation',
      'creationTimestamp',
      'deletionTimestamp',
      'deletionGracePeriodSeconds',
      'managedFields',
    ].map((f) => `User.metadata.${f}`);
    expect(unset.sort()).toEqual(serverSet.sort());
  });

  it('maximal-config.yaml sets every status field', () => {
    const doc = loadOne('fixtures/examples/maximal-config.yaml');
    const unset = unsetFields(configSchema, doc, 'Config');
    const expected = [
      // Server-set or not applicable metadata.
      ...[
        'generateName',
        'namespace',
        'selfLink',
        'uid',
        'resourceVersion',
        'generation',
        'creationTimestamp',
        'deletionTimestamp',
        'deletionGracePeriodSeconds',
        'ownerReferences',
        'finalizers',
        'managedFields',
      ].map((f) => `Config.metadata.${f}`),
      // `level` cannot be used together with a policy (audit/level-or-policy).
      'Config.status.audit.level',
    ];
    expect(unset.sort()).toEqual(expected.sort());
  });

  it('exported-user.yaml carries every managedFields field', () => {
    const doc = loadOne('fixtures/examples/exported-user.yaml');
    const metadata = doc.metadata as Record<string, unknown>;
    for (const field of ['uid', 'resourceVersion', 'generation', 'creationTimestamp', 'managedFields']) {
      expect(metadata[field], field).toBeDefined();
    }
    expect(metadata.selfLink).toBeUndefined();
    expect(unsetFields(objectMetaSchema.properties?.managedFields ?? {}, metadata.managedFields, 'managedFields')).toEqual([]);
  });
});

describe('schema errors', () => {
  let config: Record<string, unknown>;
  let user: Record<string, unknown>;
  beforeAll(() => {
    config = loadOne('fixtures/examples/maximal-config.yaml');
    user = loadOne('fixtures/examples/maximal-user.yaml');
  });

  /** Applies `mutate` to a copy of the example and returns the errors as `path keyword params`. */
  function errorsOf(
    validate: () => ValidateFunction,
    base: () => Record<string, unknown>,
    mutate: (doc: any) => void, // eslint-disable-line @typescript-eslint/no-explicit-any
  ): ErrorObject[] {
    const doc = clone(base());
    mutate(doc);
    const fn = validate();
    return fn(doc) ? [] : [...(fn.errors ?? [])];
  }
  const configErrors = (mutate: (doc: any) => void) => errorsOf(() => validateConfig, () => config, mutate); // eslint-disable-line @typescript-eslint/no-explicit-any
  const userErrors = (mutate: (doc: any) => void) => errorsOf(() => validateUser, () => user, mutate); // eslint-disable-line @typescript-eslint/no-explicit-any

  it('an unknown key is additionalProperties', () => {
    const errors = configErrors((d) => {
      d.status.auth.oidc.redirectUri = 'https://platform.example.com/auth/oidc/callback';
    });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      keyword: 'additionalProperties',
      instancePath: '/status/auth/oidc',
      params: { additionalProperty: 'redirectUri' },
    });
  });

  it('unknown keys in connectors, metadata and User spec are additionalProperties too', () => {
    expect(configErrors((d) => (d.status.auth.connectors[0].oidc.clientID = 'x'))[0]).toMatchObject({
      keyword: 'additionalProperties',
      instancePath: '/status/auth/connectors/0/oidc',
      params: { additionalProperty: 'clientID' },
    });
    expect(configErrors((d) => (d.status.auth.webIdentityA.hostedDomain = ['example.com']))[0]).toMatchObject({
      keyword: 'additionalProperties',
      params: { additionalProperty: 'hostedDomain' },
    });
    expect(userErrors((d) => (d.metadata.label = {}))[0]).toMatchObject({ keyword: 'additionalProperties' });
    expect(userErrors((d) => (d.spec.emails = []))[0]).toMatchObject({ keyword: 'additionalProperties' });
    expect(configErrors((d) => (d.status.platformHOST = 'x'))[0]).toMatchObject({ instancePath: '/status' });
  });

  it('open maps accept any key', () => {
    expect(userErrors((d) => (d.spec.extraClaims = { nested: { any: [1, true, null] } }))).toEqual([]);
    expect(userErrors((d) => (d.status = { phase: 'Ready', conditions: [] }))).toEqual([]);
    expect(userErrors((d) => (d.metadata.labels['example.com/anything'] = 'ok'))).toEqual([]);
    expect(configErrors((d) => (d.status.auth.customHttpHeaders['X-Anything'] = 'ok'))).toEqual([]);
  });

  it('a string for tokenGeneration is type', () => {
    const errors = userErrors((d) => (d.spec.tokenGeneration = '3'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ keyword: 'type', instancePath: '/spec/tokenGeneration', params: { type: 'integer' } });
  });

  it('other wrong types are type', () => {
    expect(userErrors((d) => (d.spec.groups = 'sre'))[0]).toMatchObject({ keyword: 'type', params: { type: 'array' } });
    expect(userErrors((d) => (d.metadata.labels.team = 5))[0]).toMatchObject({ keyword: 'type', params: { type: 'string' } });
    expect(configErrors((d) => (d.status.audit.level = 'Metadata'))[0]).toMatchObject({
      keyword: 'type',
      instancePath: '/status/audit/level',
      params: { type: 'integer' },
    });
    expect(configErrors((d) => (d.status.costControl.settings.averageCPUPricePerNode.price = '31'))[0]).toMatchObject({
      keyword: 'type',
      params: { type: 'number' },
    });
    expect(configErrors((d) => (d.status.apps.predefinedApps[0].initialValues = { replicaCount: 1 }))[0]).toMatchObject({
      keyword: 'type',
      params: { type: 'string' },
    });
  });

  it('resource quantities may be strings or numbers', () => {
    expect(
      configErrors((d) => {
        d.status.imageBuilder.resources.limits = { cpu: 2, memory: '4Gi', 'nvidia.com/gpu': 1 };
        d.status.imageBuilder.resources.requests = { cpu: '500m', memory: 1073741824 };
      }),
    ).toEqual([]);
  });

  it('a missing redirectURI in top-level gitForgeA is required', () => {
    const errors = configErrors((d) => delete d.status.auth.gitForgeA.redirectURI);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      keyword: 'required',
      instancePath: '/status/auth/gitForgeA',
      params: { missingProperty: 'redirectURI' },
    });
  });

  it('clientId/clientSecret: required in top-level oidc, optional in a connector oidc', () => {
    expect(configErrors((d) => delete d.status.auth.oidc.clientId)[0]).toMatchObject({
      keyword: 'required',
      instancePath: '/status/auth/oidc',
      params: { missingProperty: 'clientId' },
    });
    expect(
      configErrors((d) => {
        delete d.status.auth.connectors[0].oidc.clientId;
        delete d.status.auth.connectors[0].oidc.clientSecret;
      }),
    ).toEqual([]);
  });

  it('gitForgeA clientId is optional everywhere; clientSecret and redirectURI stay required in a connector', () => {
    expect(
      configErrors((d) => {
        delete d.status.auth.gitForgeA.clientId;
        delete d.status.auth.connectors[1].gitForgeA.clientId;
      }),
    ).toEqual([]);
    const errors = configErrors((d) => delete d.status.auth.connectors[1].gitForgeA.clientSecret);
    expect(errors[0]).toMatchObject({
      keyword: 'required',
      instancePath: '/status/auth/connectors/1/gitForgeA',
      params: { missingProperty: 'clientSecret' },
    });
  });

  it('gitForgeB, webIdentityA, webIdentityB require clientId, clientSecret, redirectURI', () => {
    for (const provider of ['gitForgeB', 'webIdentityA', 'webIdentityB']) {
      const errors = configErrors((d) => {
        d.status.auth[provider] = {};
      });
      expect(errors.map((e) => `${e.keyword}:${String(e.params.missingProperty)}`).sort(), provider).toEqual([
        'required:clientId',
        'required:clientSecret',
        'required:redirectURI',
      ]);
    }
  });

  it('saml has no required fields in the schema (a rule checks them)', () => {
    expect(configErrors((d) => (d.status.auth.saml = {}))).toEqual([]);
    expect(configErrors((d) => (d.status.auth.connectors[5].saml = {}))).toEqual([]);
  });

  it('the other required fields', () => {
    const cases: [string, () => ErrorObject[], string, string][] = [
      ['access[].verbs', () => userErrors((d) => delete d.spec.access[0].verbs), '/spec/access/0', 'verbs'],
      ['ownerReferences[].uid', () => userErrors((d) => delete d.metadata.ownerReferences[0].uid), '/metadata/ownerReferences/0', 'uid'],
      ['audit rules[].level', () => configErrors((d) => delete d.status.audit.policy.rules[0].level), '/status/audit/policy/rules/0', 'level'],
      ['oidc.clients[].redirectURIs', () => configErrors((d) => delete d.status.oidc.clients[0].redirectURIs), '/status/oidc/clients/0', 'redirectURIs'],
      ['vault tokenSecretRef.key', () => configErrors((d) => delete d.status.vault.auth.tokenSecretRef.key), '/status/vault/auth/tokenSecretRef', 'key'],
      ['resources.claims[].name', () => configErrors((d) => delete d.status.imageBuilder.resources.claims[0].name), '/status/imageBuilder/resources/claims/0', 'name'],
    ];
    for (const [label, run, instancePath, missingProperty] of cases) {
      const errors = run();
      expect(errors, label).toHaveLength(1);
      expect(errors[0], label).toMatchObject({ keyword: 'required', instancePath, params: { missingProperty } });
    }
  });

  it('enums', () => {
    const cases: [string, () => ErrorObject[], string][] = [
      ['audit level', () => configErrors((d) => (d.status.audit.policy.rules[2].level = 'metadata')), '/status/audit/policy/rules/2/level'],
      ['policy omitStages', () => configErrors((d) => (d.status.audit.policy.omitStages = ['RequestRecieved'])), '/status/audit/policy/omitStages/0'],
      ['rule omitStages', () => configErrors((d) => (d.status.audit.policy.rules[4].omitStages = ['Done'])), '/status/audit/policy/rules/4/omitStages/0'],
      ['navBar position', () => configErrors((d) => (d.status.uiSettings.navBarButtons[0].position = 'Top')), '/status/uiSettings/navBarButtons/0/position'],
      ['managedFields operation', () => userErrors((d) => (d.metadata.managedFields = [{ operation: 'Patch' }])), '/metadata/managedFields/0/operation'],
      ['managedFields fieldsType', () => userErrors((d) => (d.metadata.managedFields = [{ fieldsType: 'FieldsV2' }])), '/metadata/managedFields/0/fieldsType'],
    ];
    for (const [label, run, instancePath] of cases) {
      const errors = run();
      expect(errors, label).toHaveLength(1);
      expect(errors[0], label).toMatchObject({ keyword: 'enum', instancePath });
    }
  });

  it('requestTargets is not an enum (a rule warns instead)', () => {
    expect(configErrors((d) => (d.status.audit.policy.rules[3].requestTargets = ['Elsewhere']))).toEqual([]);
  });
});

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

describe('derived TypeScript types', () => {
  it('types.generated.ts is up to date with the schemas', async () => {
    const before = JSON.stringify(schemas);
    const generated = await generateTypes();
    expect(JSON.stringify(schemas), 'generateTypes must not mutate the schemas').toBe(before);
    const committed = read('src/schema/types.generated.ts');
    // On failure: npm run build && node dist/src/schema/generate-types.js
    expect(generated === committed, 'src/schema/types.generated.ts is out of date: regenerate it').toBe(true);
  });

  it('exports the document types and says it is generated', async () => {
    const committed = read('src/schema/types.generated.ts');
    expect(committed).toMatch(/^\/\* eslint-disable \*\/\n\/\*\*\n \* GENERATED FILE: do not edit by hand\./);
    expect(committed).toContain('export interface User {');
    expect(committed).toContain('export interface Config {');
    expect(committed).toContain('export type PlatformDocument = User | Config;');
    // Shared parts are declared once.
    expect(committed.match(/export interface ObjectMeta \{/g)).toHaveLength(1);
    expect(committed.match(/export interface ResourceRequirements \{/g)).toHaveLength(1);
    expect(committed).not.toMatch(/export interface \w+\d+ \{/);
  });
});
