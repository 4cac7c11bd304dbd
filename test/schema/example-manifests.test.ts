import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { configStatusSchema } from '../../src/schema/config.js';
import { configSchema, objectMetaSchema, userSchema, type JsonSchema } from '../../src/schema/index.js';
import { documentValidators, loadOne, newAjv, summarize } from './helpers.js';
import { SERVER_OWNED_METADATA } from '../../src/platform/server-fields.js';

const { User: validateUser, Config: validateConfig } = documentValidators();

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

  /** Set by the server, or not for a named, cluster-scoped object (namespace, generateName): no example sets them. */
  const UNSET_METADATA: string[] = ['generateName', 'namespace', ...SERVER_OWNED_METADATA];

  it('maximal-user.yaml sets every spec field', () => {
    const doc = loadOne('fixtures/examples/maximal-user.yaml');
    const unset = unsetFields(userSchema, doc, 'User');
    // Server-set metadata belongs to exported-user.yaml.
    expect(unset.sort()).toEqual(UNSET_METADATA.map((f) => `User.metadata.${f}`).sort());
  });

  it('maximal-config.yaml sets every status field', () => {
    const doc = loadOne('fixtures/examples/maximal-config.yaml');
    const unset = unsetFields(configSchema, doc, 'Config');
    const expected = [
      ...[...UNSET_METADATA, 'ownerReferences', 'finalizers'].map((f) => `Config.metadata.${f}`),
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
