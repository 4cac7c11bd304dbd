import { describe, expect, it } from 'vitest';
import { generateTypes } from '../../src/build/generate-types.js';
import { configSchema, schemas, userSchema, type JsonSchema } from '../../src/schema/index.js';
import { newAjv, read, schemaAt } from './helpers.js';

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

describe('derived TypeScript types', () => {
  it('types.generated.ts is up to date with the schemas', async () => {
    const before = JSON.stringify(schemas);
    const generated = await generateTypes();
    expect(JSON.stringify(schemas), 'generateTypes must not mutate the schemas').toBe(before);
    const committed = read('src/schema/types.generated.ts');
    // On failure: npm run build && node dist/src/build/generate-types.js
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
