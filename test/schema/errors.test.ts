import type { ErrorObject, ValidateFunction } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentValidators, loadOne } from './helpers.js';

const { User: validateUser, Config: validateConfig } = documentValidators();

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
    const doc = structuredClone(base());
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
